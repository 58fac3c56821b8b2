// Which requests an IOPS cap counts (src/judge/iops-count.ts). The bios-capped case is derived from
// the lab's disk-iops recording (fixtures/profiles/lab-disk-iops.json: a blkio cap of 1000 write
// IOPS, merging off, so every bio was one request): the same bios, played as merged by the queue,
// with the derivation spelled out; the real merges come from fixtures/stacks (its README).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { judgeInDetail } from '../../src/judge/judge.js';
import { iopsCounting, writeRate } from '../../src/judge/iops-count.js';
import { RULES } from '../../src/judge/rules.js';
import { ABOVE_CEILING_SHARE } from '../../src/judge/thresholds.js';
import type { Profile, Snapshot } from '../../src/profile/schema.js';
import { parseDiskstats } from '../../src/sample/parse-diskstats.js';
import { loadFixture, phaseOf } from './fixture-tools.js';
import { sayPhase, sayPhaseClause } from '../../src/report/say/phase.js';
import { sayEvidence } from '../../src/report/say/evidence.js';
import { sayIopsCountReason } from '../../src/report/say/evidence.js';
/** Why the IOPS share counted what it did, said; empty without a count. */
const reasonOf = (c: Parameters<typeof sayIopsCountReason>[0] | null | undefined): string => (c ? sayIopsCountReason(c) : '');

/**
 * lab-disk-iops with the queue merging: from the extraction on, each sample interval's bios (what
 * blkio capped: writes completed in the recording, merging off) are kept, and split into requests
 * and merged bios as a queue merging contiguous pages into requests of 64 KiB would (requests =
 * min(bios, bytes written / 64 KiB), the rest merged): requests follow the bytes, the bios stay as
 * capped. The sequential-write ceiling is set so that the extraction wrote at 40% of it: a disk
 * capped in both bandwidth and IOPS where doubling the bandwidth does little, as in FIELD-NOTES' case.
 */
function biosCappedWithMerging(): Profile {
  const p = loadFixture('lab-disk-iops.json');
  const extract = phaseOf(p, 'extract');
  const base = extract.start.disks[0];
  if (!base) throw new Error('no counters');
  const all = [...p.phases.flatMap((x) => [x.start, x.end]), ...p.samples.snapshots].filter((s) => s.tMs >= extract.startMs);
  const unique = [...new Set(all)].sort((a, b) => a.tMs - b.tMs);
  // Original cumulative bios past the base, per snapshot object.
  const bios = new Map(unique.map((s) => [s, (s.disks[0]?.writesCompleted ?? 0) - base.writesCompleted]));
  let requests = 0;
  let prev = { bios: 0, sectors: base.sectorsWritten };
  for (const s of unique) {
    const d = s.disks[0];
    if (!d) continue;
    const b = bios.get(s) ?? 0;
    requests += Math.min(b - prev.bios, ((d.sectorsWritten - prev.sectors) * 512) / (64 * 1024));
    prev = { bios: b, sectors: d.sectorsWritten };
    d.writesCompleted = base.writesCompleted + Math.round(requests);
    d.writesMerged = base.writesMerged + b - Math.round(requests);
  }
  const e = extract.end.disks[0];
  const bytesPerSecond = (((e?.sectorsWritten ?? 0) - base.sectorsWritten) * 512) / ((extract.endMs - extract.startMs) / 1000);
  const seq = p.probes?.probes.find((x) => x.name === 'seq-write');
  if (seq) seq.bytesPerSecond = bytesPerSecond / 0.4;
  return p;
}

