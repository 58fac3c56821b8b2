/** The action in `mode: compare`: the matrix's profile artifacts into one ranked step summary and outputs. */
import * as core from '@actions/core';
import { mkdtempSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import type { CompareConfig } from '../config/config.js';
import { collectProfileArtifacts } from './collect-artifacts.js';
import { compareProfiles, comparisonJson } from './compare.js';
import { renderComparison } from './render-comparison.js';

export async function runCompareStep(config: CompareConfig): Promise<void> {
  const dir = mkdtempSync(path.join(config.runnerTemp, 'disk-profiler-compare-'));
  try {
    const { profiles, problems, matched } = await collectProfileArtifacts(config.artifactPattern, dir);
    if (matched === 0) {
      problems.push(
        `no artifact of this workflow run matches '${config.artifactPattern}' (artifact-pattern): does this job 'needs' the profiling jobs, and do they upload their profiles (upload-artifact: true)?`,
      );
    }
    for (const p of problems) core.warning(`compare: ${p}`);
    const comparison = compareProfiles(profiles, config.prices);
    await core.summary.addRaw(renderComparison(comparison, problems)).write();
    core.setOutput('recommended-runner', comparison.recommendation.pick ?? '');
    core.setOutput('fastest-runner', comparison.fastest.restore ?? '');
    core.setOutput('fastest-seq-write', comparison.fastest.seqWriteMiBps ?? '');
    core.setOutput('fastest-rand-write', comparison.fastest.randWriteIops ?? '');
    core.setOutput('fastest-seq-read', comparison.fastest.seqReadMiBps ?? '');
    core.setOutput('fastest-rand-read', comparison.fastest.randReadIops ?? '');
    core.setOutput('comparison-json', comparisonJson(comparison));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
