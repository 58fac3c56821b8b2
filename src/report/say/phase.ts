/**
 * A phase's verdict said: the rule the judge matched (judge/rules.ts) and the figures it read, turned
 * into the clause that says why in figures ("extraction wrote at 95 MiB/s, 99% of ...") and the
 * phase's sentence. One wording per rule id: the table below must name every one (the compiler
 * checks). Nothing here decides: every branch reads a figure or a kind the judge gave. Pure.
 */
import type { PhaseVerdict } from '../../profile/schema.js';
import type {
  CpuUser,
  DiskCeilingFigures,
  KernelDiskFigures,
  OtherCpuLoad,
  PhaseDecision,
  PhaseDecisionOf,
  PhaseRuleId,
  Unmeasured,
} from '../../profile/phase-decision.js';
import { VERDICT_PHASE_NOUN } from './nouns.js';
import { bytes, cores, formatNumber, mibPerSecond, percent, seconds } from '../../util/format.js';
import { describeBusiest, describeCores, describeShare } from './figures.js';

/** A disk resource at its probed ceiling: the share, and the time spent at it. */
function diskCeilingText(d: DiskCeilingFigures, what: string): string {
  const t = d.timeAtCeilingShare;
  const timePart = t !== null && t > 0 ? ` (at the ceiling ${percent(t)} of the time)` : '';
  return d.share
    ? `${describeShare(d.share, what, d.writeRequestKiB ?? undefined)}${timePart}`
    : `${what} ran into the disk's ${d.resource === 'disk-iops' ? 'IOPS' : 'bandwidth'} ceiling`;
}

/** A disk judged by the kernel's counters alone: small writes for the IOPS, the write rate for the bandwidth. */
function kernelText(k: KernelDiskFigures, what: string): string {
  const rate = k.resource === 'disk-iops' ? `issued ${formatNumber(k.writesPerSecond)} small writes/s` : `wrote at ${mibPerSecond(k.writeBytesPerSecond)}`;
  return `${what} ${rate} with the device ${Math.round(k.utilizationPercent)}% busy, ${formatNumber(k.averageQueueSize)} requests queued and I/O stalls ${percent(k.ioSomeShare)} of the time (no fio probes: judged from kernel counters alone)`;
}

/** Machine-wide CPU pressure the restore's own processes did not wait in: named as another job's, not the restore's limit. */
function otherLoadNote(o: OtherCpuLoad | null): string {
  return o
    ? `; another job's CPU load, not this restore's limit: runnable tasks waited for a CPU ${percent(o.cpuSomeShare)} of the time machine-wide (PSI cpu some), tar and zstd at most ${percent(o.ownAtMostShare)}`
    : '';
}

/** The CPU figure of a phase where a rule weighs it against the disk. */
function cpuFigure(u: CpuUser): string {
  switch (u.kind) {
    case 'download-process':
      return `the process running it used ${describeCores(u.cores)}`;
    case 'busiest-process':
      return `the busiest process used ${describeBusiest(u.process)}`;
    case 'tar-and-zstd':
      return `tar and zstd together used ${formatNumber(u.cores)} of a core`;
  }
}

/** Who ran at a full core, where the CPU was the limit. */
function cpuUserText(u: CpuUser): string {
  switch (u.kind) {
    case 'download-process':
      return `the process running the download used ${describeCores(u.cores)}`;
    case 'busiest-process':
      return `${u.process.comm} used ${describeBusiest(u.process)}`;
    case 'tar-and-zstd':
      return `tar and zstd together used ${formatNumber(u.cores)} of a core`;
  }
}

const UNMEASURED_WORDS: Record<Unmeasured, (durationMs: number) => string> = {
  disk: () => 'disk not measured',
  'fio-ceilings': () => 'no fio ceilings for the disk',
  cpu: () => 'CPU not measured',
  'cpu-ticks': (durationMs) => `CPU not measured: ${seconds(durationMs)} hold too few 10 ms ticks`,
};

type Clause<R extends PhaseRuleId> = (d: PhaseDecisionOf<R>, what: string) => string;

