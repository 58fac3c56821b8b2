import { describe, expect, it } from 'vitest';
import {
  adaptiveTiming,
  ADAPTIVE_RAMP_MS,
  defineProbe,
  InsufficientSpaceError,
  jobCount,
  layoutArgs,
  MIN_FILE_BYTES,
  orderProbes,
  planBudget,
  planFileSize,
  PROBE_NAMES,
  probeArgs,
  PROCESS_OVERHEAD_MS,
} from '../../src/probe/jobs.js';
import { GiB, MiB } from '../../src/util/units.js';
import { referenceTiming } from '../../tools/bench/reference-schedule.js';

const arg = (args: string[], name: string) =>
  args
    .find((a) => a.startsWith(`--${name}=`))
    ?.split('=')
    .slice(1)
    .join('=');
const file = '/work/tmp/.disk-profiler-fio-abc/probe.dat';

describe('probe definitions', () => {
  it('jobs follow the cores, between 1 and 4', () => {
    expect([0, 1, 2, 3, 4, 16].map(jobCount)).toEqual([1, 1, 2, 3, 4, 4]);
  });

  it('keeps the total queue depth fixed whatever the job count', () => {
    for (const cpus of [1, 2, 4]) {
      const seq = defineProbe('seq-read', cpus);
      const rand = defineProbe('rand-write', cpus);
      expect(seq.ioDepth * seq.jobs).toBe(16);
      expect(rand.ioDepth * rand.jobs).toBe(256);
    }
  });

  it('QD1 and fsync probes are one job at queue depth 1', () => {
    for (const name of ['rand-read-qd1', 'fsync-write'] as const) {
      const def = defineProbe(name, 4);
      expect([def.jobs, def.ioDepth]).toEqual([1, 1]);
    }
  });

  it('orders and deduplicates the requested probes', () => {
    expect(orderProbes(['fsync-write', 'seq-write', 'fsync-write'])).toEqual(['seq-write', 'fsync-write']);
  });
});

describe('probeArgs', () => {
  const timing = adaptiveTiming(30_000, 6)!;

  it.each(PROBE_NAMES)('%s: an argument array on our file only, JSON output, capped and steady-state driven', (name) => {
    const def = defineProbe(name, 2);
    const args = probeArgs(def, { filePath: file, regionBytes: 256 * MiB, timing });
    expect(args.every((a) => typeof a === 'string' && a.startsWith('--'))).toBe(true);
    expect(arg(args, 'filename')).toBe(file);
    expect(args.some((a) => a.startsWith('--directory'))).toBe(false);
    expect(arg(args, 'output-format')).toBe('json');
    expect(arg(args, 'allow_file_create')).toBe('0');
    expect(args).toContain('--time_based');
    expect(args).toContain('--group_reporting');
    expect(args).toContain('--thread');
    expect(arg(args, 'verify')).toBe('0');
    expect(arg(args, 'runtime')).toBe(`${timing.runtimeMs}ms`);
    expect(arg(args, 'ramp_time')).toBe(`${ADAPTIVE_RAMP_MS}ms`);
    expect(arg(args, 'steadystate')).toBe(def.steadyState);
    expect(arg(args, 'ss_dur')).toBe(`${timing.ssDurS}s`);
    expect(arg(args, 'bs')).toBe(String(def.blockSizeBytes));
    expect(arg(args, 'numjobs')).toBe(String(def.jobs));
    // Every job stays inside the laid-out region.
    const size = Number(arg(args, 'size'));
    const offset = Number(arg(args, 'offset_increment') ?? 0);
    expect(offset * (def.jobs - 1) + size).toBeLessThanOrEqual(256 * MiB);
    expect(size % def.blockSizeBytes).toBe(0);
  });

  it("Google's method: libaio, direct IO, batching for the IOPS probes only", () => {
    const seq = probeArgs(defineProbe('seq-write', 2), { filePath: file, regionBytes: 256 * MiB, timing });
    const rand = probeArgs(defineProbe('rand-read', 2), { filePath: file, regionBytes: 256 * MiB, timing });
    expect(arg(seq, 'ioengine')).toBe('libaio');
    expect(arg(seq, 'direct')).toBe('1');
    expect(arg(seq, 'rw')).toBe('write');
    expect(arg(seq, 'iodepth_batch_submit')).toBeUndefined();
    expect(arg(rand, 'rw')).toBe('randread');
    expect(arg(rand, 'iodepth_batch_submit')).toBe('128');
    expect(arg(rand, 'iodepth_batch_complete_max')).toBe('128');
  });

  it('fsync-write: buffered 4k writes, fdatasync after each', () => {
    const args = probeArgs(defineProbe('fsync-write', 2), { filePath: file, regionBytes: 256 * MiB, timing });
    expect([arg(args, 'bs'), arg(args, 'fdatasync'), arg(args, 'direct'), arg(args, 'ioengine')]).toEqual(['4096', '1', '0', 'psync']);
  });

  it('reference mode: same job, fixed runtime, no steady state', () => {
    const def = defineProbe('rand-write', 2);
    const adaptive = probeArgs(def, { filePath: file, regionBytes: 256 * MiB, timing });
    const reference = probeArgs(def, { filePath: file, regionBytes: 256 * MiB, timing: referenceTiming() });
    expect(arg(reference, 'runtime')).toBe('60000ms');
    expect(reference.some((a) => a.startsWith('--steadystate') || a.startsWith('--ss_'))).toBe(false);
    const jobOnly = (args: string[]) => args.filter((a) => !/^--(runtime|ramp_time|steadystate|ss_dur|ss_ramp)=/.test(a));
    expect(jobOnly(reference)).toEqual(jobOnly(adaptive));
  });

  it('macOS gets posixaio instead of the Linux-only libaio', () => {
    const args = probeArgs(defineProbe('seq-read', 2, 'darwin'), { filePath: file, regionBytes: 256 * MiB, timing });
    expect(arg(args, 'ioengine')).toBe('posixaio');
  });

  it('layout writes the file once, sequentially, capped, not time-based', () => {
    const args = layoutArgs({ filePath: file, fileSizeBytes: 512 * MiB, runtimeCapMs: 6000 });
    expect(arg(args, 'size')).toBe(String(512 * MiB));
    expect(arg(args, 'rw')).toBe('write');
    expect(arg(args, 'runtime')).toBe('6000ms');
    expect(args).not.toContain('--time_based');
  });
});

