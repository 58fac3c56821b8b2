// phaseSummary on two real boundary captures (fixtures/procfs/boundary-{a,b}, see README.md there),
// read through the Sampler with procRoot so the snapshot assembly is exercised too.
// Expected values worked out by hand from the captured files (listed beside each assertion).
import { describe, expect, it } from 'vitest';
import type { BlockDeviceInfo, Snapshot } from '../../src/profile/schema.js';
import { phaseSummary } from '../../src/sample/phase-summary.js';
import { Sampler } from '../../src/sample/sampler.js';
import { FIXTURES_DIR, procFixture } from './fixture.js';

const vda: BlockDeviceInfo = { name: 'vda', devNumber: '254:0', roles: ['restore-path'], chain: ['vda'], primary: true };
const WINDOW_MS = 756.713501; // captured-at: 1795373247.880257585 - 1795373247.123544084

function boundary(dir: string): Snapshot {
  const sampler = new Sampler({ intervalMs: 100, devices: [vda], originMs: 0, procRoot: `${FIXTURES_DIR}${dir}` });
  const snapshot = sampler.snapshot();
  sampler.stop();
  // The files were captured at wall-clock instants (s.ns); place them on the snapshot clock, relative
  // to the first capture's second so no precision is lost.
  const [seconds = '', nanos = ''] = procFixture(`${dir}/captured-at`).trim().split('.');
  snapshot.tMs = (Number(seconds) - 1795373247) * 1000 + Number(nanos) / 1e6;
  return snapshot;
}

describe('Sampler snapshot from a captured /proc tree', () => {
  const a = boundary('boundary-a');

  it('assembles every field: disk line, total and per-CPU ticks, PSI, meminfo, child CPU', () => {
    expect(a.disks[0]?.sectorsWritten).toBe(44186296);
    expect(a.cpu).toMatchObject({ user: 23663, system: 14595, idle: 86117, iowait: 4355 });
    expect(a.perCpu).toHaveLength(2);
    expect(a.pressure?.io).toEqual({ someUs: 36650502, fullUs: 28115142 });
    expect(a.pressure?.cpu).toEqual({ someUs: 89710497, fullUs: 0 });
    expect(a.memory).toEqual({ dirtyBytes: 332 * 1024, writebackBytes: 0 });
    // bash 11525: cutime 0, cstime 0; its listed children (the capture's cat) are gone.
    expect(a.childCpuTicks).toBe(0);
  });
});

describe('phaseSummary over the captured window (128 MiB write + a CPU-bound child + sync)', () => {
  const s = phaseSummary(boundary('boundary-a'), boundary('boundary-b'), 0);

  it('disk metrics of vda: 88 writes, 263040 sectors', () => {
    expect(s.durationMs).toBeCloseTo(WINDOW_MS, 3);
    expect(s.disk?.writes).toBe(88); // 535508 - 535420
    expect(s.disk?.writtenBytes).toBe(263040 * 512); // 44449336 - 44186296 sectors
    expect(s.disk?.utilizationPercent).toBeCloseTo((68 / WINDOW_MS) * 100, 6); // io_ms 86184 - 86116
  });

  it('CPU shares of all CPUs and the busiest CPU', () => {
    // Δ user 93, nice 0, system 50, idle 2, iowait 4, irq 0, softirq 0, steal 0: 149 ticks
    expect(s.cpu?.userPercent).toBeCloseTo((93 / 149) * 100, 9);
    expect(s.cpu?.systemPercent).toBeCloseTo((50 / 149) * 100, 9);
    expect(s.cpu?.iowaitPercent).toBeCloseTo((4 / 149) * 100, 9);
    expect(s.cpu?.idlePercent).toBeCloseTo((2 / 149) * 100, 9);
    expect(s.cpu?.stealPercent).toBe(0);
    // cpu0: user 36, system 38, idle 2 → 74 busy of 76; cpu1: 58 + 12 busy, idle 1, iowait 4 → 70 of 75
    expect(s.cpu?.busiestCpuPercent).toBeCloseTo((74 / 76) * 100, 9);
  });

  it('PSI stall fractions are Δtotal / Δt', () => {
    expect(s.pressure?.ioSome).toBeCloseTo(30296 / (WINDOW_MS * 1000), 9); // 36680798 - 36650502 µs
    expect(s.pressure?.ioFull).toBeCloseTo(18700 / (WINDOW_MS * 1000), 9); // 28133842 - 28115142
    expect(s.pressure?.cpuSome).toBeCloseTo(219139 / (WINDOW_MS * 1000), 9); // 89929636 - 89710497
    expect(s.pressure?.memorySome).toBe(0);
    expect(s.pressure?.memoryFull).toBe(0);
  });

  it('page-cache debt at both ends and the child CPU', () => {
    expect(s.memory).toEqual({ dirtyBytesStart: 332 * 1024, writebackBytesStart: 0, dirtyBytesEnd: 0, writebackBytesEnd: 8 * 1024 });
    // bash's cutime+cstime: 0 → 30 + 31 = 61 ticks = 0.61 s
    expect(s.childCpuSeconds).toBeCloseTo(0.61, 9);
    expect(s.childCpuCores).toBeCloseTo(0.61 / (WINDOW_MS / 1000), 9);
  });
});

describe('phaseSummary with missing data', () => {
  it('gives nulls, not zeros, for what was not read', () => {
    const bare: Snapshot = { tMs: 0, disks: [null], cpu: null, pressure: null, memory: null, childCpuTicks: null };
    const s = phaseSummary(bare, { ...bare, tMs: 1000 }, 0);
    expect(s).toEqual({ durationMs: 1000, disk: null, cpu: null, pressure: null, memory: null, childCpuSeconds: null, childCpuCores: null });
    expect(phaseSummary(bare, bare, null).disk).toBeNull();
  });
});
