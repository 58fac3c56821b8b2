/**
 * A phase's CPU load: the busiest single process of the extraction (tar or zstd, each one thread, so
 * one core is its limit), the profiler's own process for the download, PSI cpu and the machine's
 * CPUs as evidence. Pure.
 */
import type { Bottleneck } from '../profile/schema.js';
import { candidate, type Candidate } from './evidence.js';
import { type BusiestProcess, type PhaseFacts, processCores } from './phase-facts.js';
import { quotaCandidates } from './quota-evidence.js';
import {
  CHILD_CPU_WORKING_CORE,
  CPU_PRESSURE_HIGH,
  DIRTY_THROTTLE_SHARE,
  IO_PRESSURE_HIGH,
  MIN_SEEN_MS,
  OWN_CPU_WAIT_SHARE,
  PROCESS_FULL_CORE,
} from './thresholds.js';

const NOT_CPU: Bottleneck[] = ['disk-bandwidth', 'disk-iops', 'network', 'none'];

export interface CpuLoad {
  /** One process ran flat out on one core. */
  processSaturated: boolean;
  /**
   * The pipeline was working, yet waited for a CPU a third of the time (a quota or other processes):
   * its own processes' run-queue wait where recorded, else machine-wide PSI cpu.
   */
  starved: boolean;
  /**
   * Machine-wide PSI cpu was high while the restore's own processes waited for a CPU less than
   * OWN_CPU_WAIT_SHARE of the phase: another job's load, not this restore's limit. Null otherwise.
   */
  otherLoad: { cpuSome: number; ownAtMostShare: number } | null;
  /** The runner's cgroup ran at its CPU quota (cpu.stat): evidence with or without PSI. */
  quotaBound: boolean;
  /**
   * tar and zstd together kept a full core busy over the whole phase (their exact total, reaped
   * children's times included), though neither did alone: a pipeline sharing one core, or each
   * waiting on the other's CPU work. With the disk calm that CPU work is the phase's time.
   */
  pipelineSaturated: boolean;
  /** Whether the figures decide it: false without /proc, or when a short phase's ticks straddle the threshold. */
  measured: boolean;
  candidates: Candidate[];
}

/**
 * The extraction: tar and zstd, read per process where recorded, else together (schema 1).
 * `dirtyPeakShare` is Dirty's peak against the dirty limit (rules.ts dirtyShare), where known.
 */
