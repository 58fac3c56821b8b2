// The two runner-type recordings whose tail used to take the verdict as "inconclusive (CPU not
// measured)": a hosted runner's page cache (lab-hosted-page-cache.json) and two restore disks, the
// second capped and not probed (lab-two-disks.json). Lab figures are the interventions' answers from
// `disk-profiler lab hosted-page-cache|two-disks` (halving the pipeline's CPU cost 31 %; doubling the
// capped disk's bandwidth saved 41 %).
import { describe, expect, it } from 'vitest';
import { judgeInDetail } from '../../src/judge/judge.js';
import { SUSTAINED_RATE_MS } from '../../src/judge/thresholds.js';
import { loadFixture, phaseOf } from './fixture-tools.js';
import { sayWhatIf } from '../../src/report/say/what-if.js';
import { sayVerdict } from '../../src/report/say/verdict.js';

describe('a hosted runner whose page cache absorbs a half-second extraction', () => {
  it('tar + unzstd together at a full core carry the verdict; the unpinned tail is named with what it could hide', () => {
    const profile = loadFixture('lab-hosted-page-cache.json');
    const j = judgeInDetail(profile);
    expect(j.phases.find((p) => p.phase === 'extract')?.rule).toBe('cpu-pipeline');
    expect(j.verdict.bottleneck).toBe('cpu');
    const cpu = j.verdict.whatIf.find((w) => w.resource === 'cpu');
    const tail = j.phases.find((p) => p.phase === 'writeback');
    expect(tail?.bottleneck).toBe('inconclusive');
    // The tail could hide at most half its time, less than the CPU's saving: it does not win.
    expect((tail?.durationMs ?? 0) / 2).toBeLessThan(cpu?.savingAtMostMs ?? 0);
    expect(sayVerdict(j.verdict, profile)).toContain('The writeback tail cannot be pinned on one resource (CPU not measured)');
  });

  it('without a full core between them the extraction is not cpu, and the tail, which could hide more than the rest saves, wins as inconclusive', () => {
    const p = loadFixture('lab-hosted-page-cache.json');
    const extract = phaseOf(p, 'extract');
    // tar and unzstd together at 0.68 of a core instead of 0.99: 15 fewer ticks by the end of extraction.
    extract.end.childCpuTicks = (extract.end.childCpuTicks ?? 0) - 15;
    const j = judgeInDetail(p);
    expect(j.phases.find((x) => x.phase === 'extract')?.bottleneck).toBe('none');
    expect(j.verdict.bottleneck).toBe('inconclusive');
    expect(sayVerdict(j.verdict, p)).toMatch(/^Inconclusive: the writeback tail cannot be pinned on one resource \(CPU not measured\)/);
  });
});

describe('two restore disks, the second capped and not probed', () => {
  it('judges the tail on the device still writing against its blkio cap, as recorded', () => {
    const p = loadFixture('lab-two-disks.json');
    const j = judgeInDetail(p);
    const tail = j.phases.find((x) => x.phase === 'writeback');
    expect(tail?.rule).toBe('tail-disk');
    expect(sayVerdict(j.verdict, p)).toMatch(/^Disk-bound \(bandwidth\) on loop1: .*blkio cap of 8 MiB\/s.* Twice loop1's bandwidth would save at most/);
  });

  it('without the cap (a device no cgroup limits): at the rate it sustained, and bounds the what-if from below', () => {
    const p = loadFixture('lab-two-disks.json');
    if (p.context.cgroup) p.context.cgroup.ioLimits = [];
    const j = judgeInDetail(p);
    const tail = j.phases.find((x) => x.phase === 'writeback');
    expect(p.devices[tail?.facts.deviceIndex ?? -1]?.name).toBe('loop1');
    expect(tail?.rule).toBe('tail-sustained-rate');
    expect(tail?.durationMs).toBeGreaterThanOrEqual(SUSTAINED_RATE_MS);
    expect(sayVerdict(j.verdict, p)).toMatch(
      /^Disk-bound \(bandwidth\) on loop1: .* not a probed ceiling \(fio probed loop0, not loop1\).* Twice loop1's bandwidth would save at most/,
    );
    const w = j.verdict.whatIf.find((x) => x.resource === 'disk-bandwidth');
    expect(w?.measured).toBe(true);
    expect(w && sayWhatIf(w)).toMatch(/^With loop1's bandwidth twice as fast this restore would take at least/);
    // The lab: doubling loop1's cap took the restore to 59 % of its time. The bound is below that and at least 80 % of it.
    const labMs = 0.59 * (w?.restoreMs ?? 0);
    expect(w?.restoreLowerBoundMs).toBeLessThanOrEqual(labMs);
    expect(w?.restoreLowerBoundMs).toBeGreaterThanOrEqual(0.8 * labMs);
  });

  it('a device that stopped writing for part of the tail has no steady rate: no sustained-rate verdict', () => {
    const p = loadFixture('lab-two-disks.json');
    const tail = phaseOf(p, 'writeback');
    const loop1 = p.devices.findIndex((d) => d.name === 'loop1');
    // loop1 wrote nothing in the tail's second half: its counters freeze at the midpoint, the rest moves to the end.
    const mid = (tail.startMs + tail.endMs) / 2;
    const frozen = p.samples.snapshots.filter((s) => s.tMs > tail.startMs && s.tMs <= mid).at(-1)?.disks[loop1]?.sectorsWritten;
    expect(frozen).toBeDefined();
    for (const s of p.samples.snapshots) {
      const d = s.disks[loop1];
      if (d && s.tMs > mid && s.tMs < tail.endMs) d.sectorsWritten = frozen as number;
    }
    const j = judgeInDetail(p);
    expect(j.phases.find((x) => x.phase === 'writeback')?.rule).not.toBe('tail-sustained-rate');
  });
});
