// Compare mode on full profiles recorded by the bottleneck lab on this machine from different disks:
// the virtio disk as it is, and loop devices throttled through blkio (fixtures/profiles/README.md).
import { describe, expect, it } from 'vitest';
import { recorded } from './recorded.js';
import { compareProfiles, type LabelledProfile } from '../../src/compare/compare.js';
import { renderComparison } from '../../src/compare/render-comparison.js';
import { globToRegExp } from '../../src/compare/glob.js';
import { judgeSaved } from '../../src/report/render.js';

/** The same recording with its restore time scaled, as a repeated run of one runner would differ. */
function rerun(item: LabelledProfile, factor: number): LabelledProfile {
  const p = structuredClone(item.profile);
  if (p.restore) p.restore.restoreMs *= factor;
  for (const phase of p.phases) stretch(phase, factor);
  return { source: `${item.source} (x${factor})`, profile: p };
}

/** A phase made `factor` times as long: its bounds and its end snapshot, from which the judge takes its duration. */
function stretch(phase: LabelledProfile['profile']['phases'][number], factor: number, toMs?: number): void {
  const ms = toMs ?? (phase.endMs - phase.startMs) * factor;
  phase.endMs = phase.startMs + ms;
  phase.end = { ...phase.end, tMs: phase.start.tMs + ms };
}

