/**
 * A phase's disk load set against the fio ceilings: for each direction, its bandwidth share (bytes/s
 * against the sequential ceiling) and its IOPS share (requests/s against the 4 KiB random ceiling),
 * at any request size, as a cloud volume counts every request up to 256 KiB as one operation; and
 * the share of the phase spent at a ceiling. The kernel's other signals are evidence only. Pure.
 */
import { type Bottleneck, DISK_RESOURCES, type DiskResource, type DiskShare, type Snapshot } from '../profile/schema.js';
import { diskMetrics, type DiskMetrics } from '../sample/iostat.js';
import { iopsIsOwnLimit, type Ceilings } from './ceilings.js';
import { type IopsCount, type IopsCounting, iopsCounting, type StackView, writeRate } from './iops-count.js';
import { candidate, type Candidate } from './evidence.js';
import type { PhaseFacts } from './phase-facts.js';
import {
  ABOVE_CEILING_SHARE,
  CEILING_WINDOW_MS,
  FAR_BELOW_CEILING_SHARE,
  FEW_MERGES_SHARE,
  IO_PRESSURE_HIGH,
  NEAR_CEILING_SHARE,
  NO_PROBE_IO_PRESSURE,
  NO_PROBE_QUEUE_SIZE,
  NO_PROBE_UTIL_PERCENT,
  MIN_BINDING_WINDOWS,
  TIME_AT_CEILING_SHARE,
} from './thresholds.js';

export { DISK_RESOURCES, type DiskResource };
type Direction = 'write' | 'read';

export type { DiskShare } from '../profile/schema.js';

/** A phase that ran above a probed ceiling: the ceiling moved, or the probe does not measure what limits it. */
export interface CeilingMoved {
  resource: DiskResource;
  direction: Direction;
  /** What the phase sustained (bytes/s or requests/s) against the probed ceiling. */
  sustained: number;
  probed: number;
  share: number;
  /** The figure the verdict held the phase against: it ran at the ceiling it met, whatever the probe said. */
  figureUsed: 'sustained';
  /** The share above the ceiling, as the evidence says it (report/say/evidence.ts). */
  above: DiskShare;
}

export interface DiskLoad {
  /** Every share that could be computed (a ceiling and the device's counters were there). */
  shares: DiskShare[];
  /** The largest share; bandwidth wins a tie (an IOPS share equal to it at 4 KiB restates it). */
  top: DiskShare | null;
  /** Share of the phase spent at ≥ NEAR_CEILING_SHARE of each resource's ceiling; null where not computable. */
  timeAtCeiling: Record<DiskResource, number | null>;
  /**
   * Which limit held still while the disk was at a ceiling: over windows at ≥ NEAR_CEILING_SHARE, the
   * one of bytes/s and requests/s that varied less (the other moves with request size). Decides
   * between two shares that both reached a ceiling; null with fewer than MIN_BINDING_WINDOWS windows.
   */
  binding: DiskResource | null;
  /** Directions whose 4 KiB ceiling is the bandwidth limit restated (no IOPS share computed for them). */
  iopsRestatesBandwidth: Direction[];
  /** Kernel-only saturation: high PSI io, high %util and a standing queue together. */
  kernelSaturated: boolean;
  /** Which write requests the IOPS share counted, both counts and why; null without an IOPS ceiling of its own. */
  iopsCount: IopsCounting | null;
  /** Set when the phase ran above a probed ceiling (share over ABOVE_CEILING_SHARE). */
  ceilingMoved: CeilingMoved | null;
  candidates: Candidate[];
}

const DISK_FAVOURED: Bottleneck[] = [...DISK_RESOURCES];
const NOT_DISK: Bottleneck[] = ['cpu', 'network', 'none'];

function ceilingsFor(c: Ceilings, direction: Direction) {
  const seq = direction === 'write' ? c.seqWriteBytesPerSecond : c.seqReadBytesPerSecond;
  const rand = direction === 'write' ? c.randWriteIops : c.randReadIops;
  const seqFrom = c.from?.[direction === 'write' ? 'seqWriteBytesPerSecond' : 'seqReadBytesPerSecond'];
  const randFrom = c.from?.[direction === 'write' ? 'randWriteIops' : 'randReadIops'];
  return { seq, rand, randIsOwn: iopsIsOwnLimit(rand, seq), seqFrom, randFrom };
}

/**
 * Shares of one window of the device's counters. `writes`, when given, is the write requests/s
 * counted as the IOPS cap counts them (iops-count.ts); else the device's own count.
 */
