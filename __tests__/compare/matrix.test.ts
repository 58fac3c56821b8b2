// The recommendation over the recorded matrix (fixtures/compare: four labels, three or four runs each,
// one label on two hardware kinds, one whose probes measured the page cache): its figures follow from
// the table it sits above, a tie is called a tie, cost decides between labels as fast, and no probe that
// measured the page cache is ranked, output or remembered.
import { describe, expect, it } from 'vitest';
import { compareProfiles, type Comparison } from '../../src/compare/compare.js';
import { slowKinds, tied } from '../../src/compare/recommend.js';
import { ON_DISK_TIME, renderComparison, STEP_TIME } from '../../src/compare/render-comparison.js';
import { parsePrices } from '../../src/config/prices.js';
import { PAGE_CACHE_BYTES_PER_SECOND, PAGE_CACHE_IOPS, pageCacheLoop } from '../../src/judge/page-cache-probe.js';
import { diskProbeSuite } from '../../src/report/say/probe-notes.js';
import { profileOutputs } from '../../src/report/outputs.js';
import { judgeSaved } from '../../src/report/render.js';
import { MiB } from '../../src/util/units.js';
import { matrixPrices, recordedMatrix } from './matrix.js';
import { tableOf } from './summary-table.js';

const items = recordedMatrix();

/** A table of the summary, the main one by default. */
const mainTable = (md: string, opening = '| # | Runner |') => tableOf(md, opening);

const label = (row: Record<string, string>) => (row.Runner as string).replace(/ <sub>.*$/, '');
const pair = (cell: string) => cell.split(' / ').map(Number) as [number, number];
const range = (cell: string) =>
  cell
    .replace(/ <sub>.*$/, '')
    .split('–')
    .map(Number) as [number, number];
const row = (rows: Record<string, string>[], l: string) => rows.find((r) => label(r) === l) as Record<string, string>;
const onDisk = `${ON_DISK_TIME} p50 / p90 (s)`;

/** The recommendation: everything above the hardware kinds and the table. */
function recommendation(md: string): string {
  return md.slice(0, md.indexOf('| # | Runner |'));
}

