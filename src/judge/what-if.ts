/**
 * Lower bounds for the restore's duration with one resource twice as fast, as the lab's
 * interventions relax it. Pure. A phase is shortened only by the resource its verdict names
 * (network: the download; disk and CPU: extraction and the writeback tail), or, for an extraction
 * judged one disk kind, by the other kind down to its work over the named kind's unchanged probed (or cgroup-capped)
 * ceiling (both limits can share its time); a phase judged none or inconclusive is shortened by nothing. Bounds come from work over ceilings, never duration / 2 alone:
 * - disk: the restore's own bytes and requests, at twice the ceiling of the doubled kind (bandwidth
 *   or IOPS) less what else the device wrote at the same time, and never below the CPU the busiest
 *   process needs; where the volume spent a burst credit (ran above its probe, then held at it), the
 *   bytes the burst carried at its rate, the rest at twice the baseline (burstCredit);
 * - CPU: half the extraction, and never below what the disk needs at its ceilings; when the kernel
 *   absorbed the extraction, half of it and then the whole tail, which no CPU shortens;
 * - extraction and tail are bounded together, since a faster disk can drain the tail while tar runs;
 *   but when the kernel absorbed the extraction (the disk wrote almost nothing before tar exited),
 *   writeback waits for the tail whatever the disk's speed, so the two add up.
 * Each bound says what it bounds: "would take at least N s" bounds the time from below, so what it
 * saves is "at most M s". A disk bound needs a ceiling of the kind relaxed, probed or sustained by
 * the restore itself for SUSTAINED_RATE_MS; without one the what-if is "not measured" rather than
 * resting on another resource's floor. An upper bound on the time is given only where it is
 * measured; today that is where nothing is shortened (the time stays). A shortened phase's upper
 * bound would need what part of it the relaxed resource alone set (for the download, when its first
 * byte arrived): not recorded yet, so those what-ifs are one-sided.
 */
import type { Bottleneck, CeilingFromFacts, HalfRule, PhaseName, Resource, WhatIf, WhatIfFacts, WhatIfOutcome } from '../profile/schema.js';
import { isDiskResource, RESOURCES } from '../profile/schema.js';
import { iopsIsOwnLimit, type CeilingKind, type Ceilings } from './ceilings.js';
import { quotaFloorMs, quotaOf } from './cgroup-cpu.js';
import type { IopsCount } from './iops-count.js';
import { archiveWrittenBytes } from './attribution.js';
import type { PhaseFacts } from './phase-facts.js';
import {
  ABSORBED_SHARE,
  ABOVE_CEILING_SHARE,
  CEILING_WINDOW_MS,
  HALF_RULE_BELOW_SHARE,
  NEAR_CEILING_SHARE,
  RAISED_SHARE,
  QUOTA_FULL_SHARE,
  SUSTAINED_RATE_MS,
  WHAT_IF_SPEEDUP,
  wroteAlmostNothingEarly,
} from './thresholds.js';

export interface WhatIfPhase {
  name: PhaseName;
  bottleneck: Bottleneck;
  facts: PhaseFacts;
  /** Which write requests the IOPS ceiling counts (iops-count.ts); absent: the device's own count. */
  iopsCount?: IopsCount;
  /**
   * Extraction only, set when the disk relaxed is not the one extraction started on (restore paths on
   * several disks): how long into extraction that disk wrote nothing. tar reached its files then, at a
   * pace set by the other disk and the CPU, so a faster disk here starts its work no earlier.
   */
  idleLeadMs?: number;
  /** The rule that judged the phase (rules.ts); a CPU-bound phase's CPU work is read by it (cpuWorkMs). */
  rule?: string;
  /** Download only: its pauses with no request in flight (segment-pauses.ts), which a faster network does not shorten. */
  notNetworkMs?: number;
}

/** Bounds on the restore's time with one resource faster; `measured` false: no figure is claimed. */
export interface RestoreBound {
  lowerMs: number;
  upperMs: number | null;
  measured: boolean;
  /** Set where the span spent a burst credit (burstCredit): the bandwidth bound doubled the baseline, the burst as it was. */
  burst?: BurstCredit;
  /** Disk what-ifs: the relaxed kind's ceiling the bound multiplied (raised to a rate the disk sustained, demonstrated), where there was one. */
  doubledCeiling?: number;
  /** Disk what-ifs that would save more than half the span: held to it, or why not (withHalfRule). */
  half?: HalfRule;
}

/**
 * The "twice X" rule: doubling a disk's ceiling can at most halve extraction and tail where it doubles
 * what limited them. A bound that would save more says why, or is held:
 * - the span ran well below the ceiling doubled (HALF_RULE_BELOW_SHARE): doubling the ceiling is not
 *   doubling what limited it, so the span takes at least its time at twice the rate it got (held);
 * - near the ceiling, the bound moves only the restore's own writes (ownWork) at twice it, and the
 *   disk's average over the span was under the ceiling: what it claims beyond half follows (beyond);
 * - on several disks the span's writes are not all the doubled ceiling's, and one disk's dirty pages
 *   hold the others' writes (the kernel's dirty limit is shared): the lab's two-disks-beside-load saved
 *   more than half with one disk's cap doubled, so no hold (several-disks).
 * A burst credit ran above the baseline doubled (share over 1): beyond, with burstText saying it.
 */
