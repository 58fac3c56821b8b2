/** The report's sentences on other disk-profiler runs that shared the machine (machine/others.ts finds them), and on those it could not see. Pure. */
import type { OtherProfile, RunnerContext } from '../profile/schema.js';
import { privateMachineSentence } from '../util/cleanup-words.js';

/** One sentence for the report: who ran beside this profile, in which of its phases, doing what. */
export function otherProfilesSentence(others: readonly OtherProfile[]): string | null {
  if (others.length === 0) return null;
  const each = others.map((o) => `"${o.label}" (pid ${o.pid}, in its ${o.theirPhases.join(', ')}) during this profile's ${o.during.join(', ')}`);
  return `Another disk-profiler run shared this machine: ${each.join('; ')}. Its restore, probes or experiments used the same disks, CPUs and page cache, so the figures of those phases include its work.`;
}

/** What the report says of the machine's other profiles: who ran beside this one, and that other users' were out of sight when they were. */
export function machineSharingSentences(c: Pick<RunnerContext, 'otherProfiles' | 'machineDirectory'>): string[] {
  const others = otherProfilesSentence(c.otherProfiles ?? []);
  return [...(others ? [others] : []), ...(c.machineDirectory ? [privateMachineSentence(c.machineDirectory)] : [])];
}
