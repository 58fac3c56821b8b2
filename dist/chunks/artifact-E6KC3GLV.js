import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  DefaultArtifactClient
} from "./chunk-S4376Y6N.js";
import "./chunk-25QZ7N7I.js";
import "./chunk-PR2PMPB7.js";
import "./chunk-WVXM2HNW.js";
import {
  errorMessage
} from "./chunk-76DRRFYG.js";
import "./chunk-5XWL5JNG.js";

// src/report/artifact.ts
import * as path from "node:path";
async function uploadProfileArtifact(name, profilePath, warn) {
  if (!process.env.ACTIONS_RUNTIME_TOKEN || !process.env.ACTIONS_RESULTS_URL) {
    warn(
      `The profile was not uploaded as artifact '${name}': the artifact service is not available to this step (no ACTIONS_RUNTIME_TOKEN / ACTIONS_RESULTS_URL). It is at ${profilePath}.`
    );
    return null;
  }
  try {
    const client = new DefaultArtifactClient();
    const { id } = await client.uploadArtifact(name, [profilePath], path.dirname(profilePath), { retentionDays: 30 });
    return id ?? null;
  } catch (error) {
    warn(`The profile was not uploaded as artifact '${name}': ${errorMessage(error)}. It is at ${profilePath}.`);
    return null;
  }
}
export {
  uploadProfileArtifact
};