function withHalfRule(resource: Resource, bound: RestoreBound, work: SpanWork, span: readonly (WhatIfPhase | undefined)[], speedup: number): RestoreBound {
  const phases = span.filter((p): p is WhatIfPhase => p !== undefined);
  const spanMs = phases.reduce((sum, p) => sum + p.facts.durationMs, 0);
  const ceiling = bound.doubledCeiling;
  // From the rounded figures, as the what-if prints them.
  if (!bound.measured || spanMs <= 0 || Math.round(bound.lowerMs) >= Math.round(spanMs / speedup) || ceiling === undefined || ceiling <= 0) return bound;
  const ownShare = work.span.writtenBytes > 0 ? Math.min(1, work.own.writtenBytes / work.span.writtenBytes) : 1;
  const oneDevice = phases.every((p) => p.facts.deviceIndex !== null && p.facts.deviceIndex === phases[0]?.facts.deviceIndex);
  if (!oneDevice) return { ...bound, half: { kind: 'several-disks', spanMs, ranAtCeilingShare: null, ownShare } };
  const done = resource === 'disk-bandwidth' ? work.span.writtenBytes : work.span.writes;
  const ranAtCeilingShare = done / (spanMs / 1000) / ceiling;
  if (ranAtCeilingShare >= HALF_RULE_BELOW_SHARE) return { ...bound, half: { kind: 'beyond', spanMs, ranAtCeilingShare, ownShare } };
  return { ...bound, lowerMs: spanMs / speedup, half: { kind: 'held', spanMs, ranAtCeilingShare, ownShare } };
}

interface DiskWork {
  writtenBytes: number;
  writes: number;
  readBytes: number;
  reads: number;
}

function deviceWork(phases: readonly (WhatIfPhase | undefined)[]): DiskWork {
  const w: DiskWork = { writtenBytes: 0, writes: 0, readBytes: 0, reads: 0 };
  for (const p of phases) {
    const d = p?.facts.disk;
    if (!d) continue;
    w.writtenBytes += d.writtenBytes;
    // Under a cap on bios, each merged bio was a request the cap counted.
    w.writes += d.writes + (p.iopsCount === 'before-merge' ? (d.writeMergesPerSecond * d.durationMs) / 1000 : 0);
    w.readBytes += d.readBytes;
    w.reads += d.reads;
  }
  return w;
}

/**
 * The part of the device's writes that must be on disk for the restore's files to be: tar's own
 * bytes (/proc/<pid>/io), requests scaled alike, and, for a faster disk, the archive's pages the span
 * must still write (archiveInSpanBytes): the archive is the restore's, and the flusher takes it first,
 * its inode being the oldest dirty one. (A faster CPU deletes it sooner: there it is left out.) Another
 * writer's bytes need not be on disk, and under a faster disk a writer at a fixed rate writes fewer of
 * them in the shorter time; file-system metadata and journal are left out too (they cannot be told from
 * another writer's below METADATA_OVERHEAD_SHARE), which keeps the bound a lower one. (The lab's
 * bio-iops-cap: ~10 MB of the archive in ~135 MB written, none of it during the download; it adds 2-3
 * points to the IOPS bound.)
 * Without per-process I/O (schema 1), the device's bytes.
 */
function ownWork(extract: WhatIfPhase | undefined, span: DiskWork, archiveBytes = 0): DiskWork {
  const tar = extract?.facts.ownIo?.writeBytes;
  if (tar === undefined || tar <= 0 || span.writtenBytes <= 0) return span;
  const own = tar + archiveBytes;
  if (own >= span.writtenBytes) return span;
  const share = own / span.writtenBytes;
  return { ...span, writtenBytes: own, writes: span.writes * share };
}

/** The device's writes per second that were not the restore's (ownWork): another writer, metadata and journal. */
interface Competing {
  bytesPerSecond: number;
  writesPerSecond: number;
}
const NO_COMPETITION: Competing = { bytesPerSecond: 0, writesPerSecond: 0 };

/**
 * What else the device wrote over extraction and tail, as rates. Under a faster disk another writer
 * is taken to keep its pace (a greedy one takes more, a fixed batch as much in less time): it still
 * takes that share of the doubled ceiling while the restore runs. Metadata and journal are a fixed
 * amount rather than a pace, and a rate spreads less of them over a shorter restore, so the bound
 * stays a lower one.
 */
function competing(span: DiskWork, own: DiskWork, spanMs: number): Competing {
  if (spanMs <= 0) return NO_COMPETITION;
  const s = spanMs / 1000;
  return { bytesPerSecond: Math.max(0, span.writtenBytes - own.writtenBytes) / s, writesPerSecond: Math.max(0, span.writes - own.writes) / s };
}

/**
 * Milliseconds the disk needs for `work` with the given ceilings multiplied as asked, less what
 * competing writes take of them. Never below the ceiling as it was: the restore had at least that
 * much beside them (the demonstrated ceiling is at least the span's rate, so 2C - W >= C).
 */