function sharesOf(d: DiskMetrics, c: Ceilings, writes?: { rate: number; count: IopsCount }): DiskShare[] {
  const out: DiskShare[] = [];
  for (const direction of ['write', 'read'] as const) {
    const { seq, rand, randIsOwn, seqFrom, randFrom } = ceilingsFor(c, direction);
    const bytesPerSecond = (direction === 'write' ? d.writeKiBPerSecond : d.readKiBPerSecond) * 1024;
    const counted = direction === 'write' ? writes : undefined;
    const requestsPerSecond = counted ? counted.rate : direction === 'write' ? d.writesPerSecond : d.readsPerSecond;
    if (seq)
      out.push({
        resource: 'disk-bandwidth',
        direction,
        rate: bytesPerSecond,
        ceiling: seq,
        share: bytesPerSecond / seq,
        ...(seqFrom ? { from: seqFrom } : {}),
      });
    if (rand && randIsOwn) {
      const share: DiskShare = { resource: 'disk-iops', direction, rate: requestsPerSecond, ceiling: rand, share: requestsPerSecond / rand };
      if (counted && counted.count !== 'after-merge') share.count = counted.count;
      if (randFrom) share.from = randFrom;
      out.push(share);
    }
  }
  return out;
}

function topOf(shares: readonly DiskShare[]): DiskShare | null {
  let top: DiskShare | null = null;
  for (const s of shares) {
    if (!top || s.share > top.share || (s.share === top.share && s.resource === 'disk-bandwidth')) top = s;
  }
  return top;
}

interface Window {
  ms: number;
  shares: DiskShare[];
}

/** Consecutive windows of at least CEILING_WINDOW_MS over the phase's snapshots. */
function windowsOf(series: readonly Snapshot[], device: number | null, c: Ceilings, stack?: StackView, count?: IopsCount): Window[] {
  const out: Window[] = [];
  if (device === null || series.length < 2) return out;
  let from = series[0] as Snapshot;
  for (let i = 1; i < series.length; i++) {
    const to = series[i] as Snapshot;
    const ms = to.tMs - from.tMs;
    if (ms < CEILING_WINDOW_MS && i < series.length - 1) continue;
    const a = from.disks[device];
    const b = to.disks[device];
    const counted = stack && count ? writeRate(from, to, stack, count) : null;
    if (a && b && ms > 0) out.push({ ms, shares: sharesOf(diskMetrics(a, b, ms), c, counted !== null && count ? { rate: counted, count } : undefined) });
    from = to;
  }
  return out;
}

function timeAtCeiling(windows: readonly Window[]): Record<DiskResource, number | null> {
  const totalMs = windows.reduce((s, w) => s + w.ms, 0);
  const out: Record<DiskResource, number | null> = { 'disk-bandwidth': null, 'disk-iops': null };
  if (totalMs <= 0) return out;
  for (const r of DISK_RESOURCES) {
    if (!windows.some((w) => w.shares.some((s) => s.resource === r))) continue;
    const atMs = windows.filter((w) => w.shares.some((s) => s.resource === r && s.share >= NEAR_CEILING_SHARE)).reduce((s, w) => s + w.ms, 0);
    out[r] = atMs / totalMs;
  }
  return out;
}

/**
 * Standard deviation over the mean. Not iops-count.ts's relativeMedianDeviation, on purpose: this is
 * the statistic bindingOf was built and checked on in the lab, over windows already cut to those at a
 * ceiling; swapping in the median deviation could name another binding limit on a recording, which
 * would be a change of the judge, not of its code.
 */
function coefficientOfVariation(values: readonly number[]): number {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  if (!(mean > 0)) return Number.POSITIVE_INFINITY;
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length;
  return Math.sqrt(variance) / mean;
}

/**
 * At a ceiling, the binding limit is the one that held still: a bandwidth cap keeps bytes/s flat
 * while requests/s follow the request size, an IOPS cap the reverse. Compared on the direction that
 * reached the ceiling most, over the windows where it did.
 */
function bindingOf(windows: readonly Window[]): DiskResource | null {
  const at = windows.filter((w) => w.shares.some((s) => s.share >= NEAR_CEILING_SHARE));
  if (at.length < MIN_BINDING_WINDOWS) return null;
  const direction = at.filter((w) => w.shares.some((s) => s.direction === 'write' && s.share >= NEAR_CEILING_SHARE)).length * 2 >= at.length ? 'write' : 'read';
  const rates = (r: DiskResource) => at.map((w) => w.shares.find((s) => s.resource === r && s.direction === direction)?.rate ?? Number.NaN);
  const bytes = rates('disk-bandwidth');
  const requests = rates('disk-iops');
  if (bytes.some(Number.isNaN) || requests.some(Number.isNaN)) return null;
  return coefficientOfVariation(requests) < coefficientOfVariation(bytes) ? 'disk-iops' : 'disk-bandwidth';
}

