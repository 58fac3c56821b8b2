/** Downloads the profile artifacts of this workflow run whose names match a pattern (an IO edge). */
import { mkdirSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { DefaultArtifactClient } from '@actions/artifact';
import type { LabelledProfile } from './compare.js';
import { globToRegExp } from './glob.js';
import { readProfileFile } from '../profile/read-profile.js';
import { errorMessage } from '../util/errors.js';

export interface Collected {
  profiles: LabelledProfile[];
  /** Artifacts that matched but could not be used, each with the reason. */
  problems: string[];
  matched: number;
}

export async function collectProfileArtifacts(pattern: string, downloadDir: string): Promise<Collected> {
  const client = new DefaultArtifactClient();
  const { artifacts } = await client.listArtifacts({ latest: true });
  const match = globToRegExp(pattern);
  const matching = artifacts.filter((a) => match.test(a.name));
  const profiles: LabelledProfile[] = [];
  const problems: string[] = [];
  for (const artifact of matching) {
    const dir = path.join(downloadDir, String(artifact.id));
    mkdirSync(dir, { recursive: true });
    try {
      await client.downloadArtifact(artifact.id, { path: dir });
    } catch (error) {
      problems.push(`artifact '${artifact.name}' could not be downloaded: ${errorMessage(error)}`);
      continue;
    }
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    if (files.length === 0) problems.push(`artifact '${artifact.name}' holds no profile JSON`);
    for (const file of files) {
      try {
        profiles.push({ source: `${artifact.name}/${file}`, profile: readProfileFile(path.join(dir, file)) });
      } catch (error) {
        problems.push(`artifact '${artifact.name}': ${errorMessage(error)}`);
      }
    }
  }
  return { profiles, problems, matched: matching.length };
}
