import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  DefaultArtifactClient
} from "./chunk-EKLUJ3XX.js";
import "./chunk-GVISMKTR.js";
import {
  errorMessage
} from "./chunk-76DRRFYG.js";
import "./chunk-ST25SE5S.js";
import "./chunk-7JQLLQYS.js";
import "./chunk-YM4LQKTN.js";
import "./chunk-HNY43QLL.js";
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
