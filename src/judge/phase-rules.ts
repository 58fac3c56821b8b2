/**
 * One verdict per phase. Each rule returns the bottleneck, a clause that says why in figures (the
 * overall sentence reuses it) and the evidence. Pure.
 */
import type { Bottleneck, PhaseName, PhaseVerdict, Profile } from '../profile/schema.js';
import { hasCeilings, type Ceilings } from './ceilings.js';
import { diskSignals, type DiskSignals } from './disk-signals.js';
import { candidate, settle, type Candidate } from './evidence.js';
import { bytes, formatNumber, iops, mibPerSecond, percent, seconds } from './format.js';
import type { PhaseFacts } from './phase-facts.js';
import {
  BUSY_CPU_SHARE,
  CHILD_CPU_FULL_CORE,
  CHILD_CPU_IDLE_CORE,
  CHILD_CPU_WORKING_CORE,
  CPU_PRESSURE_HIGH,
  DIRTY_THROTTLE_SHARE,
  FAR_BELOW_CEILING_SHARE,
  IDLE_UTIL_PERCENT,
  IO_PRESSURE_HIGH,
  IO_PRESSURE_LOW,
  WRITEBACK_TAIL_SHARE,
} from './thresholds.js';

export interface PhaseJudgement extends PhaseVerdict {
  phase: PhaseName;
  /** The "why" in figures, lower-case, no final stop: "extraction wrote at 48 MiB/s, 96% of ...". */
  clause: string;
  durationMs: number;
}

export interface PhaseInput {
  profile: Profile;
  name: PhaseName;
  facts: PhaseFacts;
  ceilings: Ceilings;
  /** Restore time incl. the writeback tail when measured, for shares of the whole. */
  totalMs: number;
  networkBytes: number | null;
}

const NOUN: Record<PhaseName, string> = {
  lookup: 'the cache lookup',
  download: 'the download',
  extract: 'extraction',
  writeback: 'the writeback tail',
};

function finish(input: PhaseInput, bottleneck: Bottleneck, clause: string, candidates: Candidate[]): PhaseJudgement {
  return {
    phase: input.name,
    bottleneck,
    clause,
    sentence: `${clause.charAt(0).toUpperCase()}${clause.slice(1)}.`,
    evidence: settle(candidates, bottleneck),
    durationMs: input.facts.durationMs,
  };
}

/** Dirty limit in bytes: vm.dirty_bytes when set, else dirty_ratio of RAM (an over-estimate; see thresholds). */
export function dirtyLimitBytes(profile: Profile): number | null {
  const c = profile.context;
  if (c.dirtyBytesLimit && c.dirtyBytesLimit > 0) return c.dirtyBytesLimit;
  if (c.dirtyRatio && c.dirtyRatio > 0 && c.memoryBytes > 0) return (c.dirtyRatio / 100) * c.memoryBytes;
  return null;
}

interface CpuSignals {
  saturated: boolean;
  candidates: Candidate[];
}

function cpuSignals(facts: PhaseFacts, withChildren: boolean): CpuSignals {
  const c: Candidate[] = [];
  let saturated = false;
  if (withChildren && facts.childCores !== null) {
    const full = facts.childCores >= CHILD_CPU_FULL_CORE;
    saturated ||= full;
    c.push(candidate('child-cpu-cores', `tar and zstd used ${formatNumber(facts.childCores)} of a core`, facts.childCores, 'cores',
      full ? ['cpu'] : facts.childCores < CHILD_CPU_IDLE_CORE ? ['disk-bandwidth', 'disk-iops', 'writeback', 'network', 'none'] : [],
      CHILD_CPU_FULL_CORE));
  }
  if (facts.cpu?.busiestCpu != null) {
    const busy = facts.cpu.busiestCpu >= BUSY_CPU_SHARE;
    saturated ||= busy;
    c.push(candidate('busiest-cpu', `the busiest CPU was busy ${percent(facts.cpu.busiestCpu)} of the time`, facts.cpu.busiestCpu, 'share',
      busy ? ['cpu'] : ['disk-bandwidth', 'disk-iops', 'writeback', 'network', 'none'], BUSY_CPU_SHARE));
  }
  if (facts.cpu) {
    const all = facts.cpu.busy >= BUSY_CPU_SHARE;
    saturated ||= all;
    c.push(candidate('cpu-busy', `all CPUs together were busy ${percent(facts.cpu.busy)} of the time`, facts.cpu.busy, 'share',
      all ? ['cpu'] : [], BUSY_CPU_SHARE));
    if (facts.cpu.steal > 0.01) {
      c.push(candidate('cpu-steal', `the hypervisor stole ${percent(facts.cpu.steal)} of CPU time`, facts.cpu.steal, 'share', ['cpu']));
    }
  }
  if (facts.pressure.cpuSome !== null) {
    const high = facts.pressure.cpuSome >= CPU_PRESSURE_HIGH;
    // PSI cpu is machine-wide: it condemns the CPU only when our children were working and still
    // waited for a CPU; otherwise another process's wait proves nothing here. "Working" starts at a
    // tenth of a core, not half: children under a CPU quota run only for their share (see
    // CHILD_CPU_WORKING_CORE); the extract rule also requires the disk far below its ceilings.
    saturated ||= high && withChildren && facts.childCores !== null && facts.childCores >= CHILD_CPU_WORKING_CORE;
    c.push(candidate('cpu-pressure-some', `runnable tasks waited for a CPU ${percent(facts.pressure.cpuSome)} of the time (PSI cpu some)`,
      facts.pressure.cpuSome, 'share', high ? ['cpu'] : [], CPU_PRESSURE_HIGH));
  }
  return { saturated, candidates: c };
}