export function extractionCpu(facts: PhaseFacts, dirtyPeakShare: number | null = null): CpuLoad {
  const c: Candidate[] = [];
  const p = facts.busiestProcess;
  let processSaturated = false;
  // Under a quota below one core, that quota is all one process can reach, whatever the host shows.
  const full = PROCESS_FULL_CORE * facts.cpuReach.cores;
  if (p) {
    const judged = judgedCores(p, full);
    processSaturated = judged >= full;
    c.push(
      candidate(
        'busiest-process-cores',
        { kind: 'busiest-process', process: processCores(p), quotaCores: facts.cpuReach.quotaCores },
        judged,
        'cores',
        processSaturated ? ['cpu'] : NOT_CPU,
        full,
      ),
    );
  } else if (facts.childCores !== null) {
    // Schema 1 recorded tar and zstd together: a full core of the two is the best it can say.
    processSaturated = facts.childCores >= full;
    c.push(
      candidate(
        'child-cpu-cores',
        { kind: 'tar-and-zstd', cores: facts.childCores, perProcessRecorded: false },
        facts.childCores,
        'cores',
        processSaturated ? ['cpu'] : [],
        full,
      ),
    );
  }
  if (p && facts.childCores !== null) {
    c.push(candidate('child-cpu-cores', { kind: 'tar-and-zstd', cores: facts.childCores, perProcessRecorded: true }, facts.childCores, 'cores', []));
  }
  const working = facts.childCores !== null && facts.childCores >= CHILD_CPU_WORKING_CORE;
  const pressed = facts.pressure.cpuSome !== null && facts.pressure.cpuSome >= CPU_PRESSURE_HIGH;
  // PSI cpu is machine-wide: other jobs on a shared runner raise it while tar sleeps. With Dirty at
  // the throttle point and I/O stalls high, tar was held in balance_dirty_pages by the writeback, not
  // runnable, so the machine's CPU pressure says nothing about the restore's own processes.
  const heldByWriteback =
    dirtyPeakShare !== null && dirtyPeakShare >= DIRTY_THROTTLE_SHARE && facts.pressure.ioSome !== null && facts.pressure.ioSome >= IO_PRESSURE_HIGH;
  // Where the restore's own run-queue wait was recorded it decides, and PSI only supports it. Either
  // way, with the writeback holding tar at the dirty limit the disk sets the pace whatever CPU tar
  // gets (dirty-throttled comes after this rule): a wait for a CPU there is not what limits it.
  const own = ownWait(facts, heldByWriteback);
  const otherLoad = own !== null && pressed && !own.reached ? { cpuSome: facts.pressure.cpuSome ?? 0, ownAtMostShare: own.atMostShare } : null;
  // Runnable for OWN_CPU_WAIT_SHARE of the phase or more is itself the sign that tar and zstd wanted a CPU,
  // however little they got: under a tight quota (the lab's slow cpu restore, 0.01 of a core) they use
  // far under CHILD_CPU_WORKING_CORE and wait, runnable, for nearly all of it.
  const wantedCpu = working || (own?.waited ?? false);
  if (own !== null) c.push(own.candidate(wantedCpu && !heldByWriteback));
  if (facts.pressure.cpuSome !== null) {
    // The figures are in the dirty-peak-share, io-pressure-some and own-cpu-wait items beside it.
    c.push(
      candidate(
        'cpu-pressure-some',
        {
          kind: 'cpu-pressure-some',
          cpuSomeShare: facts.pressure.cpuSome,
          heldByWriteback,
          ownAtMostShare: own === null ? null : own.atMostShare,
          otherLoad: otherLoad !== null,
        },
        facts.pressure.cpuSome,
        'share',
        pressed && working && !heldByWriteback && otherLoad === null ? ['cpu'] : [],
        CPU_PRESSURE_HIGH,
      ),
    );
  }
  // Under a CPU quota the cgroup's own cpu.stat speaks for the pair (quotaCandidates); this is for the host's cores.
  const pipelineSaturated = !processSaturated && p !== null && facts.cpuReach.quotaCores === null && facts.childCores !== null && facts.childCores >= full;
  if (pipelineSaturated) {
    c.push(
      candidate(
        'pipeline-cores',
        { kind: 'pipeline-cores', cores: facts.childCores ?? 0, quotaCores: facts.cpuReach.quotaCores },
        facts.childCores,
        'cores',
        ['cpu'],
        full,
      ),
    );
  }
  const quota = quotaCandidates(facts);
  c.push(...quota.candidates);
  machineCandidates(facts, c);
  return {
    processSaturated,
    pipelineSaturated,
    // A wait is seen only once it ends, so the recorded one is a range: where only its upper end reaches the
    // threshold, the pair's working CPU and the machine's pressure decide (the lab's 30 % quota once read 26–34 %).
    starved: !heldByWriteback && (own !== null ? own.waited || (own.reached && working && pressed) : working && pressed),
    otherLoad,
    quotaBound: quota.bound,
    measured: p !== null || facts.childCores !== null || quota.bound,
    candidates: c,
  };
}

