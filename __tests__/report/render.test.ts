import { describe, expect, it } from 'vitest';
import type { DiskCounters, Profile, Snapshot } from '../../src/profile/schema.js';
import { renderProfile } from '../../src/report/render.js';
import { MAX_POINTS } from '../../src/report/charts.js';
import { BAND_COLORS, CHART_COLORS } from '../../src/report/palette.js';
import { fixtureNames, loadFixture, loadFixtureWithDownload } from '../judge/fixture-tools.js';
import { HEADLINE_MAX_WORDS, wordCount } from '../../src/report/headline.js';

function mermaidBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```mermaid\n([\s\S]*?)\n```/g)].map((m) => m[1] as string);
}

/** Checks what GitHub's mermaid needs: xychart-beta with a numeric or categorical x-axis and matching series; pie rows. */
function checkMermaid(block: string): void {
  const all = block.split('\n');
  // A leading init directive sets only the plot colours, from the palette (readable on light and dark).
  const init = /^%%\{init: (.*)\}%%$/.exec(all[0] ?? '');
  if (init) {
    const colors = JSON.stringify(JSON.parse(init[1] as string)).match(/#[0-9a-f]{6}(?:[0-9a-f]{2})?\b/g) ?? [];
    expect(colors.length).toBeGreaterThan(0);
    const bands = Object.values(BAND_COLORS) as string[];
    for (const c of colors) expect(c === '#ffffff' || (CHART_COLORS as readonly string[]).includes(c) || bands.includes(c), c).toBe(true);
  }
  const lines = init ? all.slice(1) : all;
  const kind = lines[0];
  if (kind === 'xychart-beta' || kind === 'xychart-beta horizontal') {
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
    it(`${file}: headline first, What to do next, well-formed mermaid, iostat columns, fio probes`, () => {
      const profile = loadFixture(file);
      const { markdown, verdict } = renderProfile(profile, { rejudge: true });
      const lines = markdown.split('\n');
      expect(lines[0]).toMatch(/^### \S/);
      expect(wordCount((lines[0] as string).slice(4))).toBeLessThanOrEqual(HEADLINE_MAX_WORDS);
      expect(lines[2]).toMatch(/^> \[!(TIP|NOTE)\]$/);
      expect(lines[3]).toMatch(/^> \*\*What to do:\*\* /);
      const blocks = mermaidBlocks(markdown);
      expect(blocks.length).toBeGreaterThanOrEqual(3);
      blocks.forEach(checkMermaid);
      // The first chart is the verdict's resource against its ceiling.
      const first = blocks[0] as string;
      if (verdict.bottleneck === 'disk-iops') expect(first).toMatch(/writes per second against the IOPS ceiling/);
      if (verdict.bottleneck === 'disk-bandwidth') expect(first).toMatch(/write MiB\/s against the bandwidth ceiling/);
      if (verdict.bottleneck === 'cpu') expect(first).toMatch(/cores used/);
      if (verdict.bottleneck === 'network') expect(first).toMatch(/Download: MiB\/s received|Where the time went/);
      // %util is supporting evidence: only behind <details>, never the first chart.
      expect(first).not.toMatch(/%util/);
      expect(markdown).toContain('| Phase | Device | r/s | w/s | rkB/s | wkB/s | rrqm/s | wrqm/s | r_await | w_await | aqu-sz | %util | rareq-sz | wareq-sz |');
      if (profile.probes && profile.probes.probes.length > 0) expect(markdown).toMatch(/\| fio probe \| MiB\/s \| IOPS \| Mean latency \|/);
      else if (profile.probes) expect(markdown).toContain(`fio probes ${profile.probes.status}`);
      else expect(markdown).toContain('No fio probes ran');
      expect(markdown).toContain('<details><summary>Why: the evidence per phase');
      // Evidence in words: the judge's internal ids stay in the JSON.
      for (const p of verdict.phases) for (const e of p.evidence) expect(markdown).not.toContain(`\`${e.id}\``);
      // <details> blocks are balanced.
      expect(markdown.split('<details>').length).toBe(markdown.split('</details>').length);
    });
  }

  it('renders every recording with the verdict it recorded too (older bottleneck names included)', () => {
    for (const file of fixtureNames()) {
      const { markdown } = renderProfile(loadFixture(file));
      const lines = markdown.split('\n');
      expect(lines[0], file).toMatch(/^### \S/);
      expect(lines[0], file).not.toMatch(/undefined/);
      expect(lines[3], file).toMatch(/^> \*\*What to do:\*\* /);
    }
  });

  it("a network verdict with the download's own timeline charts its rate and requests in flight against the client's concurrency", () => {
    // The lab's network-bound recording with a download timeline recorded against the real services (fixtures/downloads).
    const profile = loadFixtureWithDownload('lab-network.json', 'sdk-hold');
    const { markdown, verdict } = renderProfile(profile);
    expect(verdict.bottleneck).toBe('network');
    const first = mermaidBlocks(markdown)[0] as string;
    expect(first).toContain('Download: MiB/s received, and requests in flight');
    checkMermaid(first);
    expect(markdown).toMatch(/orange: the \d+ requests the cache client runs at once/);
  });

  it('uses the recorded verdict unless asked to re-judge', () => {
    const profile = loadFixture('cpu-tar-zstd-vda.json');
    profile.verdict = { bottleneck: 'network', sentence: 'Recorded verdict.', phases: [], whatIf: [] };
    expect(renderProfile(profile).markdown).toContain('Recorded verdict.');
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
    const timed = mermaidBlocks(markdown).filter((b) => b.includes('    line ['));
    expect(timed.length).toBeGreaterThan(0);
    for (const b of timed) expect(b).toMatch(new RegExp(`line \\[(?:[^,\\]]+, ){${MAX_POINTS - 1}}[^,\\]]+\\]`));
  });
});