function diskMs(
  work: DiskWork,
  c: Ceilings,
  factor: { bandwidth: number; iops: number },
  other: Competing = NO_COMPETITION,
  burst: BurstCredit | null = null,
): number {
  // (Each part is the time one ceiling needs; a kind without a ceiling adds no part.)
  const left = (ceiling: number, times: number, taken: number) => Math.max(ceiling * times - taken, ceiling);
  const parts = [0];
  if (c.seqWriteBytesPerSecond) {
    const rate = left(c.seqWriteBytesPerSecond, factor.bandwidth, other.bytesPerSecond);
    // The bytes a burst credit carried go at the burst's own rate, which no relaxation of the baseline
    // changes (or at the relaxed baseline, if that is faster); the rest at the baseline's (burstCredit).
    const credit = burst ? Math.min(work.writtenBytes, burst.bytes * burst.ownShare) : 0;
    const burstRate = burst && burst.ms > 0 ? (burst.bytes / burst.ms) * 1000 : rate;
    const creditSeconds = credit > 0 ? credit / Math.max(rate, left(burstRate, 1, other.bytesPerSecond)) : 0;
    parts.push(creditSeconds + (work.writtenBytes - credit) / rate);
  }
  if (c.seqReadBytesPerSecond) parts.push(work.readBytes / (c.seqReadBytesPerSecond * factor.bandwidth));
  if (c.randWriteIops && iopsIsOwnLimit(c.randWriteIops, c.seqWriteBytesPerSecond))
    parts.push(work.writes / left(c.randWriteIops, factor.iops, other.writesPerSecond));
  if (c.randReadIops && iopsIsOwnLimit(c.randReadIops, c.seqReadBytesPerSecond)) parts.push(work.reads / (c.randReadIops * factor.iops));
  return Math.max(...parts) * 1000;
}

/** CPU time the busiest single process needs: no disk speed-up beats it. */
function cpuFloorMs(p: WhatIfPhase | undefined): number {
  if (!p) return 0;
  const f = p.facts;
  if (f.busiestProcess) return f.busiestProcess.cores * f.durationMs;
  // Schema 1: tar and zstd together; the busier of two stages needs at least half of it.
  return f.childCores === null ? 0 : (f.childCores * f.durationMs) / 2;
}

/**
 * The time a CPU-bound phase needs for its CPU work at the rate its rule found, never more than it
 * took: what a disk or network what-if cannot shorten. Its wall time would carry this run's CPU noise
 * into the bound (the lab's cloud-volume: one extraction took 516 ms against ~420 ms in the other
 * runs, tar's CPU-seconds 5-8 % higher, and the IOPS what-if that saved nothing sat at 105 %).
 * - one process at its reach (cpu-process): its CPU time (the snapshots' lower figure) at one core, or
 *   at the quota below it;
 * - the step's quota (cpu-quota), where the group's usage was read and reached the quota
 *   (QUOTA_FULL_SHARE): the group's CPU work over the quota, or the busiest process's at what one
 *   process could reach (quotaFloorMs at the quota as it was). Without the usage (v1 without cpuacct
 *   beside cpu), or below the quota, the wall time stays: the busiest process alone is not the group's
 *   work (two-vcpu-shared: 0.41 of its 0.6-core quota, which would make the bound a third short of the
 *   extraction and the network what-if the verdict);
 * - tar and zstd at a full core together (cpu-pipeline): their exact CPU total at one core, the
 *   rule's own premise that they shared it;
 * - a starved extraction (cpu-starved) got only part of a core: its CPU work at the share it got is
 *   its wall time, which stays.
 * The phase's wall time where the CPU was not metered, and for any other verdict.
 */
export function cpuWorkMs(p: WhatIfPhase | undefined): number {
  if (!p) return 0;
  const f = p.facts;
  const d = f.durationMs;
  if (p.bottleneck !== 'cpu') return d;
  const reach = f.cpuReach.cores;
  let work: number | null = null;
  if (p.rule === 'cpu-process') {
    const cores = p.name === 'download' ? (f.selfCoresBounds?.atLeast ?? null) : (f.busiestProcess?.cores ?? f.childCores);
    work = cores === null ? null : (cores * d) / reach;
  } else if (p.rule === 'cpu-quota') {
    const g = f.cgroupCpu;
    const atQuota = g?.quotaCores != null && g.usageCores !== null && g.usageCores >= QUOTA_FULL_SHARE * g.quotaCores;
    work = atQuota ? quotaFloorMs(f, 1) : null;
  } else if (p.rule === 'cpu-pipeline') {
    work = f.childCores === null ? null : (f.childCores * d) / reach;
  }
  return work === null ? d : Math.min(d, work);
}

