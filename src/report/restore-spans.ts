/**
 * One line under the verdict: the step's time (what the job waits for) and the time until the files
 * were on disk (the writeback tail is paid by the steps after it), and which of the two the verdict
 * and the what-ifs are about. Pure; empty for a verdict without the figures.
 */
import type { Verdict } from '../profile/schema.js';
import { seconds } from '../util/format.js';

export function restoreSpansLine(verdict: Pick<Verdict, 'stepMs' | 'untilOnDiskMs' | 'about'>): string {
  const { stepMs, untilOnDiskMs } = verdict;
  if (stepMs === undefined || untilOnDiskMs === undefined) return '';
  const tailMs = untilOnDiskMs - stepMs;
  const onDisk =
    tailMs > 0
      ? `the files were on disk after ${seconds(untilOnDiskMs)} (${seconds(tailMs)} of writeback after tar exited, paid by the steps after it)`
      : 'the files were on disk when it ended';
  const about = verdict.about === 'step' ? "the step's time" : 'the time until the files were on disk';
  return `The step took ${seconds(stepMs)} (lookup + download + extraction: what the job waits for); ${onDisk}. The verdict and the what-ifs are about ${about}.`;
}