function diskBound(s: DiskSignals): 'disk-bandwidth' | 'disk-iops' | null {
  if (s.nearIops && (s.iopsShare ?? 0) >= (s.bandwidthShare ?? 0)) return 'disk-iops';
  if (s.nearBandwidth) return 'disk-bandwidth';
  if (s.nearIops) return 'disk-iops';
  return null;
}

function diskClause(what: string, kind: 'disk-bandwidth' | 'disk-iops', s: DiskSignals, c: Ceilings, facts: PhaseFacts): string {
  const d = facts.disk;
  if (kind === 'disk-iops') {
    const writes = (s.writeIopsShare ?? 0) >= (s.readIopsShare ?? 0);
    const rate = writes ? (d?.writesPerSecond ?? 0) : (d?.readsPerSecond ?? 0);
    const size = writes ? (d?.writeRequestKiB ?? 0) : (d?.readRequestKiB ?? 0);
    const ceiling = writes ? c.randWriteIops : c.randReadIops;
    return `${what} issued ${formatNumber(rate)} ${writes ? 'writes' : 'reads'}/s of ${formatNumber(size)} KiB, ${percent(s.iopsShare ?? 0)} of this disk's ${iops(ceiling ?? 0)} random-${writes ? 'write' : 'read'} ceiling`;
  }
  const writes = (s.writeBandwidthShare ?? 0) >= (s.readBandwidthShare ?? 0);
  const rate = writes ? s.writeBytesPerSecond : s.readBytesPerSecond;
  const ceiling = writes ? c.seqWriteBytesPerSecond : c.seqReadBytesPerSecond;
  return `${what} ${writes ? 'wrote' : 'read'} at ${mibPerSecond(rate)}, ${percent(s.bandwidthShare ?? 0)} of this disk's ${mibPerSecond(ceiling ?? 0)} sequential-${writes ? 'write' : 'read'} ceiling`;
}

function kernelOnlyDiskClause(what: string, s: DiskSignals, facts: PhaseFacts): string {
  const d = facts.disk;
  return `${what} ${s.smallWrites ? `issued ${formatNumber(d?.writesPerSecond ?? 0)} small writes/s` : `wrote at ${mibPerSecond(s.writeBytesPerSecond)}`} with the device ${Math.round(d?.utilizationPercent ?? 0)}% busy, ${formatNumber(d?.averageQueueSize ?? 0)} requests queued and I/O stalls ${percent(facts.pressure.ioSome ?? 0)} of the time (no fio probes: judged from kernel counters alone)`;
}

function noProbesClause(what: string): string {
  return `${what} cannot be pinned on one resource from kernel counters alone; fio probes of this disk would make it decisive`;
}

export function judgeLookup(input: PhaseInput): PhaseJudgement {
  const c = [candidate('lookup-duration', `the lookup took ${seconds(input.facts.durationMs)}`, input.facts.durationMs / 1000, 's', ['network'])];
  return finish(input, 'network', `the cache lookup, a round trip to the cache service, took ${seconds(input.facts.durationMs)}`, c);
}