/**
 * Whether the kernel held the extraction's pages until tar exited: the disk wrote under
 * ABSORBED_SHARE of the span's bytes before then. Not where the disk was reached only late in
 * extraction (restore paths on several disks: idleLeadMs) and from then on wrote more than that share
 * of what its bandwidth ceiling allowed: the kernel was writing back, and a faster disk writes more
 * before tar exits. (The lab's two-disks: typescript's disk, capped at 8 MiB/s, idle for 0.45 s of a
 * 0.64 s extraction, then 0.8 MB in 0.19 s, half what the cap allows; read as absorbed, the tail was
 * added to extraction and the bound was 106-112 % of the doubled time.)
 */
function absorbed(extract: WhatIfPhase | undefined, span: DiskWork, c: Ceilings): boolean {
  const early = extract?.facts.disk?.writtenBytes;
  if (early === undefined || !wroteAlmostNothingEarly(early, span.writtenBytes)) return false;
  const lead = extract?.idleLeadMs;
  const writingS = ((extract?.facts.durationMs ?? 0) - (lead ?? 0)) / 1000;
  const reached = lead !== undefined && writingS > 0 && c.seqWriteBytesPerSecond !== null;
  return !(reached && early >= ABSORBED_SHARE * (c.seqWriteBytesPerSecond ?? 0) * writingS);
}

/**
 * A burst credit spent during the restore (gp2, Azure premium disks' credit bursting, a throttle that
 * lets more through at first): the device wrote above its probed bandwidth ceiling from the start of
 * extraction, then held the restore at that ceiling for the rest. The later stretch is the evidence
 * that the ceiling moved rather than that the probe understated it: for SUSTAINED_RATE_MS or more the
 * volume, busy with the restore (at NEAR_CEILING_SHARE of the probe or more), went no faster than
 * fio's figure. The volume then had two ceilings, one after the other: the burst's rate for the
 * bytes its credit carried, the baseline (fio's figure) for the rest. What a user can double on such
 * a volume is the baseline (a gp2 volume twice the size, the next Azure tier, the lab's intervention):
 * the burst's rate is the provider's and its credit a number of bytes, both as they were. So the
 * bytes the burst carried take the time they took (or their time at the doubled baseline, if that is
 * faster) and the rest go at twice the baseline; the sentence says the burst was left as it was.
 * Raising the baseline to the span's average instead (demonstrated) spread the burst over every byte
 * and doubled it there: 67-80 % of the doubled time in the lab bench, a baseline the volume never had.
 *
 * Found on the cumulative bytes the device wrote over extraction and tail, W(t): the burst ends at
 * the first point after which W never again leads a line at the probed rate by more than that rate
 * writes in CEILING_WINDOW_MS (a throttle's slices release bursts that even out over that long; a
 * credit does not), and its own lead over that line must be more than that too. Without a probed
 * bandwidth ceiling the line is at the rate the disk held over the span's last SUSTAINED_RATE_MS,
 * which then stands in for the baseline (relaxedCeilings), in place of an average with the burst in it.
 * Null on several devices (the bound is per device) or without the series to read it on.
 */
interface BurstCredit {
  /** Device bytes written from the span's start to the burst's end, and how long that took. */
  bytes: number;
  ms: number;
  /** The ceiling the volume fell to (its baseline): fio's figure, or without one the rate held over the span's last SUSTAINED_RATE_MS. */
  baselineBytesPerSecond: number;
  baselineProbed: boolean;
  /** The restore's own share of the device's bytes over the span (ownWork), applied to the burst's bytes. */
  ownShare: number;
}

function burstCredit(c: Ceilings, phases: readonly (WhatIfPhase | undefined)[], ownShare: number): BurstCredit | null {
  const withDisk = phases.filter((p): p is WhatIfPhase => p?.facts.disk != null);
  const device = withDisk[0]?.facts.deviceIndex ?? null;
  if (device === null || withDisk.some((p) => p.facts.deviceIndex !== device)) return null;
  const points: { tMs: number; sectors: number }[] = [];
  for (const p of withDisk)
    for (const s of p.facts.series) {
      const sectors = s.disks[device]?.sectorsWritten;
      if (sectors === undefined || (points.length > 0 && s.tMs <= (points.at(-1)?.tMs ?? 0))) continue;
      points.push({ tMs: s.tMs, sectors });
    }
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || points.length < 3) return null;
  const bytesAt = (i: number) => ((points[i]?.sectors ?? first.sectors) - first.sectors) * 512;
  const msAt = (i: number) => (points[i]?.tMs ?? first.tMs) - first.tMs;
  // Without a probed bandwidth ceiling, the rate the disk held over the span's last SUSTAINED_RATE_MS
  // is the baseline candidate: a credit is spent first, and the volume holds its baseline to the end.
  let ceiling = c.seqWriteBytesPerSecond;
  if (ceiling === null) {
    let from = points.length - 1;
    while (from > 0 && last.tMs - (points[from]?.tMs ?? 0) < SUSTAINED_RATE_MS) from--;
    const heldMs = msAt(points.length - 1) - msAt(from);
    if (heldMs < SUSTAINED_RATE_MS) return null;
    ceiling = ((bytesAt(points.length - 1) - bytesAt(from)) / heldMs) * 1000;
  }
  if (ceiling <= 0) return null;
  // The burst ends at the first point after which the device never got ahead of the probed rate by
  // more than a throttle's slices release (the suffix's highest W(t) - ceiling·t, against this point's).
  const slack = (ceiling * CEILING_WINDOW_MS) / 1000;
  const ahead = (i: number) => bytesAt(i) - (ceiling * msAt(i)) / 1000;
  const suffixMax: number[] = new Array(points.length).fill(-Infinity);
  for (let i = points.length - 2; i >= 0; i--) suffixMax[i] = Math.max(suffixMax[i + 1] ?? -Infinity, ahead(i + 1));
  let end = 0;
  while (end < points.length - 1 && (suffixMax[end] ?? -Infinity) - ahead(end) > slack) end++;
  const lead = ahead(end);
  const afterMs = last.tMs - (points[end]?.tMs ?? last.tMs);
  const afterRate = afterMs > 0 ? ((bytesAt(points.length - 1) - bytesAt(end)) / afterMs) * 1000 : 0;
  const burstRate = msAt(end) > 0 ? (bytesAt(end) / msAt(end)) * 1000 : 0;
  // The restore's own bytes must have run above the probe: where another writer shared the device, the
  // device's rate over the probe may be that writer's (the lab's second-writer: a probe beside it read
  // 31.8 of a 40 MiB/s cap, the device then ran at 1.3-1.4x that, the restore's own share at 0.9x).
  if (end === 0 || lead <= slack || burstRate * ownShare < ABOVE_CEILING_SHARE * ceiling) return null;
  if (afterMs < SUSTAINED_RATE_MS || afterRate < NEAR_CEILING_SHARE * ceiling) return null;
  return { bytes: bytesAt(end), ms: msAt(end), baselineBytesPerSecond: ceiling, baselineProbed: c.seqWriteBytesPerSecond !== null, ownShare };
}

