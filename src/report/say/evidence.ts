/**
 * An evidence item said: what was measured and against what, from the figures the judge gave it
 * (Evidence.facts: judge/disk-load.ts, cpu-load.ts, quota-evidence.ts, iops-count.ts and the dirty
 * peak in judge.ts). One wording per kind: the table below must name every one (the compiler checks).
 * Nothing here decides. Pure.
 */
import type { Evidence, PhaseName } from '../../profile/schema.js';
import type { EvidenceFacts, EvidenceKind, IopsCountFacts, IopsCountReason } from '../../profile/phase-decision.js';
import { VERDICT_PHASE_NOUN } from './nouns.js';
import { sayCeilingFrom, saySeqMetIops } from './ceilings.js';
import { NEAR_CEILING_SHARE } from '../../judge/thresholds.js';
import { bytes, cores, formatNumber, iops, mibPerSecond, percent, seconds } from '../../util/format.js';
import { CEILING_KIND, describeBusiest, describeCores, describeShare, wholeCount as n } from './figures.js';

/** Under a CPU quota below one core, that quota is all one process can reach: said beside its cores. */
function reachNote(quotaCores: number | null): string {
  return quotaCores === null ? '' : ` (the cgroup's ${formatNumber(quotaCores)}-core CPU quota is all one process can get)`;
}

const REQUESTS_COUNTED_WHY: Record<Extract<IopsCountReason, { kind: 'requests-counted' }>['why'], string> = {
  'too-few-windows': 'too few windows to tell which count held still',
  'no-cgroup-cap':
    "the cgroup caps no I/O on this device and a cap on bios at fio's figure would not let that many through (fio's 4 KiB writes barely merge, so it measures such a cap too)",
  'bandwidth-explains': 'bytes/s held as still at the bandwidth ceiling, so the bandwidth limit explains the rate',
  'bios-not-still': 'bios/s did not hold still as a cap on them would',
};

/** Why a write IOPS share counted the requests it did (judge/iops-count.ts iopsCounting). */
export function sayIopsCountReason(c: IopsCountFacts): string {
  const before = n(c.beforeMergePerSecond);
  const after = n(c.afterMergePerSecond);
  const ceilingText = `the ${n(c.ceiling)} IOPS ceiling`;
  const afterText = c.bioBased ? `requests on ${c.afterMergeDevice} below` : 'requests after merging';
  const r = c.reason;
  switch (r.kind) {
    case 'cap-counts-bios':
      return `the ceiling is ${sayCeilingFrom(r.from ?? undefined) ?? 'a cgroup I/O cap'}, and a cgroup I/O cap counts bios before merging (bios ${before}/s on ${c.beforeMergeDevice})`;
    case 'few-merges':
      return `few writes were merged (bios ${before}/s, ${afterText} ${after}/s): both counts agree`;
    case 'requests-reached':
      return `${after} ${afterText}/s already reached ${ceilingText}, counted as the device and a cloud volume's meter count`;
    case 'neither-reached':
      return `neither count reached ${ceilingText} (bios ${before}/s, ${afterText} ${after}/s)`;
    case 'bios-at-cgroup-cap':
      return `the bios (the writes as issued, before the disk merged them: ${before}/s, completed + merged on ${c.beforeMergeDevice}) reached the cgroup's cap of ${n(r.capIops)} IOPS on this device, which counts bios before merging; ${afterText} (${after}/s) did not reach ${ceilingText}`;
    case 'bios-steadier':
      return `only the bios (the writes as issued, before the disk merged them: ${before}/s, completed + merged on ${c.beforeMergeDevice}) reached ${ceilingText}${r.aboveProbe ? ', above what fio measured' : ''}, and they held steadier than requests and bytes; ${afterText} (${after}/s) did not reach it: the cap counts bios before merging, as a cgroup I/O limit or a bio-based device does`;
    case 'requests-counted':
      return `the bios (the writes as issued, before the disk merged them: ${before}/s) reached ${ceilingText}${r.aboveProbe ? ', above what fio measured' : ''}, but ${REQUESTS_COUNTED_WHY[r.why]}; requests are counted as the device counts them (${after}/s)`;
  }
}

type Said<K extends EvidenceKind> = (f: Extract<EvidenceFacts, { kind: K }>, what: string) => string;

