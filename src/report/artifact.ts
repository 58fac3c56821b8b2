/** Uploads the profile JSON as a workflow artifact; an unavailable artifact service is a warning, not a failure. */
import * as path from 'node:path';
import { DefaultArtifactClient } from '@actions/artifact';
import { errorMessage } from '../util/errors.js';

export async function uploadProfileArtifact(name: string, profilePath: string, warn: (m: string) => void): Promise<number | null> {
  if (!process.env.ACTIONS_RUNTIME_TOKEN || !process.env.ACTIONS_RESULTS_URL) {
    warn(
      `The profile was not uploaded as artifact '${name}': the artifact service is not available to this step (no ACTIONS_RUNTIME_TOKEN / ACTIONS_RESULTS_URL). It is at ${profilePath}.`,
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