/** The work each ceiling kind counts, over a span's device writes and reads. */
const WORK_OF: Record<CeilingKind, (w: DiskWork) => number> = {
  seqWriteBytesPerSecond: (w) => w.writtenBytes,
  seqReadBytesPerSecond: (w) => w.readBytes,
  randWriteIops: (w) => w.writes,
  randReadIops: (w) => w.reads,
};
const CEILING_KINDS = Object.keys(WORK_OF) as CeilingKind[];

/**
 * The ceilings, raised to any rate the disk sustained: a throttle lets a little more through than
 * its setting and a probe can read a little low, and a bound from a ceiling below what the disk did
 * is no lower bound. Only a phase of SUSTAINED_RATE_MS or more, or extraction and tail together,
 * may raise them: a 0.2-0.7 s tail bursts through blkio at up to 3x its rate (the lab's
 * disk-iops tail: 1,444 writes/s under a 1,000 IOPS cap), and a doubled burst is no doubled disk.
 * A kind under a cgroup cap on the device (`from`, cgroup-io.ts) is raised by extraction and tail
 * together only: blkio lets a burst through and then holds the group back for as long, and the two
 * can fall in different phases (the lab's bio-iops-cap: 17k bios/s for 0.1 s at extraction's end,
 * nothing for the tail's first 0.7 s; extraction alone at 110 % of the 2,000 IOPS cap, the span at
 * 97 %), so one phase's average is no rate the disk holds.
 */
function demonstrated(c: Ceilings, phases: readonly (WhatIfPhase | undefined)[], burst: BurstCredit | null = null): Ceilings {
  const withDisk = phases.filter((p): p is WhatIfPhase => p?.facts.disk != null);
  const msOf = (ps: readonly WhatIfPhase[]) => ps.reduce((sum, p) => sum + (p.facts.disk?.durationMs ?? 0), 0);
  const alone = withDisk.map((p) => [p]);
  const together = withDisk.length > 1 ? [withDisk] : alone;
  const held = (candidates: readonly WhatIfPhase[][]) => candidates.filter((ps) => msOf(ps) >= SUSTAINED_RATE_MS);
  const sustained = held([...alone, ...(withDisk.length > 1 ? [withDisk] : [])]);
  const capped = (kind: CeilingKind) => c.from?.[kind] !== undefined;
  const highest = (kind: CeilingKind): number => {
    let top = 0;
    for (const ps of capped(kind) ? held(together) : sustained) top = Math.max(top, WORK_OF[kind](deviceWork(ps)) / (msOf(ps) / 1000));
    return top;
  };
  const out = { ...c };
  for (const kind of CEILING_KINDS) {
    const value = out[kind];
    // After a burst credit the volume ran at the probed rate, not above it: its bytes are the burst's (burstCredit).
    if (!value || (kind === 'seqWriteBytesPerSecond' && burst)) continue;
    out[kind] = Math.max(value, highest(kind));
  }
  return out;
}

/**
 * Without a probed ceiling of the kind relaxed (no fio, O_DIRECT refused, `probes: none`), the
 * highest rate of that kind the restore itself sustained for SUSTAINED_RATE_MS stands in for it: the
 * disk did at least that, and the bound is over twice that. Null when there is none: not measured.
 */