/** One wording per kind; `what` is the phase as a noun ("extraction", "the download"). */
const SAID: { [K in EvidenceKind]: Said<K> } = {
  'disk-share': (f, what) => describeShare(f.share, what),
  'iops-restates-bandwidth': (f) =>
    `the 4 KiB random-write ceiling (${iops(f.randWriteIops)}) moves as many bytes as the sequential one: it is the bandwidth limit divided by 4 KiB, so requests/s are judged by bandwidth`,
  'seq-probe-met-iops': (f) => {
    const bw = f.bandwidthCeilingBytesPerSecond;
    const bandwidth = bw
      ? `bytes/s are held against ${f.bandwidthIsCap ? `the cgroup's bandwidth cap of ${mibPerSecond(bw)}` : mibPerSecond(bw)}`
      : 'no bandwidth ceiling is known';
    return `${saySeqMetIops(f.probe)}; ${bandwidth}, requests/s against the IOPS ceiling`;
  },
  'write-request-size': (f) => `average write request ${formatNumber(f.writeRequestKiB)} KiB`,
  'iops-count': (f) =>
    `IOPS counted ${f.used === 'before-merge' ? `before merging (bios on ${f.beforeMergeDevice})` : `after merging (requests on ${f.afterMergeDevice})`}: ${sayIopsCountReason(f)}`,
  'ceiling-moved': (f, what) => {
    const s = f.share;
    const unit = (x: number) => (s.resource === 'disk-bandwidth' ? mibPerSecond(x) : `${iops(x)}`);
    return `${what} ran at ${unit(s.rate)}, ${percent(s.share)} of ${sayCeilingFrom(s.from) ?? `the ${unit(s.ceiling)} ${CEILING_KIND[s.resource][s.direction]} ceiling fio measured`}: the ceiling moved (burst credits, a throttle that lets more through at first, a probe answered by the page cache) or the probe understated it; the verdict takes the ${unit(s.rate)} it sustained as the ceiling it met, not the probe's figure`;
  },
  'time-at-ceiling': (f, what) =>
    `${what} spent ${percent(f.share)} of its time at ${percent(NEAR_CEILING_SHARE)} or more of the ${f.resource === 'disk-bandwidth' ? 'bandwidth' : 'IOPS'} ceiling`,
  'device-utilization': (f) => `the device was busy ${Math.round(f.utilizationPercent)}% of the time (supporting only: parallel devices can do more at 100%)`,
  'queue-size': (f) => `on average ${formatNumber(f.averageQueueSize)} requests were queued or in service`,
  'io-pressure-some': (f) => `some task was stalled on I/O ${percent(f.ioSomeShare)} of the time (the kernel's I/O pressure figure, PSI io some)`,
  'cpu-iowait': (f) => `CPUs idled waiting for I/O ${percent(f.iowaitShare)} of the time`,
  'binding-limit': (f) =>
    `at the ceiling, ${f.binding === 'disk-iops' ? 'requests/s held steadier than bytes/s: the IOPS limit' : 'bytes/s held steadier than requests/s: the bandwidth limit'} bound`,
  'busiest-process': (f) => `the busiest process of the extraction (${f.process.comm}) used ${describeBusiest(f.process)}${reachNote(f.quotaCores)}`,
  'tar-and-zstd': (f) => `tar and zstd together used ${formatNumber(f.cores)} of a core${f.perProcessRecorded ? '' : ' (per-process CPU not recorded)'}`,
  'cpu-pressure-some': (f) => {
    // The figures are in the dirty-peak-share, io-pressure-some and own-cpu-wait items beside it.
    const ownRecorded = f.ownAtMostShare !== null;
    const held =
      f.heldByWriteback && !ownRecorded ? ', machine-wide: with Dirty at the throttle point and I/O stalls high, tar waited for writeback, not for a CPU' : '';
    const whose = f.otherLoad
      ? `, machine-wide: tar and zstd waited for a CPU at most ${percent(f.ownAtMostShare ?? 0)} of the time, so this was another job's load, not this restore's limit`
      : !ownRecorded
        ? "; the restore's own run-queue wait was not recorded"
        : '';
    return `runnable tasks waited for a CPU ${percent(f.cpuSomeShare)} of the time (the kernel's CPU pressure figure, PSI cpu some${held}${whose})`;
  },
  'own-cpu-wait': (f) => {
    const atMost =
      f.atMostShare - f.share >= 0.01
        ? `; none of them longer than ${percent(f.atMostShare)} (a wait shows once it ends, and their last moments fell between snapshots)`
        : '';
    const held = f.heldByWriteback ? '; with Dirty at the throttle point and I/O stalls high the writeback held tar back too, whatever CPU it got' : '';
    return `${f.comm} waited on a run queue for ${seconds(f.waitMs)}, ${percent(f.share)} of the time, the longest of tar and zstd (their own wait for a CPU, /proc/<pid>/schedstat, a CFS quota's throttling included)${atMost}${held}`;
  },
  'pipeline-cores': (f) =>
    `tar and zstd together kept ${formatNumber(f.cores)} of a core busy over the whole extraction (exact: their reaped times)${reachNote(f.quotaCores)}`,
  'download-process-cores': (f) => `the process running the download used ${describeCores(f.cores)}${reachNote(f.quotaCores)}`,
  'download-cpu-too-few-ticks': (f) =>
    `CPU not measured: the download's ${seconds(f.durationMs)} hold too few 10 ms ticks to tell (the process used ${describeCores(f.cores)})`,
  'download-cpu-not-recorded': () => "CPU not recorded: this profile has no figure for the process's own CPU",
  'busiest-cpu': (f) => `the busiest CPU was busy ${percent(f.busyShare)} of the time`,
  'cpu-busy': (f) => `all CPUs together were busy ${percent(f.busyShare)} of the time`,
  'cpu-steal': (f) => `the hypervisor stole ${percent(f.stealShare)} of CPU time`,
  'cgroup-quota-usage': (f) => `the step's cgroup used ${cores(f.usageCores)}, ${percent(f.usageShare)} of its ${formatNumber(f.quotaCores)}-core CPU quota`,
  'cgroup-throttled': (f) =>
    `the cgroup ran out of its CPU quota in ${percent(f.throttledShare)} of the kernel's ${f.periods} scheduling periods (CFS periods), its processes made to wait ${seconds(f.throttledMs)} in all`,
  'dirty-peak-share': (f) => `Dirty peaked at ${bytes(f.dirtyPeakBytes)}, ${percent(f.share)} of the ${bytes(f.limitBytes)} dirty limit`,
};

/** The item's sentence, from its figures; `phase` is the phase it is listed under. */
export function sayEvidenceFacts(facts: EvidenceFacts, phase: PhaseName): string {
  const said = SAID[facts.kind] as Said<EvidenceKind>;
  return said(facts as never, VERDICT_PHASE_NOUN[phase]);
}

/** The item's sentence, lower-case but where it opens with a name; a recording made before the facts existed keeps the text it recorded. */
export function sayEvidence(e: Pick<Evidence, 'facts' | 'text'>, phase: PhaseName): string {
  return e.facts ? sayEvidenceFacts(e.facts, phase) : (e.text ?? '');
}
