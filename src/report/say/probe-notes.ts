/**
 * The probe table's notes said: the limit each probe met (judge/probe-notes.ts probeNote) and why a
 * probe measured the page cache rather than a disk (judge/page-cache-probe.ts). Nothing here decides. Pure.
 */
import type { CapMet } from '../../judge/probe-caps.js';
import type { ProbeCounted } from '../../profile/probe-counted.js';
import { diskProbesOf } from '../../judge/page-cache-probe.js';
import type { ProbeNote } from '../../judge/probe-notes.js';
import type { ProbeSuiteResult, Profile } from '../../profile/schema.js';
import { formatNumber, iops, mibPerSecond } from '../../util/format.js';
import { KiB } from '../../util/units.js';

/** "IOPS cap (2,400 IOPS)" / "bandwidth cap (64 MiB/s)", after "the cgroup's". */
export function capMetText(cap: CapMet, figure: number): string {
  return cap === 'writeIops' ? `IOPS cap (${iops(figure)})` : `bandwidth cap (${mibPerSecond(figure)})`;
}

/** "vdb counted 4 KiB bios (256 per fio IO) at 2,400/s, merged into 512 KiB requests". */
function arrivedText(c: ProbeCounted): string {
  const merged = c.merges > 0 ? `, merged into ${formatNumber(c.requestBytes / KiB)} KiB requests` : '';
  return `${c.device} counted ${formatNumber(c.bioBytes / KiB)} KiB bios${c.biosPerFioIo >= 2 ? ` (${formatNumber(c.biosPerFioIo)} per fio IO)` : ''} at ${formatNumber(c.biosPerSecond)}/s${merged}`;
}

/** The probe's note; '' without device counts. */
export function sayProbeNote(n: ProbeNote | null): string {
  if (!n) return '';
  switch (n.kind) {
    case 'seq-met-iops':
      return `met the IOPS limit${n.capMet ? `: the cgroup's ${capMetText(n.capMet.cap, n.capMet.figure)}` : ''}, not a bandwidth one (${arrivedText(n.counted)}${n.byRandomProbe ? ", the random probe's rate" : ''})`;
    case 'cap-met':
      return `met the cgroup's ${capMetText(n.capMet.cap, n.capMet.figure)} (${arrivedText(n.counted)})`;
    case 'counted':
      return arrivedText(n.counted);
  }
}

/** Why a probe measured the page cache (judge/page-cache-probe.ts pageCacheLoop names the loop device), in a CI engineer's words. */
export function sayPageCacheProbe(loop: string): string {
  return `${loop} is a loop device over a file: fio's direct requests became buffered writes to that file, so the page cache answered this probe, not a disk`;
}

/**
 * The suite that may be output or remembered as the disk's ceilings: without the probes the page cache
 * answered (judge/page-cache-probe.ts diskProbesOf), its reason said where none measured the disk.
 */
export function diskProbeSuite(profile: Pick<Profile, 'devices'>, suite: ProbeSuiteResult): ProbeSuiteResult {
  const d = diskProbesOf(profile, suite);
  if (d.probes.length === suite.probes.length) return suite;
  const reason = d.noDiskProbe ? 'every probe measured the page cache, not the disk (a loop device over a file)' : suite.reason;
  return { ...suite, probes: d.probes, ...(reason ? { reason } : {}) };
}