function relaxedCeilings(
  c: Ceilings,
  resource: 'disk-bandwidth' | 'disk-iops',
  phases: readonly (WhatIfPhase | undefined)[],
  burst: BurstCredit | null = null,
): Ceilings | null {
  const probedKind = resource === 'disk-bandwidth' ? c.seqWriteBytesPerSecond : c.randWriteIops;
  if (probedKind !== null && (resource === 'disk-bandwidth' || iopsIsOwnLimit(c.randWriteIops, c.seqWriteBytesPerSecond))) return c;
  // After a burst credit the baseline the volume held stands in, not an average with the burst in it.
  if (resource === 'disk-bandwidth' && burst) return { ...c, seqWriteBytesPerSecond: burst.baselineBytesPerSecond };
  const withDisk = phases.filter((p): p is WhatIfPhase => p?.facts.disk != null);
  const msOf = (ps: readonly WhatIfPhase[]) => ps.reduce((sum, p) => sum + (p.facts.disk?.durationMs ?? 0), 0);
  const sustained = [...withDisk.map((p) => [p]), ...(withDisk.length > 1 ? [withDisk] : [])].filter((ps) => msOf(ps) >= SUSTAINED_RATE_MS);
  let write = 0;
  for (const ps of sustained) {
    const w = deviceWork(ps);
    write = Math.max(write, (resource === 'disk-bandwidth' ? w.writtenBytes : w.writes) / (msOf(ps) / 1000));
  }
  if (write <= 0) return null;
  // Only the relaxed kind, and only writes (what a restore's disk-bound phases wait on): a sustained
  // rate is no ceiling of another kind or direction, which stays unknown and adds no part. The
  // archive's reads ran at tar's pace, not at a limit, so their rate would make a bound of half the span.
  return resource === 'disk-bandwidth' ? { ...c, seqWriteBytesPerSecond: write } : { ...c, randWriteIops: write };
}

/** What the extraction and tail bounds read, worked out once: the device's writes over the span, the restore's own part of them, a burst credit. */
interface SpanWork {
  span: DiskWork;
  own: DiskWork;
  burst: BurstCredit | null;
}

function spanWork(extract: WhatIfPhase | undefined, tail: WhatIfPhase | undefined, probed: Ceilings, archiveBytes: number): SpanWork {
  const span = deviceWork([extract, tail]);
  const own = ownWork(extract, span, archiveBytes);
  return { span, own, burst: burstCredit(probed, [extract, tail], span.writtenBytes > 0 ? own.writtenBytes / span.writtenBytes : 1) };
}

/**
 * The archive's pages the span must still write under the relaxed disk: those the download dirtied and
 * deleting it did not drop (archiveWrittenBytes), less what the relaxed disk could have written of them
 * while the download ran (its time at the relaxed bandwidth ceiling, or what the device wrote then, if
 * more). A faster disk writes more of the archive during the download, whose time hides it: counted in
 * the span as the plain run wrote them, the lab's disk-bandwidth bound was 99-107 % of the doubled time.
 * None without a bandwidth ceiling to bound the download's share by.
 */
export function archiveInSpanBytes(
  resource: Resource,
  download: WhatIfPhase | undefined,
  extract: WhatIfPhase | undefined,
  c: Ceilings,
  speedup: number,
): number {
  const written = archiveWrittenBytes(download?.facts, extract?.facts);
  const bandwidth = c.seqWriteBytesPerSecond;
  if (!download || written <= 0 || bandwidth === null) return 0;
  const relaxed = bandwidth * (resource === 'disk-bandwidth' ? speedup : 1);
  const duringDownload = Math.max(download.facts.disk?.writtenBytes ?? 0, (relaxed * download.facts.durationMs) / 1000);
  return Math.max(0, written - duringDownload);
}

function spanBound(
  resource: Resource,
  phases: { download?: WhatIfPhase; extract?: WhatIfPhase; tail?: WhatIfPhase },
  probed: Ceilings,
  speedup: number,
): RestoreBound {
  const { download, extract, tail } = phases;
  const e = extract?.facts.durationMs ?? 0;
  const t = tail?.facts.durationMs ?? 0;
  const judged = extract?.bottleneck === resource || tail?.bottleneck === resource;
  const disk = isDiskResource(resource);
  const archive = disk ? archiveInSpanBytes(resource, download, extract, demonstrated(probed, [extract, tail]), speedup) : 0;
  const work = spanWork(extract, tail, probed, archive);
  const { burst } = work;
  const shown = burst && resource === 'disk-bandwidth' ? { burst } : {};
  if (disk && judged) {
    const c = relaxedCeilings(demonstrated(probed, [extract, tail], burst), resource, [extract, tail], burst);
    // Not measured: the span taken as free is the only bound that claims nothing.
    if (c === null) return { lowerMs: 0, upperMs: null, measured: false };
    const bound = { lowerMs: spanBoundMs(resource, extract, tail, c, speedup, work), upperMs: null, measured: true, ...shown, ...doubledOf(c, resource) };
    return withHalfRule(resource, bound, work, [extract, tail], speedup);
  }
  const held = demonstrated(probed, [extract, tail], burst);
  const unchanged = spanBoundMs(resource, extract, tail, held, speedup, work);
  // Nothing shortened but a CPU-bound extraction read as its CPU work: the time stays, at most.
  const stays = unchanged >= Math.min(e, cpuWorkMs(extract)) + t;
  const bound = { lowerMs: unchanged, upperMs: stays ? e + t : null, measured: true, ...shown, ...doubledOf(held, resource) };
  return disk ? withHalfRule(resource, bound, work, [extract, tail], speedup) : bound;
}

