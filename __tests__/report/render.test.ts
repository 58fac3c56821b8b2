import { describe, expect, it } from 'vitest';
import type { DiskCounters, Profile, Snapshot } from '../../src/profile/schema.js';
import { renderProfile } from '../../src/report/render.js';
import { MAX_POINTS } from '../../src/report/charts.js';
import { downloadChartPoints } from '../../src/report/download-section.js';
import { CHART_COLORS } from '../../src/report/palette.js';
import { fixtureNames, loadFixture } from '../judge/fixture-tools.js';

function mermaidBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```mermaid\n([\s\S]*?)\n```/g)].map((m) => m[1] as string);
}

/** Checks what GitHub's mermaid needs: xychart-beta with a numeric or categorical x-axis and matching series; pie rows. */
function checkMermaid(block: string): void {
  const all = block.split('\n');
  // A leading init directive sets only the plot colours, from the palette (readable on light and dark).
  const init = /^%%\{init: (.*)\}%%$/.exec(all[0] ?? '');
  if (init) {
    const colors = JSON.stringify(JSON.parse(init[1] as string)).match(/#[0-9a-f]{6}/g) ?? [];
    expect(colors.length).toBeGreaterThan(0);
    for (const c of colors) expect(c === '#ffffff' || (CHART_COLORS as readonly string[]).includes(c), c).toBe(true);
  }
  const lines = init ? all.slice(1) : all;
  const kind = lines[0];
  if (kind === 'xychart-beta') {
    const categorical = block.match(/^\s+x-axis "[^"]*" \[(.*)\]$/m);
    const numeric = block.match(/^\s+x-axis "[^"]*" 0 --> ([\d.]+)$/m);
    expect(categorical ?? numeric, 'x-axis').not.toBeNull();
    const labels = categorical ? [...(categorical[1] as string).matchAll(/"([^"]*)"/g)].map((m) => m[1]) : null;
    if (labels) expect(new Set(labels).size, 'unique x labels').toBe(labels.length);
    if (numeric) expect(Number(numeric[1])).toBeGreaterThan(0);
    expect(block).toMatch(/^\s+y-axis "[^"]+" 0 --> [\d.]+$/m);
    const series = [...block.matchAll(/^\s+(?:line|bar) \[(.*)\]$/gm)];
    expect(series.length).toBeGreaterThan(0);
    for (const s of series) {
      const values = (s[1] as string).split(', ');
      expect(values.length).toBeLessThanOrEqual(MAX_POINTS);
      if (labels) expect(values.length).toBe(labels.length);
      for (const v of values) expect(Number.isFinite(Number(v)), v).toBe(true);
    }
  } else if (kind === 'pie showData') {
    const rows = lines.slice(1).filter((l) => !/^\s+title /.test(l));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r).toMatch(/^\s+"[a-z]+" : \d+\.\d+$/);
  } else {
    throw new Error(`unexpected mermaid chart: ${kind}`);
  }
}