describe('a disk capped in bandwidth and in IOPS, the IOPS cap counting bios, merging on', () => {
  it('the extraction is judged disk-iops, counted before merging, and says which count', () => {
    const j = judgeInDetail(biosCappedWithMerging());
    const extract = j.phases.find((x) => x.phase === 'extract');
    expect(extract?.disk.iopsCount?.used).toBe('before-merge');
    expect(reasonOf(extract?.disk.iopsCount)).toMatch(/only the bios .* held steadier than requests and bytes/);
    expect(extract?.bottleneck).toBe('disk-iops');
    expect(extract && sayPhase(extract)).toMatch(/write bios\/s \(completed \+ merged/);
    expect(sayEvidence(extract?.evidence.find((e) => e.id === 'iops-count') ?? {}, 'extract')).toMatch(/^IOPS counted before merging \(bios on loop3\)/);
    expect(j.verdict.bottleneck).toBe('disk-iops');
  });

  it('counted after merging only, as before, neither IOPS nor bandwidth reached its ceiling', () => {
    const p = biosCappedWithMerging();
    const j = judgeInDetail(p);
    const extract = j.phases.find((x) => x.phase === 'extract');
    const bw = extract?.disk.shares.find((s) => s.resource === 'disk-bandwidth' && s.direction === 'write');
    const after = extract?.disk.iopsCount?.afterMergePerSecond ?? 0;
    expect(bw?.share).toBeCloseTo(0.4, 2);
    // Requests after merging: under half the ceiling the blkio cap held the bios at.
    expect(after / (extract?.disk.iopsCount?.ceiling ?? 1)).toBeLessThan(0.8);
  });

  it('the recorded disk-iops restore (merging off) keeps its verdict, the count noted as the same both ways', () => {
    const j = judgeInDetail(loadFixture('lab-disk-iops.json'));
    const extract = j.phases.find((x) => x.phase === 'extract');
    expect(extract?.disk.iopsCount?.used).toBe('after-merge');
    expect(reasonOf(extract?.disk.iopsCount)).toMatch(/^few writes were merged/);
    expect(j.verdict.bottleneck).toBe('disk-iops');
  });

  it('a bandwidth cap whose bios happen to reach the random-write ceiling stays bandwidth-bound', () => {
    const j = judgeInDetail(loadFixture('lab-disk-bandwidth.json'));
    const extract = j.phases.find((x) => x.phase === 'extract');
    expect(extract?.disk.iopsCount?.used).toBe('after-merge');
    expect(reasonOf(extract?.disk.iopsCount)).toMatch(/bandwidth limit explains the rate/);
    expect(j.verdict.bottleneck).toBe('disk-bandwidth');
  });
});

describe('writeRate on real counters (fixtures/stacks: 2000 small files written into an overlay on loop0)', () => {
  const dir = fileURLToPath(new URL('../../fixtures/stacks/host/proc/', import.meta.url));
  const snap = (name: string, tMs: number): Snapshot => {
    const rows = parseDiskstats(readFileSync(`${dir}${name}`, 'utf8'));
    const pick = (n: string) => rows.byName.get(n)?.counters ?? null;
    return { tMs, disks: [pick('loop0'), pick('vda')], cpu: null, pressure: null, memory: null, childCpuTicks: null };
  };
  const a = snap('diskstats.before', 0);
  const b = snap('diskstats.after', 1000);

  it('counts bios (completed + merged) and requests (completed) on a request-based device', () => {
    const stack = { index: 0, name: 'loop0', kind: 'loop' as const, below: [] };
    const before = writeRate(a, b, stack, 'before-merge') ?? 0;
    const after = writeRate(a, b, stack, 'after-merge') ?? 0;
    // The queue merged most of the small files' bios into larger requests.
    expect(before).toBeGreaterThan(5 * after);
    expect(after).toBeGreaterThan(0);
  });

  it('on a bio-based device the requests after merging are the counts of the devices below', () => {
    const stack = { index: 0, name: 'dm-0', kind: 'dm' as const, below: [{ index: 1, name: 'vda' }] };
    const vdaDone = (b.disks[1]?.writesCompleted ?? 0) - (a.disks[1]?.writesCompleted ?? 0);
    expect(writeRate(a, b, stack, 'after-merge')).toBe(vdaDone);
    const c = iopsCounting([a, b], stack, 1_000_000, null);
    expect(c?.afterMergeDevice).toBe('vda');
    expect(c?.beforeMergeDevice).toBe('dm-0');
  });
});

describe('the IOPS what-if of a bios-capped restore', () => {
  it('counts the bios the cap counted: twice the cap takes about half the extraction, not the bandwidth floor', () => {
    const j = judgeInDetail(biosCappedWithMerging());
    const iops = j.verdict.whatIf.find((w) => w.resource === 'disk-iops');
    const extract = j.phases.find((x) => x.phase === 'extract');
    const e = extract?.durationMs ?? 0;
    // Counted as requests (411/s against twice the 598 ceiling: 0.34 of the extraction) the bound would
    // rest on the bandwidth's 0.4; counted as bios (989/s against twice the 989 they sustained) it is about 0.5
    // (a little less: only tar's own share of the device's writes must be on disk).
    expect(iops?.restoreLowerBoundMs).toBeGreaterThan(0.45 * e);
    expect(iops?.restoreLowerBoundMs).toBeLessThan(0.6 * e);
  });
});

describe('the lab bio-iops-cap recording: blkio at 2,000 write IOPS and 40 MiB/s, merging on, a tight dirty budget', () => {
  // fixtures/profiles/lab-bio-iops-cap-bursts.json: the bios sat at 2,000/s in most 300 ms windows, while
  // twice the throttle let a burst of ~20k bios through in 100 ms and then paused; the intervention
  // (doubling the IOPS cap saved 55%, the bandwidth 11%) answers disk-iops.
  it("finds the bios at the cap despite the bursts from fio's ceiling alone: counted before merging", () => {
    // Without the cgroup caps the reader recorded (a runner whose throttle the profiler cannot read),
    // only the bios' steadiness (median deviation, not CV) tells which count met the ceiling.
    const p = loadFixture('lab-bio-iops-cap-bursts.json');
    if (p.context.cgroup) p.context.cgroup.ioLimits = [];
    const j = judgeInDetail(p);
    const extract = j.phases.find((x) => x.phase === 'extract');
    expect(extract?.disk.iopsCount?.used).toBe('before-merge');
    expect(reasonOf(extract?.disk.iopsCount)).toMatch(/held steadier than requests and bytes/);
    expect(extract?.bottleneck).toBe('disk-iops');
  });

  it('as recorded, the cgroup cap on bios says which count to use', () => {
    const j = judgeInDetail(loadFixture('lab-bio-iops-cap-bursts.json'));
    const extract = j.phases.find((x) => x.phase === 'extract');
    expect(extract?.disk.iopsCount?.used).toBe('before-merge');
    expect(reasonOf(extract?.disk.iopsCount)).toMatch(/reached the cgroup's cap of 2,000 IOPS/);
    expect(extract?.bottleneck).toBe('disk-iops');
  });

  it('the IOPS what-if counts the bios: a lower bound under the measured 55% saving, not the bandwidth floor', () => {
    const j = judgeInDetail(loadFixture('lab-bio-iops-cap-bursts.json'));
    const iops = j.verdict.whatIf.find((w) => w.resource === 'disk-iops');
    const now = iops?.restoreMs ?? 0;
    // Doubling the cap took the restore to 45% of its time; the bound must be below that (within the
    // lab's 5% noise) and at least 80% of it.
    expect(iops?.restoreLowerBoundMs).toBeLessThanOrEqual(0.45 * now * 1.05);
    expect(iops?.restoreLowerBoundMs).toBeGreaterThanOrEqual(0.8 * 0.45 * now);
  });

  it('the bandwidth what-if is a lower bound too: doubling the bandwidth saved 11%, bounded by the bios over the unchanged IOPS cap', () => {
    const j = judgeInDetail(loadFixture('lab-bio-iops-cap-bursts.json'));
    const bw = j.verdict.whatIf.find((w) => w.resource === 'disk-bandwidth');
    const now = bw?.restoreMs ?? 0;
    // Not "would still take the whole time": the throttle's bursts ran at the bandwidth cap.
    expect(bw?.restoreLowerBoundMs).toBeLessThanOrEqual(0.89 * now * 1.05);
    expect(bw?.restoreLowerBoundMs).toBeGreaterThanOrEqual(0.8 * 0.89 * now);
  });

  it('the dirty-throttle rule names the IOPS when the bios reached the ceiling and the bytes did not, whatever count the share used', () => {
    const j = judgeInDetail(loadFixture('lab-bio-iops-cap-bursts.json'));
    const extract = j.phases.find((x) => x.phase === 'extract');
    if (!extract?.disk.iopsCount) throw new Error('no IOPS count');
    // Played as if the steadiness test had not told the counts apart: the share counts requests after merging.
    const counting = { ...extract.disk.iopsCount, used: 'after-merge' as const };
    const shares = extract.disk.shares.map((s) =>
      s.resource === 'disk-iops'
        ? {
            resource: s.resource,
            direction: s.direction,
            ceiling: s.ceiling,
            rate: counting.afterMergePerSecond,
            share: counting.afterMergePerSecond / s.ceiling,
          }
        : s,
    );
    const bandwidth = shares.find((s) => s.resource === 'disk-bandwidth') ?? null;
    const disk = { ...extract.disk, shares, top: bandwidth, iopsCount: counting, timeAtCeiling: { 'disk-bandwidth': 0.14, 'disk-iops': 0 } };
    const profile = loadFixture('lab-bio-iops-cap-bursts.json');
    const rule = RULES.extract.find((r) => r.id === 'dirty-throttled');
    const outcome = rule?.apply({
      profile,
      name: 'extract',
      facts: extract.facts,
      ceilings: j.ceilings,
      disk,
      cpu: null,
      totalMs: 9000,
      networkBytes: null,
    });
    expect(outcome?.bottleneck).toBe('disk-iops');
    expect(outcome?.iopsCount).toBe('before-merge');
    expect(outcome && sayPhaseClause(outcome.decision)).toMatch(
      /issued 1988 write bios\/s, 103% of the 1921 IOPS random-write ceiling, with its bytes at 41% of the bandwidth one/,
    );
  });
});

describe("bios far above fio's IOPS figure, with no cap on the device: no cap we cannot see held them", () => {
  // Two runs of the session's lab bench (fixtures/profiles/*-bench-run*.json, interventions in their
  // provenance) whose extraction wrote to an uncapped loop device: the bios (page-sized writes, merged
  // many-fold) ran at 124 % and 165 % of fio's 4 KiB random-write figure and held steadier than requests
  // and bytes, paced by tar. Read as a cap on bios they made the verdict disk-iops; the interventions
  // answered cpu (doubling the quota saved 44 %) and loop1's bandwidth (doubling its cap saved 43 %).
  for (const [file, want] of [
    ['lab-cpu-bench-run2.json', 'cpu'],
    ['lab-two-disks-bench-run3.json', 'disk-bandwidth'],
  ] as const) {
    it(`${file}: the bios are counted as the device counts them, and the verdict is ${want}`, () => {
      const j = judgeInDetail(loadFixture(file));
      const extract = j.phases.find((x) => x.phase === 'extract');
      const c = extract?.disk.iopsCount;
      expect(c?.beforeMergePerSecond).toBeGreaterThan(ABOVE_CEILING_SHARE * (c?.ceiling ?? 0));
      expect(c?.used).toBe('after-merge');
      expect(reasonOf(c)).toMatch(/the cgroup caps no I\/O on this device and a cap on bios at fio's figure would not let that many through/);
      expect(extract?.bottleneck).not.toBe('disk-iops');
      expect(j.verdict.bottleneck).toBe(want);
    });
  }

  it('bios at (not above) the ceiling with no readable cap are still told apart by their steadiness', () => {
    // The guard leaves the bio-iops-cap case alone: its bios sat at 103 % of fio's figure.
    const p = loadFixture('lab-bio-iops-cap-bursts.json');
    if (p.context.cgroup) p.context.cgroup.ioLimits = [];
    const c = judgeInDetail(p).phases.find((x) => x.phase === 'extract')?.disk.iopsCount;
    expect(c?.beforeMergePerSecond).toBeLessThanOrEqual(ABOVE_CEILING_SHARE * (c?.ceiling ?? 0));
    expect(c?.used).toBe('before-merge');
  });
});