/** The write ceiling of the disk kind a what-if relaxes, as the bound used it; none for the network and the CPU. */
function writeCeilingOf(c: Ceilings, resource: Resource): number | null {
  if (resource === 'disk-bandwidth') return c.seqWriteBytesPerSecond;
  return resource === 'disk-iops' ? c.randWriteIops : null;
}

function doubledOf(c: Ceilings, resource: Resource): { doubledCeiling?: number } {
  const value = writeCeilingOf(c, resource);
  return value === null ? {} : { doubledCeiling: value };
}

function spanBoundMs(
  resource: Resource,
  extract: WhatIfPhase | undefined,
  tail: WhatIfPhase | undefined,
  c: Ceilings,
  speedup: number,
  { span, own, burst }: SpanWork,
): number {
  const e = extract?.facts.durationMs ?? 0;
  const t = tail?.facts.durationMs ?? 0;
  // What a CPU-bound extraction needs whatever the disk: its CPU work (cpuWorkMs), not its wall time.
  const eWork = cpuWorkMs(extract);
  const tailDevice = deviceWork([tail]);
  const ownShare = span.writtenBytes > 0 ? own.writtenBytes / span.writtenBytes : 1;
  const tailOwn = { ...tailDevice, writtenBytes: tailDevice.writtenBytes * ownShare, writes: tailDevice.writes * ownShare };
  const kernelWaited = absorbed(extract, span, c);
  const same = { bandwidth: 1, iops: 1 };
  if (isDiskResource(resource)) {
    const faster = resource === 'disk-bandwidth' ? { bandwidth: speedup, iops: 1 } : { bandwidth: 1, iops: speedup };
    const other = competing(span, own, e + t);
    // An extraction judged the other disk kind is still shortened by this one where the two limits
    // shared its time (a throttle's bursts at the bandwidth cap between IOPS-capped stretches): its work
    // over the other kind's unchanged ceiling bounds it, when that ceiling was probed or is a cgroup cap
    // (never a rate merely sustained: relaxedCeilings' stand-in is for the kind relaxed only).
    const otherKind = resource === 'disk-bandwidth' ? 'disk-iops' : 'disk-bandwidth';
    const otherProbed = otherKind === 'disk-bandwidth' ? c.seqWriteBytesPerSecond !== null : iopsIsOwnLimit(c.randWriteIops, c.seqWriteBytesPerSecond);
    if (extract?.bottleneck === resource || (extract?.bottleneck === otherKind && otherProbed))
      return Math.min(e + t, Math.max(cpuFloorMs(extract), diskMs(own, c, faster, other, burst)));
    if (tail?.bottleneck === resource) {
      const lead = extract?.idleLeadMs ?? 0;
      return Math.min(
        e + t,
        kernelWaited ? eWork + diskMs(tailOwn, c, faster, NO_COMPETITION, burst) : Math.max(eWork, lead + diskMs(own, c, faster, other, burst)),
      );
    }
    return eWork + t;
  }
  if (resource === 'cpu' && extract?.bottleneck === 'cpu') {
    // Absorbed: the kernel wrote nothing while tar ran, so it writes it all after tar whatever the CPU: the tail stays.
    // Under a cgroup quota the intervention raises the quota: never faster than the work over the raised quota.
    const cpuMs = extract ? Math.max(e / speedup, quotaFloorMs(extract.facts, speedup)) : e / speedup;
    return Math.min(e + t, kernelWaited ? cpuMs + t : Math.max(cpuMs, diskMs(own, c, same, NO_COMPETITION, burst)));
  }
  return eWork + t;
}

function restoreBounds(phases: readonly WhatIfPhase[], resource: Resource, ceilings: Ceilings, speedup = WHAT_IF_SPEEDUP): RestoreBound {
  const download = phases.find((p) => p.name === 'download');
  const extract = phases.find((p) => p.name === 'extract');
  const tail = phases.find((p) => p.name === 'writeback');
  const span = extract || tail ? spanBound(resource, { download, extract, tail }, ceilings, speedup) : { lowerMs: 0, upperMs: 0, measured: true };
  let lowerMs = span.lowerMs;
  let upperMs = span.upperMs;
  for (const p of phases) {
    if (p.name === 'extract' || p.name === 'writeback') continue;
    // The lookup is a round trip: a faster network rate does not shorten it.
    const shortened = p.name === 'download' && p.bottleneck === resource;
    // A pause with nothing in flight stays whatever the network's rate (the disk's or the toolkit's).
    const stays = resource === 'network' ? Math.min(p.facts.durationMs, p.notNetworkMs ?? 0) : 0;
    lowerMs += shortened ? (p.facts.durationMs - stays) / speedup + stays : cpuWorkMs(p);
    // A shortened phase has no measured upper bound (see the header); an unshortened one keeps its time.
    upperMs = upperMs === null || shortened ? null : upperMs + p.facts.durationMs;
  }
  return {
    lowerMs,
    upperMs,
    measured: span.measured,
    ...(span.burst ? { burst: span.burst } : {}),
    ...(span.doubledCeiling !== undefined ? { doubledCeiling: span.doubledCeiling } : {}),
    ...(span.half ? { half: span.half } : {}),
  };
}