describe('compareProfiles', () => {
  const fast = recorded('lab-baseline.json', 'virtio');
  const slow = recorded('lab-disk-iops.json', 'throttled-1000iops');
  const bandwidth = recorded('lab-disk-bandwidth.json', 'throttled-40MiBps');

  it('ranks runners by p50 until on disk and names the best ceilings', () => {
    const c = compareProfiles([slow, bandwidth, fast]);
    const onDisk = (x: typeof fast) => judgeSaved(x.profile).verdict.untilOnDiskMs!;
    const byRestore = [slow, bandwidth, fast].sort((a, b) => onDisk(a) - onDisk(b)).map((x) => x.profile.label);
    expect(c.runners.map((r) => r.label)).toEqual(byRestore);
    expect(c.fastest.restore).toBe(byRestore[0]);
    // The virtio disk's fio ceilings are far above loop devices throttled to 40 MiB/s or 1000 IOPS.
    expect(c.fastest.seqWriteMiBps).toBe('virtio');
    expect(c.fastest.randWriteIops).toBe('virtio');
    const throttled = c.runners.find((r) => r.label === 'throttled-40MiBps')!;
    const virtio = c.runners.find((r) => r.label === 'virtio')!;
    expect(throttled.ceilings.seqWriteMiBps!.median).toBeLessThan(virtio.ceilings.seqWriteMiBps!.median / 5);
    expect(throttled.bottlenecks[0]?.bottleneck).toBe('disk-bandwidth');
  });

  it('ranks by the time until the files are on disk, not the restore step alone', () => {
    // A throttled disk behind a page cache can finish the restore step first and write for long after.
    const hidden = structuredClone(bandwidth);
    hidden.profile.label = 'hidden-slow-disk';
    for (const p of hidden.profile.phases) stretch(p, 0.3);
    stretch(hidden.profile.phases.find((p) => p.name === 'writeback')!, 1, fast.profile.restore!.restoreMs * 10);
    const c = compareProfiles([hidden, fast]);
    expect(c.runners.map((r) => r.label)).toEqual(['virtio', 'hidden-slow-disk']);
    expect(c.runners[1]!.stepMs!.p50).toBeLessThan(c.runners[0]!.stepMs!.p50);
  });

  it('combines repeated runs of one label: p50, p90 and the range from the fastest run to the slowest', () => {
    const c = compareProfiles([fast, rerun(fast, 1.2), rerun(fast, 0.9), slow]);
    const virtio = c.runners.find((r) => r.label === 'virtio')!;
    const runs = [fast, rerun(fast, 1.2), rerun(fast, 0.9)].map((x) => judgeSaved(x.profile).verdict.untilOnDiskMs!).sort((a, b) => a - b);
    expect(virtio.sources).toHaveLength(3);
    expect(virtio.untilOnDiskMs).toEqual({ p50: runs[1], p90: runs[1]! + 0.8 * (runs[2]! - runs[1]!), min: runs[0], max: runs[2], runs: 3 });
    const md = renderComparison(c);
    expect(md).toContain(`| ${(runs[0]! / 1000).toFixed(2)}–${(runs[2]! / 1000).toFixed(2)} |`);
    expect(md).toMatch(/\| 1 \| virtio/);
  });

  it('renders only the columns with data and the spread chart', () => {
    const md = renderComparison(compareProfiles([fast, slow]));
    // Neither recording probed reads: no read column; no price: no cost column.
    expect(md).toContain('| # | Runner | Runs | Until on disk p50 / p90 (s) | Spread (s) | Restore step p50 / p90 (s) | Verdict |');
    expect(md).toContain('| Runner | Seq write (MiB/s) | Rand write (IOPS) |');
    // Each chart's plot colour comes from the palette readable on GitHub's light and dark themes.
    const charts =
      md.match(/```mermaid\n%%\{init: \{"themeVariables": \{"xyChart": \{"plotColorPalette": "#[0-9a-f]{6}[^\n]*\}%%\nxychart-beta[\s\S]*?```/g) ?? [];
    expect(charts.length).toBe(1);
    for (const chart of charts) {
      const labels = /x-axis \[(.*)\]/.exec(chart)![1]!.split(', ');
      for (const series of chart.match(/(bar|line) \[(.*)\]/g)!) expect(series.split(', ')).toHaveLength(labels.length);
    }
  });

  it('marks the runs that shared their machine with another profile', () => {
    const shared = rerun(fast, 1.2);
    shared.profile.context.otherProfiles = [{ label: 'throttled-1000iops', pid: 4242, during: ['restore', 'probes'], theirPhases: ['experiments'] }];
    const c = compareProfiles([fast, shared, slow]);
    expect(c.runners.find((r) => r.label === 'virtio')?.sharedRuns).toBe(1);
    expect(c.runners.find((r) => r.label === 'throttled-1000iops')?.sharedRuns).toBe(0);
    const md = renderComparison(c);
    expect(md).toMatch(/\| virtio <sub>⚠ shared 1\/2<\/sub> \|/);
    expect(md).toContain('⚠ Shared machine: virtio (1 of 2 runs) ran while another disk-profiler run used the same machine');
    expect(renderComparison(compareProfiles([fast, slow]))).not.toContain('Shared machine');
  });

  it('ranks no label without a restore and says why; a label run once is said to have no measured spread', () => {
    const miss = structuredClone(slow);
    miss.profile.label = 'cold';
    if (miss.profile.restore) miss.profile.restore.cacheHit = false;
    const c = compareProfiles([fast, miss, bandwidth]);
    expect(c.recommendation.notRestored).toEqual(['cold']);
    expect(c.recommendation.oneRun).toEqual(['throttled-40MiBps', 'virtio']);
    expect([c.recommendation.pick, ...c.recommendation.slower.map((s) => s.label)]).not.toContain('cold');
    const md = renderComparison(c);
    expect(md).toContain('- `cold`: no restore to rank (a cache miss).');
    expect(md).toContain('`throttled-40MiBps` and `virtio` ran once: their spread is not measured');
  });

  it('lists what it left out', () => {
    const md = renderComparison(compareProfiles([fast]), ["artifact 'disk-profile-x': not JSON"]);
    expect(md).toContain('Profiles left out and notes');
    expect(md).toContain("artifact 'disk-profile-x': not JSON");
  });
});

describe('glob', () => {
  it('matches artifact names with * and ? only', () => {
    const re = globToRegExp('disk-profile-*');
    expect(re.test('disk-profile-ubuntu-24.04')).toBe(true);
    expect(re.test('other-disk-profile-x')).toBe(false);
    expect(globToRegExp('a.b?').test('a.bc')).toBe(true);
    expect(globToRegExp('a.b?').test('axbc')).toBe(false);
  });
});