describe('step summary', () => {
  it('matches the snapshot for the recorded CPU-bound profile', async () => {
    const { markdown } = renderProfile(loadFixture('cpu-tar-zstd-vda.json'), { rejudge: true });
    await expect(markdown).toMatchFileSnapshot('./__snapshots__/cpu-tar-zstd-vda.md');
  });

  for (const file of fixtureNames()) {
    it(`${file}: verdict first, well-formed mermaid, iostat columns, fio ceilings in RunsOn order`, () => {
      const profile = loadFixture(file);
      const { markdown, verdict } = renderProfile(profile, { rejudge: true });
      expect(markdown.split('\n')[0]).toBe(`**${verdict.sentence.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}**`);
      const blocks = mermaidBlocks(markdown);
      // The three timeline charts, and the download's two where its timeline was recorded (newer recordings).
      const timeline = profile.phases.find((x) => x.name === 'download')?.downloadTimeline;
      expect(blocks.length).toBe(3 + (timeline && downloadChartPoints(timeline).length >= 2 ? 2 : 0));
      blocks.forEach(checkMermaid);
      expect(markdown).toContain('| Phase | Device | r/s | w/s | rkB/s | wkB/s | rrqm/s | wrqm/s | r_await | w_await | aqu-sz | %util | rareq-sz | wareq-sz |');
      if (profile.probes?.status === 'ran')
        expect(markdown).toMatch(/\| {2}\| Seq Writes \| Rand Writes \| Seq Reads \| Rand Reads \| QD1 4k read latency \| fsync IOPS \|/);
      else if (profile.probes) expect(markdown).toContain(`fio probes ${profile.probes.status}`);
      else expect(markdown).toContain('No fio probes ran');
      expect(markdown).toContain('<details><summary>Evidence per phase');
      // <details> blocks are balanced.
      expect(markdown.split('<details>').length).toBe(markdown.split('</details>').length);
    });
  }

  it('uses the recorded verdict unless asked to re-judge', () => {
    const profile = loadFixture('cpu-tar-zstd-vda.json');
    profile.verdict = { bottleneck: 'network', sentence: 'Recorded verdict.', phases: [], whatIf: [] };
    expect(renderProfile(profile).markdown.split('\n')[0]).toBe('**Recorded verdict.**');
    expect(renderProfile(profile, { rejudge: true }).verdict.bottleneck).toBe('cpu');
  });
});

/**
 * A 30-minute restore sampled every 100 ms: 18,000 snapshots whose per-interval deltas cycle through
 * the real deltas of the recorded network profile's samples.
 */
function longRestore(): Profile {
  const base = loadFixture('network-slow-download.json');
  const real = base.samples.snapshots;
  const step = (a: Snapshot, b: Snapshot, prev: Snapshot, tMs: number): Snapshot => {
    const disk = (i: number): DiskCounters | null => {
      const x = a.disks[i];
      const y = b.disks[i];
      const p = prev.disks[i];
      if (!x || !y || !p) return null;
      const out = { ...p };
      for (const k of Object.keys(p) as (keyof DiskCounters)[]) out[k] = (p[k] ?? 0) + Math.max(0, (y[k] ?? 0) - (x[k] ?? 0));
      return out;
    };
    return { ...prev, tMs, disks: prev.disks.map((_, i) => disk(i)), perCpu: undefined };
  };
  const snaps: Snapshot[] = [{ ...(real[0] as Snapshot), tMs: 0 }];
  for (let k = 1; k < 18_000; k++) {
    const i = 1 + (k % (real.length - 1));
    snaps.push(step(real[i - 1] as Snapshot, real[i] as Snapshot, snaps[k - 1] as Snapshot, k * 100));
  }
  const phaseAt = (name: 'lookup' | 'download' | 'extract' | 'writeback', from: number, to: number) => ({
    name,
    startMs: from * 100,
    endMs: to * 100,
    start: snaps[from] as Snapshot,
    end: snaps[to] as Snapshot,
  });
  return {
    ...base,
    phases: [phaseAt('lookup', 0, 5), phaseAt('download', 5, 6000), phaseAt('extract', 6000, 17000), phaseAt('writeback', 17000, 17999)],
    samples: { intervalMs: 100, keptEvery: 1, snapshots: snaps },
    warnings: Array.from({ length: 50 }, (_, i) => `warning ${i}`),
  };
}

describe('summary size', () => {
  it('stays far below GitHub’s 1 MiB limit on a 30-minute restore (18,000 snapshots)', () => {
    const profile = longRestore();
    expect(profile.samples.snapshots.length).toBe(18_000);
    const { markdown } = renderProfile(profile, { rejudge: true });
    const size = Buffer.byteLength(markdown, 'utf8');
    expect(size).toBeLessThan(100 * 1024);
    mermaidBlocks(markdown).forEach(checkMermaid);
    // The timeline is downsampled to MAX_POINTS intervals.
    expect(mermaidBlocks(markdown)[0]).toMatch(new RegExp(`line \\[(?:[^,\\]]+, ){${MAX_POINTS - 1}}[^,\\]]+\\]`));
  });
});