function merged(c: IopsCounting): boolean {
  return c.beforeMergePerSecond - c.afterMergePerSecond >= FEW_MERGES_SHARE * c.beforeMergePerSecond;
}

function ceilingMovedOf(shares: readonly DiskShare[]): CeilingMoved | null {
  const above = topOf(shares.filter((s) => s.share > ABOVE_CEILING_SHARE));
  if (!above) return null;
  return {
    resource: above.resource,
    direction: above.direction,
    sustained: above.rate,
    probed: above.ceiling,
    share: above.share,
    figureUsed: 'sustained',
    above,
  };
}

export function diskLoad(facts: PhaseFacts, ceilings: Ceilings, stack?: StackView): DiskLoad {
  const d = facts.disk;
  const c: Candidate[] = [];
  const write = ceilingsFor(ceilings, 'write');
  const bandwidthShare = d && write.seq ? (d.writeKiBPerSecond * 1024) / write.seq : null;
  const bios = ceilings.randWriteCountsBios ? { from: write.randFrom ?? null } : undefined;
  const counting =
    d && write.randIsOwn ? iopsCounting(facts.series, stack, write.rand, bandwidthShare, write.seq, bios, ceilings.writeBiosCap, ceilings.noCgroupIoCap) : null;
  const counted = counting
    ? { rate: counting.used === 'before-merge' ? counting.beforeMergePerSecond : counting.afterMergePerSecond, count: counting.used }
    : undefined;
  const shares = d ? sharesOf(d, ceilings, counted) : [];
  const byShare = (s: number): Bottleneck[] => (s >= NEAR_CEILING_SHARE ? DISK_FAVOURED : s < FAR_BELOW_CEILING_SHARE ? NOT_DISK : []);
  for (const s of shares) {
    if (s.direction === 'read' && s.rate === 0) continue;
    const favours = byShare(s.share).map((b) => (DISK_FAVOURED.includes(b) ? s.resource : b));
    c.push(
      candidate(
        `${s.direction}-${s.resource === 'disk-bandwidth' ? 'bandwidth' : 'iops'}-share`,
        { kind: 'disk-share', share: s },
        s.share,
        'share',
        favours,
        NEAR_CEILING_SHARE,
      ),
    );
  }
  const iopsRestatesBandwidth = (['write', 'read'] as const).filter((dir) => {
    const { rand, randIsOwn } = ceilingsFor(ceilings, dir);
    return rand !== null && !randIsOwn;
  });
  if (d && iopsRestatesBandwidth.includes('write') && d.writes > 0) {
    c.push(
      candidate('write-iops-restates-bandwidth', { kind: 'iops-restates-bandwidth', randWriteIops: ceilings.randWriteIops ?? 0 }, null, '', ['disk-bandwidth']),
    );
  }
  if (d && d.writes > 0 && ceilings.seqWriteMetIops) {
    c.push(
      candidate(
        'seq-probe-met-iops',
        {
          kind: 'seq-probe-met-iops',
          probe: ceilings.seqWriteMetIops,
          bandwidthCeilingBytesPerSecond: write.seq,
          bandwidthIsCap: write.seqFrom?.cap ?? false,
        },
        ceilings.seqWriteMetIops.seq.bioBytes / 1024,
        'KiB',
        [],
      ),
    );
  }
  if (d && d.writes > 0) {
    c.push(candidate('write-request-size', { kind: 'write-request-size', writeRequestKiB: d.writeRequestKiB }, d.writeRequestKiB, 'KiB', []));
  }
  // Said where the count mattered: the bios reached the ceiling (and the merges were not few).
  if (counting && d && d.writes > 0 && counting.beforeMergePerSecond >= NEAR_CEILING_SHARE * counting.ceiling && merged(counting)) {
    c.push(
      candidate(
        'iops-count',
        { kind: 'iops-count', ...counting },
        counting.used === 'before-merge' ? counting.beforeMergePerSecond : counting.afterMergePerSecond,
        'requests/s',
        [],
      ),
    );
  }
  const ceilingMoved = ceilingMovedOf(shares);
  if (ceilingMoved) c.push(candidate('ceiling-moved', { kind: 'ceiling-moved', share: ceilingMoved.above }, ceilingMoved.share, 'share', []));
  const windows = d ? windowsOf(facts.series, facts.deviceIndex, ceilings, stack, counting?.used) : [];
  const atCeiling = timeAtCeiling(windows);
  const binding = bindingOf(windows);
  for (const r of DISK_RESOURCES) {
    const t = atCeiling[r];
    if (t === null) continue;
    c.push(
      candidate(
        `time-at-${r === 'disk-bandwidth' ? 'bandwidth' : 'iops'}-ceiling`,
        { kind: 'time-at-ceiling', resource: r, share: t },
        t,
        'share',
        t >= TIME_AT_CEILING_SHARE ? [r] : [],
        TIME_AT_CEILING_SHARE,
      ),
    );
  }

  const kernelBusy = {
    util: d ? d.utilizationPercent >= NO_PROBE_UTIL_PERCENT : false,
    queue: d ? d.averageQueueSize >= NO_PROBE_QUEUE_SIZE : false,
    psi: facts.pressure.ioSome !== null && facts.pressure.ioSome >= NO_PROBE_IO_PRESSURE,
  };
  if (d) {
    c.push(
      candidate(
        'device-utilization',
        { kind: 'device-utilization', utilizationPercent: d.utilizationPercent },
        d.utilizationPercent,
        '%',
        kernelBusy.util ? DISK_FAVOURED : [],
        NO_PROBE_UTIL_PERCENT,
      ),
    );
    c.push(
      candidate(
        'queue-size',
        { kind: 'queue-size', averageQueueSize: d.averageQueueSize },
        d.averageQueueSize,
        'requests',
        kernelBusy.queue ? DISK_FAVOURED : [],
        NO_PROBE_QUEUE_SIZE,
      ),
    );
  }
  if (facts.pressure.ioSome !== null) {
    c.push(
      candidate(
        'io-pressure-some',
        { kind: 'io-pressure-some', ioSomeShare: facts.pressure.ioSome },
        facts.pressure.ioSome,
        'share',
        facts.pressure.ioSome >= IO_PRESSURE_HIGH ? DISK_FAVOURED : NOT_DISK,
        IO_PRESSURE_HIGH,
      ),
    );
  }
  if (facts.cpu) {
    c.push(candidate('cpu-iowait', { kind: 'cpu-iowait', iowaitShare: facts.cpu.iowait }, facts.cpu.iowait, 'share', []));
  }
  const top = decide(topOf(shares), shares, binding);
  if (
    binding &&
    shares
      .filter((s) => s.share >= NEAR_CEILING_SHARE)
      .map((s) => s.resource)
      .includes(binding === 'disk-iops' ? 'disk-bandwidth' : 'disk-iops')
  ) {
    c.push(candidate('binding-limit', { kind: 'binding-limit', binding }, null, '', [binding]));
  }
  return {
    shares,
    top,
    binding,
    timeAtCeiling: atCeiling,
    iopsRestatesBandwidth,
    kernelSaturated: kernelBusy.util && kernelBusy.queue && kernelBusy.psi,
    iopsCount: counting,
    ceilingMoved,
    candidates: c,
  };
}

