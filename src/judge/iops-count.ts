/**
 * Which write requests an IOPS cap counts. Before merging: every bio (writes completed + writes
 * merged, diskstats fields 5 and 6), as a cgroup io.max/blkio limit or a bio-based device (dm, md)
 * sees them. After: the requests the queue issued (writes completed), as the device and a cloud
 * volume's meter count them; on a bio-based device that is the count of the disk below. fio's 4 KiB
 * random writes barely merge, so its ceiling is the same either way; the restore's writes can merge
 * many-fold, and which count sits at the ceiling tells the caps apart. Pure.
 */
import type { BlockDeviceKind, CeilingFrom, Profile, Snapshot } from '../profile/schema.js';
import { ABOVE_CEILING_SHARE, CEILING_WINDOW_MS, FEW_MERGES_SHARE, MIN_BINDING_WINDOWS, NEAR_CEILING_SHARE } from './thresholds.js';
import { median } from '../util/spread.js';

export { IOPS_COUNTS, type IopsCount } from '../profile/schema.js';
import type { IopsCount } from '../profile/schema.js';
import type { IopsCountFacts, IopsCountReason } from '../profile/phase-decision.js';

/** The judged device and, when it is bio-based, the sampled devices below it. */
export interface StackView {
  index: number;
  name: string;
  kind?: BlockDeviceKind;
  below: { index: number; name: string }[];
}

/**
 * Which count was used: write requests/s after merging and on which device(s), write bios/s before
 * merging and on which device, the ceiling, and why this count (report/say/evidence.ts says it).
 */
export type IopsCounting = IopsCountFacts;

export function stackOf(profile: Profile, index: number | null): StackView | undefined {
  const d = index === null ? undefined : profile.devices[index];
  if (index === null || !d) return undefined;
  const bioBased = d.kind === 'dm' || d.kind === 'md';
  const below = bioBased
    ? (d.below ?? []).flatMap((name) => {
        const i = profile.devices.findIndex((x) => x.name === name);
        return i >= 0 ? [{ index: i, name }] : [];
      })
    : [];
  return { index, name: d.name, ...(d.kind ? { kind: d.kind } : {}), below };
}

function delta(a: Snapshot, b: Snapshot, index: number, field: 'writesCompleted' | 'writesMerged'): number | null {
  const x = a.disks[index];
  const y = b.disks[index];
  return x && y ? Math.max(0, y[field] - x[field]) : null;
}

/** Write requests per second between two snapshots, counted one way; null where the counters are missing. */
export function writeRate(a: Snapshot, b: Snapshot, stack: StackView, count: IopsCount): number | null {
  const s = (b.tMs - a.tMs) / 1000;
  if (!(s > 0)) return null;
  if (count === 'before-merge') {
    const done = delta(a, b, stack.index, 'writesCompleted');
    const merged = delta(a, b, stack.index, 'writesMerged');
    return done === null || merged === null ? null : (done + merged) / s;
  }
  if (stack.below.length === 0) {
    const done = delta(a, b, stack.index, 'writesCompleted');
    return done === null ? null : done / s;
  }
  // A bio-based device merges nothing itself: the disks below count its bios as merged requests.
  let sum = 0;
  for (const below of stack.below) {
    const done = delta(a, b, below.index, 'writesCompleted');
    if (done === null) return null;
    sum += done;
  }
  return sum / s;
}

/**
 * Median absolute deviation over the median. Not the coefficient of variation (disk-load.ts's, which
 * says why it keeps it): a blkio throttle now and then lets a burst of bios through (10x its rate
 * for 100 ms, the lab's bio-iops-cap recording) and pays for it with a pause; one such window
 * dominates a standard deviation, while the count a cap holds still sits at the same figure in most
 * windows, which is what the median deviation measures.
 */
function relativeMedianDeviation(values: readonly number[]): number {
  const mid = median(values) ?? Number.NaN;
  if (!(mid > 0)) return Number.POSITIVE_INFINITY;
  return (median(values.map((v) => Math.abs(v - mid))) ?? Number.NaN) / mid;
}

/**
 * How still bios/s, requests/s and bytes/s held over windows at a ceiling (median deviations, relativeMedianDeviation()):
 * a cap holds its own count still while the others follow request sizes. Null with too few windows.
 */