export function judgeDownload(input: PhaseInput): PhaseJudgement {
  const { facts, ceilings } = input;
  const what = NOUN.download;
  const s = diskSignals(facts, ceilings, what);
  const cpu = cpuSignals(facts, false);
  const c = [...s.candidates, ...cpu.candidates];
  const rate = input.networkBytes !== null && facts.durationMs > 0 ? input.networkBytes / (facts.durationMs / 1000) : null;
  if (rate !== null) {
    const share = ceilings.seqWriteBytesPerSecond ? rate / ceilings.seqWriteBytesPerSecond : null;
    c.unshift(candidate('download-rate', `the download ran at ${mibPerSecond(rate)}${share === null ? '' : `, ${percent(share)} of the disk's sequential-write ceiling`}`,
      share ?? rate, share === null ? 'bytes/s' : 'share', share !== null && share < FAR_BELOW_CEILING_SHARE ? ['network'] : [], share === null ? undefined : FAR_BELOW_CEILING_SHARE));
  }
  const rateText = rate === null ? '' : ` at ${mibPerSecond(rate)}`;

  if (hasCeilings(ceilings)) {
    const disk = diskBound(s);
    if (disk) return finish(input, disk, diskClause(what, disk, s, ceilings, facts), c);
  } else if (s.kernelSaturated) {
    return finish(input, s.smallWrites ? 'disk-iops' : 'disk-bandwidth', kernelOnlyDiskClause(what, s, facts), c);
  }
  if (cpu.saturated) {
    return finish(input, 'cpu', `the download${rateText} kept a CPU saturated (busiest CPU ${percent(facts.cpu?.busiestCpu ?? facts.cpu?.busy ?? 0)} busy)`, c);
  }
  if (hasCeilings(ceilings)) {
    const rateFar = rate === null || !ceilings.seqWriteBytesPerSecond || rate / ceilings.seqWriteBytesPerSecond < FAR_BELOW_CEILING_SHARE;
    if (rateFar && (s.farBelow || s.maxShare === null)) {
      const ceil = ceilings.seqWriteBytesPerSecond ? `, far below this disk's ${mibPerSecond(ceilings.seqWriteBytesPerSecond)} write ceiling,` : '';
      return finish(input, 'network', `the download ran${rateText}${ceil} with the disk and CPUs far from saturated`, c);
    }
    return finish(input, 'inconclusive', `the download ran${rateText} with the disk at ${percent(s.maxShare ?? 0)} of its ceilings: neither clearly network- nor disk-bound`, c);
  }
  const idle = facts.disk === null || (facts.disk.utilizationPercent < IDLE_UTIL_PERCENT && (facts.pressure.ioSome ?? 0) < IO_PRESSURE_LOW);
  if (idle) {
    c.push(candidate('disk-idle', `without fio probes: the disk was busy ${Math.round(facts.disk?.utilizationPercent ?? 0)}% of the time and I/O stalls stayed below ${percent(IO_PRESSURE_LOW)}`, facts.disk?.utilizationPercent ?? null, '%', ['network'], IDLE_UTIL_PERCENT));
    return finish(input, 'network', `the download ran${rateText} while the disk stayed mostly idle and no CPU was saturated`, c);
  }
  return finish(input, 'inconclusive', noProbesClause(`the download${rateText}`), c);
}