/** The restore's own run-queue wait as shares of the phase, and its evidence item; null where not recorded. */
function ownWait(
  facts: PhaseFacts,
  heldByWriteback: boolean,
): { waited: boolean; reached: boolean; atMostShare: number; candidate: (argues: boolean) => Candidate } | null {
  const w = facts.ownCpuWait;
  if (w === null || facts.durationMs <= 0) return null;
  const share = w.atLeastMs / facts.durationMs;
  const atMostShare = Math.min(1, w.atMostMs / facts.durationMs);
  const waited = share >= OWN_CPU_WAIT_SHARE;
  return {
    waited,
    /** The wait's upper end reaches the threshold: below it (not reached) the restore's own processes were not what the CPU pressure held. */
    reached: atMostShare >= OWN_CPU_WAIT_SHARE,
    atMostShare,
    candidate: (argues) =>
      candidate(
        'own-cpu-wait',
        { kind: 'own-cpu-wait', comm: w.comm, waitMs: w.atLeastMs, share, atMostShare, heldByWriteback: waited && heldByWriteback },
        share,
        'share',
        waited && argues ? ['cpu'] : [],
        OWN_CPU_WAIT_SHARE,
      ),
  };
}

/**
 * The busiest process's cores as judged: what its snapshots show, or, when it ran at a full core over
 * all MIN_SEEN_MS or more it was seen and the children's exact total leaves room for it to have done so
 * unseen too, the lesser of that rate and the upper bound. Its first and last moments in a phase fall
 * between snapshots; a half-second extraction loses up to a fifth of its CPU there.
 */
function judgedCores(p: BusiestProcess, full = PROCESS_FULL_CORE): number {
  const whileSeen = p.coresWhileSeen ?? 0;
  const atMost = p.coresAtMost ?? p.cores;
  if (p.cores >= full || (p.seenMs ?? 0) < MIN_SEEN_MS || whileSeen < full || atMost < full) return p.cores;
  return Math.min(whileSeen, atMost);
}

/**
 * The download runs in this process (the cache client): its own CPU, exact from process.cpuUsage()
 * however short the download, or as tick bounds in older profiles. A process kept at a full core is
 * CPU-bound; the bounds decide only when both lie on one side of that.
 */
export function downloadCpu(facts: PhaseFacts): CpuLoad {
  const c: Candidate[] = [];
  const b = facts.selfCoresBounds;
  const full = PROCESS_FULL_CORE * facts.cpuReach.cores;
  const saturated = b !== null && b.atLeast >= full;
  const measured = b !== null && (saturated || b.atMost < full);
  if (b !== null && measured) {
    c.push(
      candidate(
        'download-process-cores',
        { kind: 'download-process-cores', cores: b, quotaCores: facts.cpuReach.quotaCores },
        saturated ? b.atLeast : b.atMost,
        'cores',
        saturated ? ['cpu'] : NOT_CPU,
        full,
      ),
    );
  } else if (b !== null) {
    c.push(candidate('download-process-cores', { kind: 'download-cpu-too-few-ticks', cores: b, durationMs: facts.durationMs }, null, 'cores', []));
  } else {
    c.push(candidate('download-process-cores', { kind: 'download-cpu-not-recorded' }, null, 'cores', []));
  }
  const quota = quotaCandidates(facts);
  c.push(...quota.candidates);
  machineCandidates(facts, c);
  return { processSaturated: saturated, pipelineSaturated: false, starved: false, otherLoad: null, quotaBound: quota.bound, measured, candidates: c };
}

function machineCandidates(facts: PhaseFacts, c: Candidate[]): void {
  if (facts.cpu?.busiestCpu != null) {
    c.push(candidate('busiest-cpu', { kind: 'busiest-cpu', busyShare: facts.cpu.busiestCpu }, facts.cpu.busiestCpu, 'share', []));
  }
  if (facts.cpu) {
    c.push(candidate('cpu-busy', { kind: 'cpu-busy', busyShare: facts.cpu.busy }, facts.cpu.busy, 'share', []));
    if (facts.cpu.steal > 0.01) {
      c.push(candidate('cpu-steal', { kind: 'cpu-steal', stealShare: facts.cpu.steal }, facts.cpu.steal, 'share', ['cpu']));
    }
  }
}