export function restoreLowerBoundMs(phases: readonly WhatIfPhase[], resource: Resource, ceilings: Ceilings, speedup = WHAT_IF_SPEEDUP): number {
  return restoreBounds(phases, resource, ceilings, speedup).lowerMs;
}

function ceilingFrom(c: Ceilings, resource: Resource): CeilingFromFacts | undefined {
  if (resource === 'disk-bandwidth') return c.from?.seqWriteBytesPerSecond?.facts;
  return resource === 'disk-iops' ? c.from?.randWriteIops?.facts : undefined;
}

/**
 * Where the bound doubled a rate the disk sustained above the figure the ceilings name (demonstrated,
 * or relaxedCeilings without one), the sentence names that rate: "the ceiling doubled is fio's 1865
 * IOPS" beside a bound from 1,940 would not follow. Within RAISED_SHARE of the named figure, the name stands.
 */
function raisedCeiling(c: Ceilings, resource: Resource, doubled: number | undefined): WhatIfFacts['raised'] {
  const named = writeCeilingOf(c, resource);
  if (doubled === undefined || (named !== null && doubled <= RAISED_SHARE * named)) return null;
  return { doubledCeiling: doubled, namedCeiling: named };
}

/** One what-if per resource, about the time until the files are on disk (the step plus the tail). */
/** `diskName`: the device the disk what-ifs are about when it is not the restore's (restore paths on several disks). */
export function whatIfs(phases: readonly WhatIfPhase[], ceilings: Ceilings, speedup = WHAT_IF_SPEEDUP, diskName?: string): WhatIf[] {
  const nowMs = phases.reduce((s, p) => s + p.facts.durationMs, 0);
  if (nowMs <= 0) return [];
  return RESOURCES.map((resource) => {
    const b = restoreBounds(phases, resource, ceilings, speedup);
    // The same bound with every phase at its wall time: at the restore's time, only CPU work shortened this one.
    const onlyCpuWork =
      b.measured &&
      restoreBounds(
        phases.map(({ rule: _, ...p }) => p),
        resource,
        ceilings,
        speedup,
      ).lowerMs >= nowMs;
    const lower = Math.min(nowMs, b.lowerMs);
    const upper = b.upperMs === null ? null : Math.max(lower, Math.min(nowMs, b.upperMs));
    // From the rounded figures, so the fields add up as printed.
    const atMost = Math.round(nowMs) - Math.round(lower);
    const atLeast = upper === null ? null : Math.round(nowMs) - Math.round(upper);
    const outcome: WhatIfOutcome = !b.measured
      ? 'not-measured'
      : atMost < 0.01 * nowMs
        ? 'no-saving'
        : onlyCpuWork
          ? 'only-cpu-work'
          : !phases.some((p) => p.bottleneck === resource)
            ? // A bound the other disk kind allows (both limits can share extraction's time): not a saving of a resource no phase was bound by.
              'second-limit'
            : upper !== null && atLeast !== null && atLeast > 0
              ? 'range'
              : 'at-most';
    // What the bound doubled, where it saves: a burst credit's baseline, a rate sustained above the
    // ceiling's figure, or a cgroup cap (cgroup-io.ts), whose figure is no fio measurement.
    const saves = b.measured && atMost >= 0.01 * nowMs;
    const from = saves ? (ceilingFrom(ceilings, resource) ?? null) : null;
    const burst = saves && b.burst ? b.burst : null;
    const facts: WhatIfFacts = {
      outcome,
      nowMs,
      lowerMs: lower,
      upperMs: upper,
      phases: phases.map((p) => ({ phase: p.name, bottleneck: p.bottleneck, durationMs: p.facts.durationMs, cpuWorkMs: cpuWorkMs(p) })),
      cpuQuotaCores: resource === 'cpu' ? quotaOf(phases) : null,
      device: diskName && isDiskResource(resource) ? diskName : null,
      ceilingFacts: from,
      raised: saves ? raisedCeiling(ceilings, resource, b.doubledCeiling) : null,
      burst: burst && { bytes: burst.bytes, ms: burst.ms, baselineBytesPerSecond: burst.baselineBytesPerSecond, baselineProbed: burst.baselineProbed },
    };
    return {
      resource,
      speedup,
      restoreLowerBoundMs: Math.round(lower),
      restoreUpperBoundMs: upper === null ? null : Math.round(upper),
      restoreMs: Math.round(nowMs),
      savingAtMostMs: atMost,
      savingAtLeastMs: atLeast,
      measured: b.measured,
      about: 'until-on-disk',
      ...(b.half ? { half: b.half } : {}),
      facts,
    };
  });
}