/** One clause per rule id; `what` is the phase as a noun ("extraction", "the download"). */
const CLAUSES: { [R in PhaseRuleId]: Clause<R> } = {
  'lookup-round-trip': (d) => `the cache lookup, a round trip to the cache service, took ${seconds(d.durationMs)}`,
  'disk-at-ceiling': (d, what) => {
    const held = d.dirtyHeldShare !== null ? ` (the kernel's dirty-page limit held tar back: Dirty peaked at ${percent(d.dirtyHeldShare)} of it)` : '';
    return `${diskCeilingText(d.disk, what)}${held}`;
  },
  'kernel-saturated-disk': (d, what) => kernelText(d.kernel, what),
  'disk-latency': (d, what) =>
    d.latency === 'qd1-reads'
      ? `${what} read ${formatNumber(d.perSecond)} requests/s one at a time (queue ${formatNumber(d.queueSize)}), ${percent(d.perSecond / d.ceilingPerSecond)} of this disk's ${Math.round(d.ceilingPerSecond)}/s at queue depth 1: latency-bound, far below its deep-queue ceilings`
      : `${what} flushed ${formatNumber(d.perSecond)} times/s, ${percent(d.perSecond / d.ceilingPerSecond)} of this disk's ${Math.round(d.ceilingPerSecond)} fsync'd writes/s: latency-bound, far below its deep-queue ceilings`,
  'cpu-process': (d, what) => {
    const diskPart = d.diskTopShare !== null ? `the disk ran at ${percent(d.diskTopShare)} of its ceilings` : `I/O stalls stayed at ${percent(d.ioSomeShare)}`;
    const limit =
      d.quotaCores !== null
        ? `the cgroup's ${formatNumber(d.quotaCores)}-core CPU quota is its limit`
        : d.user.kind === 'download-process'
          ? 'its CPU is the limit'
          : 'one core is its limit';
    return `${cpuUserText(d.user)} during ${what} while ${diskPart}: ${limit}`;
  },
  'cpu-quota': (d, what) => {
    const used = d.usageCores === null ? '' : `used ${cores(d.usageCores)} of `;
    const throttled =
      d.throttledShare === null
        ? ''
        : ` and was throttled in ${percent(d.throttledShare)} of its CFS periods (it ran out of quota in that share of the kernel's scheduling periods), its processes made to wait ${seconds(d.throttledMs)} in all`;
    const diskPart = d.diskTopShare !== null ? `, the disk at ${percent(d.diskTopShare)} of its ceilings` : '';
    return `the step's cgroup ${used || 'ran at '}its ${formatNumber(d.quotaCores)}-core CPU quota during ${what}${throttled}${diskPart}: the quota is the limit, whatever the host's ${d.hostCpuCount} CPUs show`;
  },
  'cpu-starved': (d, what) => {
    const got = `tar and zstd got only ${formatNumber(d.childCores)} of a core`;
    const w = d.ownWait;
    if (w === null)
      return `${got} while runnable tasks waited for a CPU ${percent(d.cpuSomeShare ?? 0)} of the time during ${what} (a CPU quota or other processes held them back; their own run-queue wait was not recorded)`;
    const machine = d.cpuSomeShare === null ? '' : `; PSI cpu some ${percent(d.cpuSomeShare)} machine-wide`;
    return `${got} during ${what} while ${w.comm} waited on a run queue ${percent(w.share)} of the time (its own wait for a CPU: a CPU quota or other processes held it back${machine})`;
  },
  'cpu-pipeline': (d, what) => {
    const busiest = d.busiest ? `, ${d.busiest.comm} alone ${describeBusiest(d.busiest)},` : '';
    const diskPart = d.diskTopShare !== null ? `the disk ran at ${percent(d.diskTopShare)} of its ceilings` : 'the disk was not saturated';
    const limit = d.quotaCores !== null ? `the cgroup's ${formatNumber(d.quotaCores)}-core CPU quota is the limit` : "their CPU work is the extraction's time";
    return `tar and zstd together kept ${formatNumber(d.childCores)} of a core busy during ${what}${busiest} while ${diskPart} and I/O stalls stayed at ${percent(d.ioSomeShare)}: ${limit}`;
  },
  'dirty-throttled': (d, what) => {
    const k = d.disk;
    const diskPart =
      k.kind === 'bios'
        ? `the disk issued ${formatNumber(k.biosPerSecond)} write bios/s, ${percent(k.biosPerSecond / k.iopsCeiling)} of the ${formatNumber(Math.round(k.iopsCeiling))} IOPS random-write ceiling, with its bytes at ${percent(k.bandwidthShare)} of the bandwidth one`
        : k.kind === 'share'
          ? describeShare(k.share, 'the disk')
          : `the disk wrote at ${mibPerSecond(k.writeBytesPerSecond)} (no fio ceiling to hold it against) with I/O stalls ${percent(k.ioSomeShare)} of the time`;
    return `${what} was throttled by the kernel's dirty-page limit (Dirty peaked at ${percent(d.dirtyPeakShare)} of it) while ${diskPart} and tar used only ${formatNumber(d.childCores)} of a core`;
  },
  'near-no-ceiling': (d, what) => {
    const cpuPart = d.busiest ? `, the busiest process ${describeBusiest(d.busiest)}` : '';
    return `${what} came near no ceiling: the disk at most ${percent(d.diskTopShare)} of its ceilings${cpuPart}${otherLoadNote(d.otherLoad)}`;
  },
  inconclusive: (d, what) =>
    d.unmeasured.length > 0
      ? `${what} cannot be pinned on one resource (${d.unmeasured.map((u) => UNMEASURED_WORDS[u](d.durationMs)).join(', ')})`
      : `${what} cannot be pinned on one resource: the disk ran at ${percent(d.diskTopShare ?? 0)} of its ceilings, neither near nor far from them, and ${cpuFigure(d.user)}${otherLoadNote(d.otherLoad)}`,
  network: (d) => {
    const at = d.bytesPerSecond === null ? '' : ` at ${mibPerSecond(d.bytesPerSecond)}`;
    const cpuPart = d.processCores !== null ? `the process running it used ${describeCores(d.processCores)}` : 'its CPU not recorded';
    return d.disk.kind === 'ceilings'
      ? `the download ran${at} while the disk stayed at ${percent(d.disk.topShare)} of its ceilings and ${cpuPart}`
      : `the download ran${at} while the disk stayed mostly idle (${Math.round(d.disk.utilizationPercent)}% busy, no fio ceilings) and ${cpuPart}`;
  },
  'tail-short': (d) =>
    `the writeback tail after tar exited was short: ${seconds(d.durationMs)} until syncfs returned${d.writtenBytes === null ? '' : ` (${bytes(d.writtenBytes)} written)`}`,
  'tail-disk': (d) => {
    const why = d.disk.kind === 'ceilings' ? diskCeilingText(d.disk, 'it') : kernelText(d.disk, 'it');
    return `after tar exited the page cache needed ${seconds(d.durationMs)} more to put the files on disk: ${why}`;
  },
  'tail-sustained-rate': (d) => {
    const device = d.device ?? 'the disk';
    const noProbe = d.probedDevice !== null ? `fio probed ${d.probedDevice}, not ${device}` : 'no fio probe';
    const rate =
      d.resource === 'disk-iops' ? `${formatNumber(d.writesPerSecond)} writes/s of ${formatNumber(d.writeRequestKiB)} KiB` : mibPerSecond(d.bytesPerSecond);
    return `the writeback tail after tar exited was ${device} draining what the page cache owed: it wrote ${bytes(d.writtenBytes)} at a steady ${rate} for ${seconds(d.durationMs)}, the rate it sustained, not a probed ceiling (${noProbe})`;
  },
};

/** The "why" of a phase's verdict in figures: lower-case, no final stop (the restore's verdict quotes it). */
export function sayPhaseClause(decision: PhaseDecision): string {
  const clause = CLAUSES[decision.rule] as Clause<PhaseRuleId>;
  return clause(decision as never, VERDICT_PHASE_NOUN[decision.phase]);
}

/** The phase's sentence; a recording made before the decision existed keeps the sentence it recorded. */
export function sayPhase(p: Pick<PhaseVerdict, 'decision' | 'sentence'>): string {
  if (!p.decision) return p.sentence ?? '';
  const clause = sayPhaseClause(p.decision);
  return `${clause.charAt(0).toUpperCase()}${clause.slice(1)}.`;
}
