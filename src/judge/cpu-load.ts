/**
 * A phase's CPU load: the busiest single process of the extraction (tar or zstd, each one thread, so
 * one core is its limit), the profiler's own process for the download, PSI cpu and the machine's
 * CPUs as evidence. Pure.
 */
import type { Bottleneck } from '../profile/schema.js';
import { candidate, type Candidate } from './evidence.js';
import { formatNumber, percent } from '../report/format.js';
import type { PhaseFacts } from './phase-facts.js';
import { quotaCandidates } from './quota-evidence.js';
import { CHILD_CPU_WORKING_CORE, CPU_PRESSURE_HIGH, MIN_CPU_DATA_MS, PROCESS_FULL_CORE } from './thresholds.js';

const NOT_CPU: Bottleneck[] = ['disk-bandwidth', 'disk-iops', 'network', 'none'];

export interface CpuLoad {
  /** One process ran flat out on one core. */
  processSaturated: boolean;
  /** The pipeline was working, yet waited for a CPU a third of the time (a quota or other processes). */
  starved: boolean;
  /** The runner's cgroup ran at its CPU quota (cpu.stat): evidence with or without PSI. */
  quotaBound: boolean;
  /** Nothing says anything about the CPU (no /proc, or under MIN_CPU_DATA_MS of data). */
  measured: boolean;
  candidates: Candidate[];
}

/** The extraction: tar and zstd, read per process where recorded, else together (schema 1). */
export function extractionCpu(facts: PhaseFacts): CpuLoad {
  const c: Candidate[] = [];
  const p = facts.busiestProcess;
  let processSaturated = false;
  // Under a quota below one core, that quota is all one process can reach, whatever the host shows.
  const full = PROCESS_FULL_CORE * facts.cpuReach.cores;
  if (p) {
    processSaturated = p.cores >= full;
    c.push(
      candidate(
        'busiest-process-cores',
        `the busiest process of the extraction (${p.comm}) used ${formatNumber(p.cores)} of a core${reachNote(facts)}`,
        p.cores,
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
        `tar and zstd together used ${formatNumber(facts.childCores)} of a core (per-process CPU not recorded)`,
        facts.childCores,
        'cores',
        processSaturated ? ['cpu'] : [],
        full,
      ),
    );
  }
  if (p && facts.childCores !== null) {
    c.push(candidate('child-cpu-cores', `tar and zstd together used ${formatNumber(facts.childCores)} of a core`, facts.childCores, 'cores', []));
  }
  const working = facts.childCores !== null && facts.childCores >= CHILD_CPU_WORKING_CORE;
  const pressed = facts.pressure.cpuSome !== null && facts.pressure.cpuSome >= CPU_PRESSURE_HIGH;
  if (facts.pressure.cpuSome !== null) {
    c.push(
      candidate(
        'cpu-pressure-some',
        `runnable tasks waited for a CPU ${percent(facts.pressure.cpuSome)} of the time (PSI cpu some)`,
        facts.pressure.cpuSome,
        'share',
        pressed && working ? ['cpu'] : [],
        CPU_PRESSURE_HIGH,
      ),
    );
  }
  const quota = quotaCandidates(facts);
  c.push(...quota.candidates);
  machineCandidates(facts, c);
  return {
    processSaturated,
    starved: working && pressed,
    quotaBound: quota.bound,
    measured: p !== null || facts.childCores !== null || quota.bound,
    candidates: c,
  };
}

function reachNote(facts: PhaseFacts): string {
  const q = facts.cpuReach.quotaCores;
  return q === null ? '' : ` (the cgroup's ${formatNumber(q)}-core CPU quota is all one process can get)`;
}

/** The download runs in this process (the cache client): its own CPU, with enough data to say. */
export function downloadCpu(facts: PhaseFacts): CpuLoad {
  const c: Candidate[] = [];
  const cores = facts.selfCores;
  const full = PROCESS_FULL_CORE * facts.cpuReach.cores;
  if (cores !== null) {
    c.push(
      candidate(
        'download-process-cores',
        `the process running the download used ${formatNumber(cores)} of a core${reachNote(facts)}`,
        cores,
        'cores',
        cores >= full ? ['cpu'] : NOT_CPU,
        full,
      ),
    );
  } else if (facts.durationMs < MIN_CPU_DATA_MS) {
    c.push(candidate('download-process-cores', `CPU not measured: the download took under ${MIN_CPU_DATA_MS / 1000} s`, null, 'cores', []));
  }
  const quota = quotaCandidates(facts);
  c.push(...quota.candidates);
  machineCandidates(facts, c);
  return {
    processSaturated: cores !== null && cores >= full,
    starved: false,
    quotaBound: quota.bound,
    measured: cores !== null,
    candidates: c,
  };
}

function machineCandidates(facts: PhaseFacts, c: Candidate[]): void {
  if (facts.cpu?.busiestCpu != null) {
    c.push(candidate('busiest-cpu', `the busiest CPU was busy ${percent(facts.cpu.busiestCpu)} of the time`, facts.cpu.busiestCpu, 'share', []));
  }
  if (facts.cpu) {
    c.push(candidate('cpu-busy', `all CPUs together were busy ${percent(facts.cpu.busy)} of the time`, facts.cpu.busy, 'share', []));
    if (facts.cpu.steal > 0.01) {
      c.push(candidate('cpu-steal', `the hypervisor stole ${percent(facts.cpu.steal)} of CPU time`, facts.cpu.steal, 'share', ['cpu']));
    }
  }
}