export function judgeExtract(input: PhaseInput): PhaseJudgement {
  const { facts, ceilings, profile } = input;
  const what = NOUN.extract;
  const s = diskSignals(facts, ceilings, what);
  const cpu = cpuSignals(facts, true);
  const c = [...s.candidates, ...cpu.candidates];
  const probes = hasCeilings(ceilings);

  // Writeback throttling: the kernel paused tar because dirty pages hit the limit.
  const limit = dirtyLimitBytes(profile);
  const dirtyShare = limit && facts.dirtyPeakBytes !== null ? facts.dirtyPeakBytes / limit : null;
  if (dirtyShare !== null) {
    c.push(candidate('dirty-peak-share', `Dirty peaked at ${bytes(facts.dirtyPeakBytes ?? 0)}, ${percent(dirtyShare)} of the ${bytes(limit ?? 0)} dirty limit`,
      dirtyShare, 'share', dirtyShare >= DIRTY_THROTTLE_SHARE ? ['writeback'] : [], DIRTY_THROTTLE_SHARE));
  }
  // A disk at a fio ceiling is the limit even when the dirty-page limit is how the kernel made tar
  // wait for it: naming the ceiling (bandwidth or IOPS) says what a faster disk must improve. The
  // dirty throttle stays in the clause. Before the bottleneck lab this rule came second and called
  // every throttled loop device of a small-RAM runner "writeback" (fixtures/profiles/lab-disk-*.json).
  if (probes) {
    const disk = diskBound(s);
    if (disk) {
      const held = dirtyShare !== null && dirtyShare >= DIRTY_THROTTLE_SHARE
        ? ` (the kernel's dirty-page limit held tar back: Dirty peaked at ${percent(dirtyShare)} of it)`
        : '';
      return finish(input, disk, `${diskClause(what, disk, s, ceilings, facts)}${held}`, c);
    }
  }

  const tarIdle = facts.childCores !== null && facts.childCores < CHILD_CPU_IDLE_CORE;
  const diskPressed = s.nearBandwidth || s.nearIops || (facts.pressure.ioSome ?? 0) >= IO_PRESSURE_HIGH;
  if (dirtyShare !== null && dirtyShare >= DIRTY_THROTTLE_SHARE && tarIdle && diskPressed) {
    const diskPart = probes && s.maxShare !== null
      ? `the disk wrote at ${mibPerSecond(s.writeBytesPerSecond)}, ${percent(s.maxShare)} of its ceiling`
      : `the disk wrote at ${mibPerSecond(s.writeBytesPerSecond)} with I/O stalls ${percent(facts.pressure.ioSome ?? 0)} of the time`;
    return finish(input, 'writeback',
      `extraction was throttled by the kernel's dirty-page limit (Dirty peaked at ${percent(dirtyShare)} of it) while ${diskPart} and tar used only ${formatNumber(facts.childCores ?? 0)} of a core`, c);
  }

  if (!probes && s.kernelSaturated) {
    return finish(input, s.smallWrites ? 'disk-iops' : 'disk-bandwidth', kernelOnlyDiskClause(what, s, facts), c);
  }

  const ioCalm = (facts.pressure.ioSome ?? 0) < IO_PRESSURE_LOW;
  if (cpu.saturated && (probes ? s.farBelow || s.maxShare === null : ioCalm)) {
    const diskPart = probes && s.maxShare !== null ? `the disk ran at ${percent(s.maxShare)} of its ceilings` : `I/O stalls stayed at ${percent(facts.pressure.ioSome ?? 0)}`;
    const starved = facts.childCores !== null && facts.childCores < CHILD_CPU_IDLE_CORE && (facts.pressure.cpuSome ?? 0) >= CPU_PRESSURE_HIGH;
    const cpuPart = facts.childCores !== null && facts.childCores >= CHILD_CPU_FULL_CORE
      ? `tar and zstd used ${formatNumber(facts.childCores)} of a core`
      : starved
        ? `tar and zstd got only ${formatNumber(facts.childCores ?? 0)} of a core while runnable tasks waited for a CPU ${percent(facts.pressure.cpuSome ?? 0)} of the time (a CPU quota or other processes held them back)`
        : `the CPU was saturated (busiest CPU ${percent(facts.cpu?.busiestCpu ?? facts.cpu?.busy ?? 0)} busy)`;
    return finish(input, 'cpu', `${cpuPart} during extraction while ${diskPart}`, c);
  }
  if (probes && s.maxShare !== null && !cpu.saturated) {
    return finish(input, 'none',
      `extraction came near no ceiling: the disk at most ${percent(s.maxShare)} of its ceilings${facts.childCores === null ? '' : `, tar and zstd ${formatNumber(facts.childCores)} of a core`}`, c);
  }
  if (probes) {
    return finish(input, 'inconclusive', `extraction kept the CPU busy while the disk ran at ${percent(s.maxShare ?? 0)} of its ceilings: neither is clearly the limit`, c);
  }
  return finish(input, 'inconclusive', noProbesClause('extraction'), c);
}

export function judgeWriteback(input: PhaseInput): PhaseJudgement {
  const { facts, ceilings } = input;
  const s = diskSignals(facts, ceilings, NOUN.writeback);
  const share = input.totalMs > 0 ? facts.durationMs / input.totalMs : 0;
  const written = facts.disk?.writtenBytes ?? null;
  const c = [
    candidate('writeback-tail-share', `after tar exited the page cache needed ${seconds(facts.durationMs)} more to reach the disk, ${percent(share)} of the restore`,
      share, 'share', share >= WRITEBACK_TAIL_SHARE ? ['writeback'] : ['none'], WRITEBACK_TAIL_SHARE),
    ...s.candidates,
  ];
  const rate = written !== null ? ` (${bytes(written)} at ${mibPerSecond(s.writeBytesPerSecond)}${s.writeBandwidthShare === null ? '' : `, ${percent(s.writeBandwidthShare)} of its sequential-write ceiling`})` : '';
  if (share >= WRITEBACK_TAIL_SHARE) {
    return finish(input, 'writeback', `after tar exited the page cache needed ${seconds(facts.durationMs)} more to write the extracted files to disk${rate}: the page cache hid a disk slower than the extraction`, c);
  }
  return finish(input, 'none', `the writeback tail after tar exited was short, ${seconds(facts.durationMs)}${rate}`, c);
}
