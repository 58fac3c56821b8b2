/** The network's measured fix in one line: the archive fetched with more parallel requests against the toolkit's number. Pure. */
import type { ExperimentsResult } from '../experiment/types.js';
import { seconds } from '../util/format.js';
import { escapeHtml } from './markdown.js';

/** Differences under this share of the baseline fetch are within run-to-run noise. */
const NOISE_SHARE = 0.1;

export function networkFixLine(e: ExperimentsResult): string {
  const p = e.refetch?.parallel;
  if (!p) return '';
  if ('skipped' in p) return `- Network: not fetched again with more parallel requests (${escapeHtml(p.skipped)}).`;
  const saved = p.baselineDurationMs - p.durationMs;
  const verdict =
    Math.abs(saved) < NOISE_SHARE * p.baselineDurationMs
      ? 'no change beyond noise: more parallel requests do not help this path'
      : saved > 0
        ? `${seconds(saved)} saved: each connection is capped, so more parallel requests help (the toolkit's downloadConcurrency is not settable from actions/cache)`
        : `${seconds(-saved)} slower: more parallel requests only contend`;
  return `- Network: fetched again with ${p.concurrency} parallel requests in ${seconds(p.durationMs)}, against ${seconds(p.baselineDurationMs)} with the toolkit's ${p.baselineConcurrency}: ${verdict}.`;
}