function steadiness(
  series: readonly Snapshot[],
  stack: StackView,
  ceiling: number,
  bandwidthCeiling: number | null,
): { bios: number; requests: number; bytes: number } | null {
  const bios: number[] = [];
  const requests: number[] = [];
  const bytes: number[] = [];
  let from = series[0];
  for (let i = 1; from && i < series.length; i++) {
    const to = series[i] as Snapshot;
    if (to.tMs - from.tMs < CEILING_WINDOW_MS && i < series.length - 1) continue;
    const before = writeRate(from, to, stack, 'before-merge');
    const after = writeRate(from, to, stack, 'after-merge');
    const a = from.disks[stack.index];
    const b = to.disks[stack.index];
    const bytesPerSecond = a && b ? ((b.sectorsWritten - a.sectorsWritten) * 512 * 1000) / (to.tMs - from.tMs) : 0;
    // Only windows at a ceiling: below them no cap holds anything still.
    const atCeiling = (before ?? 0) >= NEAR_CEILING_SHARE * ceiling || (bandwidthCeiling !== null && bytesPerSecond >= NEAR_CEILING_SHARE * bandwidthCeiling);
    if (before && after !== null && atCeiling) {
      bios.push(before);
      requests.push(after);
      bytes.push(bytesPerSecond);
    }
    from = to;
  }
  if (bios.length < MIN_BINDING_WINDOWS) return null;
  return { bios: relativeMedianDeviation(bios), requests: relativeMedianDeviation(requests), bytes: relativeMedianDeviation(bytes) };
}

/**
 * Which count the probed write-IOPS ceiling belongs to, for a phase on `stack` between its first and
 * last snapshot: the device's own count when it reached the ceiling or neither did; bios when only
 * they reached it and, over the phase's windows, held steadier than requests/s and bytes/s (a cap
 * holds its own count still). `capCountsBios`, where a cgroup cap set the ceiling (with what set it): bios;
 * `biosCap`, a cgroup write IOPS cap on the device below fio's figure: bios where they reached it.
 * Null without counters or a ceiling.
 */
export function iopsCounting(
  series: readonly Snapshot[],
  stack: StackView | undefined,
  ceiling: number | null,
  bandwidthShare: number | null,
  bandwidthCeiling: number | null = null,
  capCountsBios?: { from: CeilingFrom | null },
  biosCap?: number,
  noCgroupIoCap = false,
): IopsCounting | null {
  const first = series[0];
  const last = series.at(-1);
  if (!stack || !ceiling || !first || !last || first === last) return null;
  const after = writeRate(first, last, stack, 'after-merge');
  const before = writeRate(first, last, stack, 'before-merge');
  if (after === null || before === null) return null;
  const bioBased = stack.below.length > 0;
  const afterDevice = bioBased ? stack.below.map((b) => b.name).join(' + ') : stack.name;
  const base = { afterMergePerSecond: after, afterMergeDevice: afterDevice, beforeMergePerSecond: before, beforeMergeDevice: stack.name, ceiling, bioBased };
  const pick = (used: IopsCount, reason: IopsCountReason): IopsCounting => ({ used, ...base, reason });
  // A cgroup cap is known to count bios (blk-throttle sits above the queue's merging): no guessing.
  if (capCountsBios) return pick('before-merge', { kind: 'cap-counts-bios', from: capCountsBios.from });
  if (before - after < FEW_MERGES_SHARE * before) return pick('after-merge', { kind: 'few-merges' });
  if (after >= NEAR_CEILING_SHARE * ceiling) return pick('after-merge', { kind: 'requests-reached' });
  if (before < NEAR_CEILING_SHARE * ceiling) return pick('after-merge', { kind: 'neither-reached' });
  // Only the bios reached the ceiling. A cgroup cap on the device counts bios, and where they reached
  // it that cap binds, whatever fio read (fio's 4 KiB writes barely merge: its figure fits either count).
  if (biosCap !== undefined && before >= NEAR_CEILING_SHARE * biosCap) return pick('before-merge', { kind: 'bios-at-cgroup-cap', capIops: biosCap });
  // Else: a cap on bios holds bios/s still while requests/s follow the merging and bytes/s the file
  // sizes; an uncapped disk's page-sized bios or a bandwidth cap do not. Steadiness is the evidence
  // for a cap the profiler cannot read. Where it read the cgroup's caps (its group and visible
  // parents) and none is on this device, and the bios ran well above fio's figure (fio's 4 KiB
  // writes barely merge, so a cap on bios is one fio runs into too), two independent signs say no
  // cap counted them: bios held still there by the writer's own pace (tar on a loop device's worker,
  // under a CPU quota: 124-165 % of fio's figure in the lab bench's cpu and two-disks runs) are
  // counted as the device counts them.
  const still = steadiness(series, stack, ceiling, bandwidthCeiling);
  const farAbove = before > ABOVE_CEILING_SHARE * ceiling;
  const uncounted = farAbove && noCgroupIoCap && !bioBased;
  if (still && !uncounted && still.bios < still.requests && still.bios < still.bytes)
    return pick('before-merge', { kind: 'bios-steadier', aboveProbe: farAbove });
  const why = !still ? 'too-few-windows' : uncounted ? 'no-cgroup-cap' : (bandwidthShare ?? 0) >= NEAR_CEILING_SHARE ? 'bandwidth-explains' : 'bios-not-still';
  return pick('after-merge', { kind: 'requests-counted', aboveProbe: farAbove, why });
}