describe('the recorded matrix', () => {
  const c = compareProfiles(items);
  const md = renderComparison(c);
  const rows = mainTable(md);

  it('holds four runner labels with repeated runs, one on two hardware kinds, one whose probes measured the page cache', () => {
    expect(c.runners).toHaveLength(4);
    for (const r of c.runners) expect(r.runs.length).toBeGreaterThanOrEqual(3);
    expect(c.kinds.filter((k) => k.kinds.length === 2).map((k) => k.label)).toEqual(['ubuntu-24.04']);
    expect(c.runners.filter((r) => r.pageCache.length > 0).map((r) => r.label)).toEqual(['ubuntu-24.04-arm']);
    expect(md).toContain('`ubuntu-24.04` landed on 2 hardware kinds');
    expect(md).toMatch(/`79c1a6b49d3c` is the slow one: [\d.]+ s later at p50 than `79f9f0fb5c81`/);
  });

  it('sorts the table by p50 until on disk, the measure the recommendation uses', () => {
    const p50s = rows.map((r) => pair(r[onDisk] as string)[0]);
    expect(p50s).toEqual([...p50s].sort((a, b) => a - b));
    expect(rows.map(label)).toEqual(c.runners.map((r) => r.label));
  });

  it("states figures that follow from the table: the pick's p50 and p90, how much sooner than each slower label", () => {
    const text = recommendation(md);
    const pick = row(rows, c.recommendation.pick as string);
    const [p50, p90] = pair(pick[onDisk] as string);
    expect(c.recommendation.slower.length).toBeGreaterThanOrEqual(2);
    for (const s of c.recommendation.slower) {
      const [q50, q90] = pair(row(rows, s.label)[onDisk] as string);
      const m = new RegExp(`([\\d.]+) s at p50 and ([\\d.]+) s at p90 sooner than \`${s.label}\``).exec(text);
      expect(m, s.label).not.toBeNull();
      // Each table cell is rounded to 0.01 s: their difference is within 0.01 s of the sentence's.
      expect(Math.abs(Number(m?.[1]) - (q50 - p50))).toBeLessThanOrEqual(0.0101);
      expect(Math.abs(Number(m?.[2]) - (q90 - p90))).toBeLessThanOrEqual(0.0101);
      const why = new RegExp(`- \`${s.label}\`, ([\\d.]+) s later at p50 \\(([\\d.]+) s later at p90\\): (.*)`).exec(text);
      expect(why, s.label).not.toBeNull();
      expect(why?.[1]).toBe(m?.[1]);
      // Why: this version's verdict of the label's typical run, with the figure behind it.
      const typical = c.runners.find((r) => r.label === s.label)?.typical;
      const verdict = judgeSaved(typical?.profile as never).verdict;
      expect(why?.[3]).toMatch(/^(Disk-bound \((bandwidth|IOPS)\)|CPU-bound|Network-bound)/);
      expect(why?.[3]).toContain(`of its ${((verdict.untilOnDiskMs as number) / 1000).toFixed(2)} s until on disk`);
      expect(why?.[3]).toMatch(/would save at most [\d.]+ s|% of its [\d.]+ (MiB\/s|IOPS) ceiling/);
    }
  });

  it('calls a difference within the runs’ spread a tie, and one beyond it none', () => {
    expect(c.recommendation).toMatchObject({ kind: 'tie', pick: 'ubuntu-24.04-arm', asFast: ['ubuntu-24.04'] });
    expect(recommendation(md)).toMatch(/^## .*\n\n\*\*`ubuntu-24\.04-arm` and `ubuntu-24\.04` tie for this cache\*\*/);
    expect(recommendation(md)).toContain("a difference within their runs' spread");
    // The rule, read off the table's Spread column: tied spreads overlap, the others' do not.
    const spreadOf = (l: string) => range(row(rows, l)['Spread (s)'] as string);
    const [a, b] = [spreadOf('ubuntu-24.04-arm'), spreadOf('ubuntu-24.04')];
    expect(a[0] <= b[1] && b[0] <= a[1]).toBe(true);
    for (const s of c.recommendation.slower) expect(spreadOf(s.label)[0]).toBeGreaterThan(Math.max(a[1], b[1]));
    // Without the arm runs, ubuntu-24.04 is the fastest beyond every other spread: no tie.
    const without = compareProfiles(items.filter((i) => i.profile.label !== 'ubuntu-24.04-arm'));
    expect(without.recommendation).toMatchObject({ kind: 'pick', pick: 'ubuntu-24.04', by: 'fastest', asFast: [] });
    expect(renderComparison(without)).toContain('**Use `ubuntu-24.04` for this cache**: its restores were on disk after');
  });

  it("names a slow hardware kind only when its p50 is beyond the fast kind's p90", () => {
    const kind = (id: string, p50: number, p90: number) => ({
      fingerprintId: id,
      hardware: id,
      runs: 5,
      restoreMs: null,
      untilDurableMs: { p50, p90, runs: 5 },
    });
    const of = (a: ReturnType<typeof kind>, b: ReturnType<typeof kind>) => slowKinds([{ label: 'l', basis: 'history', runs: 10, kinds: [a, b] }])[0]?.slow;
    expect(of(kind('a', 1000, 1200), kind('b', 1300, 1500))).toMatchObject({ slow: { fingerprintId: 'b' }, fast: { fingerprintId: 'a' }, p50LaterMs: 300 });
    expect(of(kind('a', 1000, 1400), kind('b', 1300, 1500))).toBeNull();
  });

  it('the tie rule: spreads that overlap, a touching end included; one run is a spread of one point', () => {
    const t = (min: number, max: number) => ({ p50: (min + max) / 2, p90: max, min, max, runs: 2 });
    expect(tied(t(1, 2), t(2, 3))).toBe(true);
    expect(tied(t(1, 2), t(2.01, 3))).toBe(false);
    expect(tied(t(1, 1), t(1, 1))).toBe(true);
  });

  it('shows what a step and an on-disk time are once, and only columns with data', () => {
    expect(md.match(new RegExp(`\\*${STEP_TIME}\\*:`, 'g'))).toHaveLength(1);
    expect(md.match(new RegExp(`\\*${ON_DISK_TIME}\\*:`, 'g'))).toHaveLength(1);
    const header = md.split('\n').find((l) => l.startsWith('| # | Runner |')) as string;
    // No run probed reads, no price was given.
    expect(header).not.toMatch(/(Seq|Rand) read|\$/);
    for (const r of rows) for (const [k, v] of Object.entries(r)) if (k !== 'Best fix (measured)') expect(v, `${label(r)}: ${k}`).not.toBe('–');
  });
});

describe('the recorded matrix with prices', () => {
  const prices = matrixPrices();
  const c = compareProfiles(items, prices);
  const md = renderComparison(c);
  const rows = mainTable(md);

  it('costs each label its p50 until on disk at its per-minute price, per restore and per 1,000 runs', () => {
    for (const r of rows) {
      const [p50] = pair(r[onDisk] as string);
      const perMinute = prices.get(label(r)) as number;
      const [perRestore, per1000] = (r['$ per restore / 1,000 runs'] as string).split(' / ');
      const shown = (per1000 as string).slice(1);
      // p50 is rounded to 0.01 s in the table and the cost to its last digit shown: the cost follows within both.
      const digit = 0.5 * 10 ** -(shown.split('.')[1]?.length ?? 0);
      expect(Math.abs(Number(shown) - ((p50 * perMinute) / 60) * 1000)).toBeLessThanOrEqual(((0.005 * perMinute) / 60) * 1000 + digit);
      expect(Number((perRestore as string).slice(1)) * 1000).toBeCloseTo(Number(shown), 1);
    }
  });

  it('picks the cheaper of two labels as fast (arm at $0.005 a minute against $0.006)', () => {
    expect(c.recommendation).toMatchObject({ kind: 'pick', pick: 'ubuntu-24.04-arm', by: 'cheaper-as-fast', asFast: ['ubuntu-24.04'] });
    expect(recommendation(md)).toMatch(/^## .*\n\n\*\*Use `ubuntu-24\.04-arm` for this cache\*\*: as fast as `ubuntu-24\.04` within their runs' spread/);
    const dearer = compareProfiles(items, parsePrices('ubuntu-24.04=0.006, ubuntu-24.04-arm=0.012, ubuntu-latest-4-cores=0.012, ubuntu-22.04=0.006'));
    expect(dearer.recommendation).toMatchObject({ pick: 'ubuntu-24.04', by: 'cheaper-as-fast', asFast: ['ubuntu-24.04-arm'] });
  });

  it('names a cheaper but slower label with what it saves and what it costs in time', () => {
    const cheap = compareProfiles(items, parsePrices('ubuntu-24.04=0.006, ubuntu-24.04-arm=0.005, ubuntu-latest-4-cores=0.012, ubuntu-22.04=0.001'));
    const pick = cheap.runners.find((r) => r.label === 'ubuntu-24.04-arm');
    const other = cheap.runners.find((r) => r.label === 'ubuntu-22.04');
    expect(cheap.recommendation.cheaper).toEqual({
      label: 'ubuntu-22.04',
      p50LaterMs: (other?.untilOnDiskMs?.p50 as number) - (pick?.untilOnDiskMs?.p50 as number),
      savedPer1000RunsUsd: (pick?.cost?.per1000RunsUsd as number) - (other?.cost?.per1000RunsUsd as number),
    });
    expect(renderComparison(cheap)).toMatch(/`ubuntu-22\.04` costs \$[\d.]+ less per 1,000 runs at the given prices and is [\d.]+ s slower at p50/);
  });
});

describe('a probe that measured the page cache is never the disk’s ceiling', () => {
  const c: Comparison = compareProfiles(items);
  const arm = c.runners.find((r) => r.label === 'ubuntu-24.04-arm');

  it('is not ranked: no ceiling, no best ceiling, no figure at memory speed in the table', () => {
    expect(arm?.ceilings.seqWriteMiBps).toBeNull();
    expect(arm?.pageCache).toContain('seqWriteMiBps');
    expect(c.fastest.seqWriteMiBps).not.toBe('ubuntu-24.04-arm');
    for (const r of c.runners) {
      expect((r.ceilings.seqWriteMiBps?.max ?? 0) * MiB).toBeLessThan(PAGE_CACHE_BYTES_PER_SECOND);
      for (const run of r.runs) {
        const cached = (run.profile.probes?.probes ?? []).filter((p) => pageCacheLoop(run.profile, p) !== null);
        for (const p of cached) expect(p.bytesPerSecond >= PAGE_CACHE_BYTES_PER_SECOND || p.iops >= PAGE_CACHE_IOPS).toBe(true);
      }
    }
    const md = renderComparison(c);
    const ceilings = mainTable(md, '| Runner | Seq write (MiB/s) |');
    expect(row(ceilings, 'ubuntu-24.04-arm')['Seq write (MiB/s)']).toBe('page cache, not ranked');
    for (const r of ceilings)
      if (label(r) !== 'ubuntu-24.04-arm') expect(Number.parseFloat(r['Seq write (MiB/s)'] as string)).toBeLessThan(PAGE_CACHE_BYTES_PER_SECOND / MiB);
    expect(md).toContain('Probes that measured the page cache, not a disk, are not ranked or output as ceilings: `ubuntu-24.04-arm` (seq-write)');
  });

  it('is not output nor remembered', () => {
    const lab = items.find((i) => i.source.endsWith('profiles/lab-cpu.json'))?.profile;
    if (!lab?.probes) throw new Error('lab-cpu.json has no probes');
    const outputs = profileOutputs(lab, judgeSaved(lab).verdict);
    expect(outputs['seq-write-mibps']).toBe('');
    expect(outputs['rand-write-iops']).toBe('');
    const kept = diskProbeSuite(lab, lab.probes);
    expect(kept.probes.map((p) => p.name)).toEqual([]);
    expect(kept.reason).toMatch(/page cache/);
    // A disk's probes are kept as they are.
    const disk = items.find((i) => i.source.endsWith('lab-bio-iops-cap.json'))?.profile;
    if (!disk?.probes) throw new Error('lab-bio-iops-cap.json has no probes');
    expect(diskProbeSuite(disk, disk.probes)).toBe(disk.probes);
    expect(profileOutputs(disk, judgeSaved(disk).verdict)['seq-write-mibps']).not.toBe('');
  });
});
