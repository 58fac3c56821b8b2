/** The report's sentence on other disk-profiler runs that shared the machine (machine/others.ts finds them). Pure. */
import type { OtherProfile } from '../profile/schema.js';

/** One sentence for the report: who ran beside this profile, in which of its phases, doing what. */
export function otherProfilesSentence(others: readonly OtherProfile[]): string | null {
  if (others.length === 0) return null;
  const each = others.map((o) => `"${o.label}" (pid ${o.pid}, in its ${o.theirPhases.join(', ')}) during this profile's ${o.during.join(', ')}`);
  return `Another disk-profiler run shared this machine: ${each.join('; ')}. Its restore, probes or experiments used the same disks, CPUs and page cache, so the figures of those phases include its work.`;
}