describe('budget', () => {
  it('default budget: six probes fit 30 s with layout and per-process overhead', () => {
    const plan = planBudget(30_000, 6);
    expect(plan.layoutCapMs).toBe(6000);
    const timing = adaptiveTiming(30_000 - plan.layoutCapMs, 6)!;
    const perProbeWallMs = timing.rampMs + timing.runtimeMs + PROCESS_OVERHEAD_MS;
    expect(plan.layoutCapMs + 6 * perProbeWallMs).toBeLessThanOrEqual(30_000);
    expect(timing.runtimeMs).toBeGreaterThanOrEqual(3000);
    expect(timing.ssDurS).toBe(3);
  });

  it('time a probe saves goes to the probes after it', () => {
    const tight = adaptiveTiming(12_000, 3)!;
    const roomy = adaptiveTiming(12_000, 2)!;
    expect(roomy.runtimeMs).toBeGreaterThan(tight.runtimeMs);
  });

  it('long slots get a longer steady-state window, capped at 10 s', () => {
    expect(adaptiveTiming(12_000, 1)!.ssDurS).toBe(5);
    expect(adaptiveTiming(600_000, 1)!.ssDurS).toBe(10);
  });

  it('no time left: no timing; under 3 s of runtime: no steady-state window', () => {
    expect(adaptiveTiming(1900, 1)).toBeNull();
    expect(adaptiveTiming(3000, 1)).toEqual({ mode: 'adaptive', rampMs: 500, runtimeMs: 2000, ssDurS: null });
    expect(adaptiveTiming(3900, 1)).toEqual({ mode: 'adaptive', rampMs: 500, runtimeMs: 2900, ssDurS: null });
    expect(adaptiveTiming(4000, 1)!.ssDurS).toBe(3);
  });
});

describe('planFileSize', () => {
  it('10% of free space, whole MiB per job', () => {
    expect(planFileSize(2 * GiB, 2)).toBe(Math.floor((0.2 * GiB) / (2 * MiB)) * 2 * MiB);
  });

  it('at most 1 GiB', () => {
    expect(planFileSize(500 * GiB, 4)).toBe(GiB);
  });

  it('at least 64 MiB: refuses below 640 MiB free with a clear message', () => {
    expect(planFileSize(640 * MiB, 1)).toBe(MIN_FILE_BYTES);
    expect(() => planFileSize(600 * MiB, 1, '/mnt/small')).toThrow(InsufficientSpaceError);
    expect(() => planFileSize(600 * MiB, 1, '/mnt/small')).toThrow(/\/mnt\/small: 600 MiB free.*at least 640 MiB/);
  });
});
