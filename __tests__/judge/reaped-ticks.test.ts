// The busiest process's CPU bounds with each process's reaped children's ticks (cutime + cstime,
// ProcessTicks.reapedTicks): when unzstd exits and tar reaps it, tar's next sighting carries
// unzstd's final total. Hand-built series at USER_HZ 100, a 1 s phase: node (this process) runs tar
// (pid 10), tar runs unzstd (pid 11); children's exact total (childCpuTicks) from node's view.
import { describe, expect, it } from 'vitest';
import { snapshotFacts } from '../../src/judge/phase-facts.js';
import type { ProcessTicks, Snapshot } from '../../src/profile/schema.js';

function snap(tMs: number, childCpuTicks: number, processes: ProcessTicks[]): Snapshot {
  return { tMs, disks: [], cpu: null, pressure: null, memory: null, childCpuTicks, selfCpuTicks: 0, ...(processes.length > 0 ? { processes } : {}) };
}
const tar = (cpuTicks: number, reapedTicks?: number): ProcessTicks => ({
  pid: 10,
  comm: 'tar',
  cpuTicks,
  ppid: 1,
  ...(reapedTicks === undefined ? {} : { reapedTicks }),
});
const unzstd = (cpuTicks: number): ProcessTicks => ({ pid: 11, comm: 'unzstd', cpuTicks, ppid: 10, reapedTicks: 0 });
const strip = (p: ProcessTicks): ProcessTicks => ({ pid: p.pid, comm: p.comm, cpuTicks: p.cpuTicks });

/**
 * 0 ms: nothing yet. 100–700 ms: unzstd seen up to 60 ticks, tar up to 20. unzstd then used 25 ticks
 * no snapshot of it shows and exited; tar reaped it (reaped 85 = 60 + 25) and was seen at 800 ms with
 * 25 ticks, then used 5 more unseen before node reaped it. End: node's children total 85 + 30 = 115.
 */
function series(keep: (p: ProcessTicks) => ProcessTicks = (p) => p): Snapshot[] {
  return [
    snap(0, 0, []),
    snap(100, 10, [tar(2, 0), unzstd(8)].map(keep)),
    snap(700, 80, [tar(20, 0), unzstd(60)].map(keep)),
    snap(800, 110, [tar(25, 85)].map(keep)),
    snap(1000, 115, []),
  ];
}
const busiest = (s: Snapshot[]) => snapshotFacts(s[0] as Snapshot, s.at(-1) as Snapshot, null, s.slice(1, -1)).busiestProcess;

describe('reaped ticks tighten the busiest process bounds', () => {
  it("unzstd's bound is its exact total from tar's reaped ticks, not every unseen tick of the tree", () => {
    const b = busiest(series());
    expect(b?.comm).toBe('unzstd');
    expect(b?.cores).toBeCloseTo(0.6, 9);
    // 60 seen + 25 only tar's reaped ticks show: 0.85 of a core, exactly.
    expect(b?.coresAtMost).toBeCloseTo(0.85, 9);
  });

  it('an old recording (no reapedTicks, no ppid) keeps the loose bound: all unseen ticks (115 - 60 - 25 = 30) may be its', () => {
    const b = busiest(series(strip));
    expect(b?.comm).toBe('unzstd');
    expect(b?.cores).toBeCloseTo(0.6, 9);
    expect(b?.coresAtMost).toBeCloseTo(0.9, 9);
  });

  it("tar's bound leaves unzstd's unseen tail out when tar is the busiest", () => {
    // Swap the roles' weights: tar seen to 70 ticks, unzstd to 20 then 15 unseen (reaped 35); node's total 35 + 75.
    const s = [
      snap(0, 0, []),
      snap(100, 10, [tar(5, 0), unzstd(5)]),
      snap(700, 80, [tar(60, 0), unzstd(20)]),
      snap(800, 105, [tar(70, 35)]),
      snap(1000, 110, []),
    ];
    const b = busiest(s);
    expect(b?.comm).toBe('tar');
    expect(b?.cores).toBeCloseTo(0.7, 9);
    // Unseen: 110 - (70 + 20) = 20, of which 15 were unzstd's (35 reaped - 20 seen): tar's at most 5.
    expect(b?.coresAtMost).toBeCloseTo(0.75, 9);
    const old = busiest(s.map((x) => ({ ...x, ...(x.processes ? { processes: x.processes.map(strip) } : {}) })));
    expect(old?.coresAtMost).toBeCloseTo(0.9, 9);
  });

  it('a child alive at the phase start is not counted exactly: its reaped total holds CPU from before the phase', () => {
    const s = series();
    // unzstd was alive at the start: tar's 85 reaped ticks may include its life before; the loose bound stays.
    s[0] = snap(0, 0, [tar(0, 0), unzstd(0)]);
    const b = busiest(s);
    expect(b?.coresAtMost).toBeCloseTo(0.9, 9);
  });
});