/**
 * The disk resource that limited a phase, or null: its top share reached the ceiling on average, or
 * it spent at least TIME_AT_CEILING_SHARE of the phase at a ceiling (the larger time wins).
 */
export function diskLimit(load: DiskLoad): DiskResource | null {
  if (load.top && load.top.share >= NEAR_CEILING_SHARE) return load.top.resource;
  const bw = load.timeAtCeiling['disk-bandwidth'] ?? 0;
  const io = load.timeAtCeiling['disk-iops'] ?? 0;
  if (Math.max(bw, io) < TIME_AT_CEILING_SHARE) return null;
  if (bw >= TIME_AT_CEILING_SHARE && io >= TIME_AT_CEILING_SHARE && load.binding) return load.binding;
  return io > bw ? 'disk-iops' : 'disk-bandwidth';
}

/**
 * Both kinds at a ceiling (a request size near where the two limits cross): the larger share is
 * noise, the binding limit decides. Otherwise the larger share.
 */
function decide(top: DiskShare | null, shares: readonly DiskShare[], binding: DiskResource | null): DiskShare | null {
  if (!top || !binding || top.resource === binding || top.share < NEAR_CEILING_SHARE) return top;
  const other = topOf(shares.filter((s) => s.resource === binding));
  return other && other.share >= NEAR_CEILING_SHARE ? other : top;
}

/** The largest share of one resource, for clauses naming it. */
export function shareOf(load: DiskLoad, resource: DiskResource): DiskShare | null {
  return topOf(load.shares.filter((s) => s.resource === resource));
}
