import { labDepsListing } from './lab-deps-listing.js';
import { describe, expect, it } from 'vitest';
import { extrapolate, extrapolatedSaving, lineAtOne, sampleStep } from '../../src/experiment/sample-extrapolate.js';
import { TarSampleFilter } from '../../src/experiment/sample-filter.js';
import {
  balancedPicks,
  BLOCK_BYTES,
  ClusterCensus,
  clusterKey,
  MAX_EVERY_SAMPLE_SHARE,
  planClusters,
  type SampleCounts,
  numericField,
  parseHeader,
  paxRecords,
  SampleSelector,
  sampleShares,
  sizeClass,
  SMALL_FACTOR,
} from '../../src/experiment/sample-select.js';
import { spread } from '../../src/util/spread.js';

/** A ustar header as GNU tar writes one (name, size in octal, type, link name, checksum). */
function header(name: string, type: string, size = 0, linkName = ''): Buffer {
  const b = Buffer.alloc(BLOCK_BYTES);
  b.write(name.slice(0, 100), 0);
  b.write('0000644\0', 100);
  b.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  b.write(type, 156);
  b.write(linkName, 157);
  b.write('ustar\0', 257);
  b.write('00', 263);
  b.fill(' ', 148, 156);
  let sum = 0;
  for (const x of b) sum += x;
  b.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return b;
}
/** A plan with no take-all stratum. */
const NO_STRATUM = { everySample: new Set<string>(), everySampleShare: { entries: 0, bytes: 0 }, skeleton: 'every' as const };
const content = (size: number, byte = 0x61) => Buffer.alloc(Math.ceil(size / BLOCK_BYTES) * BLOCK_BYTES).fill(byte, 0, size);

describe('tar headers', () => {
  it('reads octal and GNU base-256 sizes', () => {
    expect(parseHeader(header('a/b', '0', 1234))).toMatchObject({ name: 'a/b', type: '0', sizeBytes: 1234 });
    const big = Buffer.alloc(12);
    big[0] = 0x80;
    big.writeUIntBE(9 * 1024 ** 3, 6, 6);
    expect(numericField(big, 0, 12)).toBe(9 * 1024 ** 3);
  });
  it('a field that is not octal is an error naming it', () => {
    const b = header('x', '0', 1);
    b.write('12z4', 124);
    expect(() => parseHeader(b)).toThrow(/"12z4\d*", not octal/);
  });
  it('pax records: path and linkpath, multibyte lengths counted in bytes', () => {
    const rec = (k: string, v: string) => {
      const body = ` ${k}=${v}\n`;
      let len = Buffer.byteLength(body) + 2;
      if (String(len).length + Buffer.byteLength(body) !== len) len++;
      return `${len}${body}`;
    };
    const data = Buffer.from(rec('path', 'dir/é/long') + rec('linkpath', 'x'));
    expect(Object.fromEntries(paxRecords(data))).toEqual({ path: 'dir/é/long', linkpath: 'x' });
  });
});

/** A census of these members, as the listing gives them. */
function census(members: [string, number][]): ClusterCensus {
  const c = new ClusterCensus();
  for (const [name, size] of members) c.add(name, name.endsWith('/'), size);
  return c;
}
/** nm/pkg-0 … nm/pkg-{n-1}, each with lib/ and `files` files of `size` bytes. */
function packages(n: number, files: number, size: (p: number) => number): [string, number][] {
  const out: [string, number][] = [['nm/', 0]];
  for (let p = 0; p < n; p++) {
    out.push([`nm/pkg-${p}/`, 0], [`nm/pkg-${p}/lib/`, 0]);
    for (let f = 0; f < files; f++) out.push([`nm/pkg-${p}/lib/f${f}.js`, size(p)]);
  }
  return out;
}
const asHeader = ([name, size]: [string, number]) => ({ name, type: name.endsWith('/') ? '5' : '0', linkName: '', sizeBytes: size });

describe('selection', () => {
  it('size classes are log2 buckets', () => {
    expect([0, 1, 2, 3, 4, 1023, 1024].map(sizeClass)).toEqual([0, 1, 2, 2, 3, 10, 11]);
  });
  it('clusters: a directory above the depth is kept everywhere, anything else belongs to its subtree at that depth', () => {
    expect(clusterKey('nm/', true, 2)).toBeNull();
    expect(clusterKey('nm/pkg/', true, 2)).toBe('nm/pkg');
    expect(clusterKey('./nm/pkg/lib/a.js', false, 2)).toBe('nm/pkg');
    expect(clusterKey('README', false, 2)).toBe('README');
    expect(clusterKey('../../home/r/.cache/x/', true, 3)).toBe('../../home');
  });
  it('picks the shallowest depth with enough subtrees, keeps whole subtrees, and nests the small sample in the large', () => {
    const members = packages(400, 3, (p) => (p % 2 ? 100 : 50_000));
    const plan = planClusters(census(members), 2, 20) as NonNullable<ReturnType<typeof planClusters>>;
    // Depth 1 has one cluster (nm); depth 2 has the 400 packages.
    expect(plan).toMatchObject({ depth: 2, clusters: 400, steps: [2, 2 * SMALL_FACTOR] });
    const s = new SampleSelector(plan);
    const kept = members.map((m) => s.decide(asHeader(m)));
    for (const [l, sm] of kept) if (sm) expect(l).toBe(true);
    const large = s.counts[0] as NonNullable<(typeof s.counts)[0]>;
    // Half the packages, with their directories: directories scale with the files (nm/ itself is kept in both).
    expect(large).toMatchObject({ entries: 1 + 400 * 5, keptEntries: 1 + 200 * 5, directories: 1 + 200 * 2 });
    // Stratified by size class: half the big packages and half the small ones, so bytes follow entries.
    expect(sampleShares(large)).toEqual({ entryShare: 0.5, byteShare: 0.5 });
    expect(sampleShares(s.counts[1] as typeof large)).toEqual({ entryShare: 1 / (2 * SMALL_FACTOR), byteShare: 1 / (2 * SMALL_FACTOR) });
  });
  it('the largest subtree is sampled like the rest, not kept for being first of its class', () => {
    // 399 small packages and one huge one, alone in its size class: a count per class would keep it in every sample.
    const members = packages(400, 3, (p) => (p === 7 ? 50_000_000 : 100));
    const plan = planClusters(census(members), 2, 20) as NonNullable<ReturnType<typeof planClusters>>;
    const s = new SampleSelector(plan);
    for (const m of members) s.decide(asHeader(m));
    expect(plan.kept[1]?.has('nm/pkg-7')).toBe(false);
    expect(sampleShares(s.counts[1] as NonNullable<(typeof s.counts)[1]>).entryShare).toBeCloseTo(1 / (2 * SMALL_FACTOR), 2);
  });
  it('a subtree too large to be one unit is split into its children, and kept like a directory above the depth', () => {
    // 399 small packages and one holding a third of the files in sub-directories.
    const members = packages(399, 3, () => 100);
    for (let sub = 0; sub < 60; sub++) {
      members.push([`nm/big/sub${sub}/`, 0]);
      for (let f = 0; f < 10; f++) members.push([`nm/big/sub${sub}/f${f}`, 100]);
    }
    members.splice(1, 0, ['nm/big/', 0]);
    const plan = planClusters(census(members), 2, 20) as NonNullable<ReturnType<typeof planClusters>>;
    expect([...plan.split]).toEqual(['nm/big']);
    expect(clusterKey('nm/big/', true, plan.depth, plan.split)).toBeNull();
    expect(clusterKey('nm/big/sub3/f1', false, plan.depth, plan.split)).toBe('nm/big/sub3');
    const s = new SampleSelector(plan);
    for (const m of members) s.decide(asHeader(m));
    const large = sampleShares(s.counts[0] as NonNullable<(typeof s.counts)[0]>);
    // Files and bytes alike: every cluster is a few files of the same size.
    expect(large.entryShare).toBeCloseTo(0.5, 1);
    expect(large.byteShare).toBeCloseTo(0.5, 1);
  });
  it('keeps, of each run of neighbours, the cluster that holds both shares to 1/step, where the smallest of each run would not', () => {
    // Sizes that grow fast along the order (the largest packages hold most bytes), and files that do not follow bytes.
    const clusters = Array.from({ length: 300 }, (_, i) => ({ key: `c${i}`, bytes: Math.round(1000 * 1.05 ** (300 - i)), entries: 1 + ((i * 37) % 11) }));
    const share = (picked: typeof clusters, of: 'bytes' | 'entries') => picked.reduce((t, c) => t + c[of], 0) / clusters.reduce((t, c) => t + c[of], 0);
    // Largest first: the last of each run of ten is its smallest, what every k-th in ascending order kept.
    const smallestOfEachRun = clusters.filter((_, i) => i % 10 === 9);
    expect(share(smallestOfEachRun, 'bytes') * 10).toBeLessThan(0.85);
    const picked = balancedPicks(clusters, 10);
    expect(picked).toHaveLength(30);
    expect(share(picked, 'bytes') * 10).toBeCloseTo(1, 1);
    expect(share(picked, 'entries') * 10).toBeCloseTo(1, 1);
    // One from each run: the i-th pick comes from the i-th run of ten.
    expect(picked.map((c) => Math.floor(Number(c.key.slice(1)) / 10))).toEqual(picked.map((_, i) => i));
    // A last run shorter than half a step gets no pick.
    expect(balancedPicks(clusters.slice(0, 24), 10)).toHaveLength(2);
    expect(balancedPicks(clusters.slice(0, 25), 10)).toHaveLength(3);
  });
  it('with the ancestors skeleton a sample keeps only the directories above what it keeps, each before its members', () => {
    // Two levels above the clusters: 200 groups of 2 packages, so that a group's directory is skeleton (depth 2 has
    // too few clusters for 26 in the small sample).
    const members: [string, number][] = [['nm/', 0]];
    for (let g = 0; g < 200; g++) {
      members.push([`nm/g${g}/`, 0]);
      for (let p = 0; p < 2; p++) members.push([`nm/g${g}/p${p}/`, 0], [`nm/g${g}/p${p}/f`, 100]);
    }
    const draw = (skeleton: 'every' | 'ancestors') => {
      const plan = planClusters(census(members), 2, 26, { skeleton }) as NonNullable<ReturnType<typeof planClusters>>;
      const s = new SampleSelector(plan);
      const kept = members.map((m) => s.decide(asHeader(m)));
      return { plan, s, keptNames: plan.steps.map((_, i) => members.filter((_m, j) => kept[j]?.[i]).map(([n]) => n.replace(/\/$/, ''))) };
    };
    const every = draw('every');
    const ancestors = draw('ancestors');
    expect(ancestors.plan).toMatchObject({ depth: 3, clusters: 400, skeleton: 'ancestors' });
    // The same clusters are drawn either way; what they sample is counted alike.
    expect(ancestors.plan.kept).toEqual(every.plan.kept);
    expect(ancestors.s.counts.map(sampleShares)).toEqual(every.s.counts.map(sampleShares));
    const above = (names: string[] | undefined) => (names ?? []).filter((n) => n.split('/').length < 3);
    for (const [i, names] of ancestors.keptNames.entries()) {
      // Every sample keeps all 201 directories above the packages with the every skeleton; here nm and the groups a kept package is in.
      expect(above(every.keptNames[i])).toHaveLength(201);
      const groups = new Set([...(ancestors.plan.kept[i] as Set<string>)].map((k) => k.split('/').slice(0, 2).join('/')));
      expect(above(names).sort()).toEqual(['nm', ...groups].sort());
      expect(ancestors.s.counts[i]?.directories).toBe(1 + groups.size + (ancestors.plan.kept[i] as Set<string>).size);
      // Each kept member's parent is kept before it: tar makes nothing implicitly.
      for (const [j, n] of names.entries()) if (n.includes('/')) expect(names.slice(0, j)).toContain(n.slice(0, n.lastIndexOf('/')));
    }
    // The small sample (50 packages) is in at most 50 of the 200 groups.
    expect(above(ancestors.keptNames[1]).length).toBeLessThanOrEqual(51);
  });
  it('no depth with enough subtrees: null', () => {
    expect(planClusters(census(packages(10, 3, () => 10)), 2, 20)).toBeNull();
  });
  it('keeps a hard link only where its target was kept, and counts the dropped', () => {
    // Enough packages that each is well under MAX_CLUSTER_SHARE_OF_SAMPLE of a sample: sampled, not split.
    const members = packages(400, 1, () => 10);
    const plan = planClusters(census(members), 2, 5) as NonNullable<ReturnType<typeof planClusters>>;
    const s = new SampleSelector(plan);
    for (const m of members) s.decide(asHeader(m));
    // A package in both samples, and one in neither: a link in the first to a file in the second is dropped.
    const inBoth = [...(plan.kept[1] as Set<string>)][0] as string;
    const inNeither = Array.from({ length: 400 }, (_, p) => `nm/pkg-${p}`).find((k) => !plan.kept[0]?.has(k)) as string;
    expect(s.decide({ name: `${inBoth}/h`, type: '1', linkName: `${inBoth}/lib/f0.js`, sizeBytes: 0 })).toEqual([true, true]);
    expect(s.decide({ name: `${inBoth}/h2`, type: '1', linkName: `${inNeither}/lib/f0.js`, sizeBytes: 0 })).toEqual([false, false]);
    expect(s.counts[0]?.droppedHardLinks).toBe(1);
  });
  it('a step below 1 is refused, naming what is allowed', () => {
    expect(() => planClusters(new ClusterCensus(), 0, 1)).toThrow(/0 given, a whole number of at least 1 allowed/);
  });
});

describe('the stream filter', () => {
  it('carries a GNU long name with its member, global headers to every sample, content split across chunks', () => {
    const long = `${'x'.repeat(120)}/file`;
    const stream = Buffer.concat([
      header('pax_global_header', 'g', 20),
      content(20),
      header('././@LongLink', 'L', long.length + 1),
      Buffer.concat([Buffer.from(`${long}\0`), Buffer.alloc(BLOCK_BYTES - long.length - 1)]),
      header(long.slice(0, 100), '0', 700),
      content(700, 0x62),
      header('other', '0', 700),
      content(700, 0x63),
      Buffer.alloc(2 * BLOCK_BYTES),
    ]);
    // Every member its own cluster at depth 1 ('x…x' and 'other' both size class 10): the first kept, the second not.
    const plan = {
      depth: 1,
      split: new Set<string>(),
      steps: [2, 8],
      clusters: 2,
      kept: [new Set(['x'.repeat(120)]), new Set(['x'.repeat(120)])],
      ...NO_STRATUM,
    };
    const filter = new TarSampleFilter(new SampleSelector(plan));
    const outs: Buffer[][] = [[], []];
    const take = (pieces: Buffer[][]) => {
      for (const [i, l] of pieces.entries()) outs[i]?.push(...l);
    };
    for (let at = 0; at < stream.length; at += 333) take(filter.push(stream.subarray(at, at + 333)));
    take(filter.end());
    const large = Buffer.concat(outs[0] as Buffer[]);
    // The global header, the long name's header and content, the member and its content: 'other' (second of its class) dropped.
    expect(large.length).toBe(BLOCK_BYTES * (2 + 2 + 1 + 2 + 2));
    expect(large.subarray(2 * BLOCK_BYTES, 3 * BLOCK_BYTES).toString('latin1', 156, 157)).toBe('L');
    expect(large.includes(Buffer.from('ccc'))).toBe(false);
    expect(large.includes(Buffer.from('bbb'))).toBe(true);
  });
  it('an archive cut inside a member is an error', () => {
    const filter = new TarSampleFilter(
      new SampleSelector({ depth: 1, split: new Set<string>(), steps: [1, 4], clusters: 1, kept: [new Set(['a']), new Set(['a'])], ...NO_STRATUM }),
    );
    filter.push(Buffer.concat([header('a', '0', 1000), content(100)]));
    expect(() => filter.end()).toThrow(/ends inside a member/);
  });
});

describe('extrapolation', () => {
  it('a line through two sample sizes: the fixed cost is not scaled', () => {
    // T(x) = 4000 + 60000·x: measured at 0.05 and 0.2, the whole restore is 64000.
    expect(lineAtOne(0.05, 7000, 0.2, 16000)).toBeCloseTo(64000, 6);
    // Never less than the larger sample took.
    expect(lineAtOne(0.05, 9000, 0.2, 8000)).toBe(8000);
  });
  it('the range comes from the runs and from the count and byte shares', () => {
    const size = (x: number, y: number) => ({ entryShare: x, byteShare: y });
    const one = (v: number) => spread([v]) as NonNullable<ReturnType<typeof spread>>;
    const exact = extrapolate({ size: size(0.05, 0.05), timeMs: one(7000) }, { size: size(0.2, 0.2), timeMs: one(16000) });
    expect(exact).toEqual({ ms: expect.closeTo(64000, 6), lowMs: expect.closeTo(64000, 6), highMs: expect.closeTo(64000, 6) });
    const noisy = extrapolate(
      { size: size(0.05, 0.06), timeMs: spread([6800, 7200]) as NonNullable<ReturnType<typeof spread>> },
      { size: size(0.2, 0.21), timeMs: spread([15500, 16500]) as NonNullable<ReturnType<typeof spread>> },
    );
    expect(noisy.lowMs).toBeLessThan(noisy.ms);
    expect(noisy.highMs).toBeGreaterThan(noisy.ms);
    const saving = extrapolatedSaving(noisy, exact);
    expect(saving.lowMs).toBeLessThan(saving.savingMs);
    expect(saving.highMs).toBeGreaterThan(saving.savingMs);
  });
  it('sizes the sample to the time left, or says none fits', () => {
    const base = {
      fullRunMs: 90_000,
      runsOnLarge: 8,
      runsOnSmall: 8,
      directoryShare: 0.02,
      sampledEntries: 20_000,
      smallFactor: SMALL_FACTOR,
      minSmallEntries: 50,
    };
    const every = sampleStep({ ...base, availableMs: 45_000 }) as number;
    expect(every).toBeGreaterThan(1);
    const x = 1 / every;
    // What the plan assumes fits: runs × both samples.
    expect(8 * (2 * 1800 + x * 88_200 * (1 + 1 / SMALL_FACTOR))).toBeLessThanOrEqual(45_000);
    expect(sampleStep({ ...base, availableMs: 5_000 })).toBeNull();
    // Read in pairs: rounds on the large sample only, so more rounds fit a sample of the same size.
    const paired = sampleStep({ ...base, runsOnLarge: 4 * 5, runsOnSmall: 0, availableMs: 90_000 }) as number;
    expect(20 * (1800 + (1 / paired) * 88_200)).toBeLessThanOrEqual(90_000);
    expect(20 * (1800 + (1 / (paired - 1)) * 88_200)).toBeGreaterThan(90_000);
  });
});

describe('samples of a real archive (the lab deps cache, fixtures/archives)', () => {
  const { listing, census: real } = labDepsListing();

  // A sample whose share of the bytes is far from its share of the members reads the restore at neither:
  // ordered by log2 size class without a take-all stratum, a step of 8 kept 12.9 % of the members and 20.3 % of the bytes;
  // every k-th by bytes, a step of 12 kept 9.3 % and 18.2 %.
  for (const every of [4, 8, 9, 12, 13, 15, 20, 30]) {
    for (const stratum of [MAX_EVERY_SAMPLE_SHARE, 0]) {
      it(`every ${every}${stratum ? '' : ', no take-all stratum'}: each sample keeps about 1/step of the members and of the bytes`, () => {
        const plan = planClusters(real, every, 20, { maxEverySampleShare: stratum }) as NonNullable<ReturnType<typeof planClusters>>;
        const s = new SampleSelector(plan);
        for (const m of listing) s.decide(m);
        const [large, small] = (s.counts as SampleCounts[]).map(sampleShares) as [ReturnType<typeof sampleShares>, ReturnType<typeof sampleShares>];
        expect(large.entryShare * every).toBeCloseTo(1, 1);
        expect(Math.abs(large.byteShare * every - 1)).toBeLessThan(0.1);
        const smallStep = every * SMALL_FACTOR;
        expect(Math.abs(small.entryShare * smallStep - 1)).toBeLessThan(0.1);
        expect(Math.abs(small.byteShare * smallStep - 1)).toBeLessThan(0.3);
      });
    }
  }
  it('what cannot be split is kept in every sample, within its cap, and left out of the shares', () => {
    const every = 13;
    const plan = planClusters(real, every, 20) as NonNullable<ReturnType<typeof planClusters>>;
    expect(plan.everySample.size).toBeGreaterThan(0);
    for (const key of plan.everySample) for (const kept of plan.kept) expect(kept.has(key)).toBe(true);
    expect(plan.everySampleShare.bytes).toBeLessThanOrEqual(MAX_EVERY_SAMPLE_SHARE / every);
    const s = new SampleSelector(plan);
    for (const m of listing) s.decide(m);
    const [large, small] = s.counts as [SampleCounts, SampleCounts];
    expect(large.everySampleBytes).toBe(small.everySampleBytes);
    expect(large.everySampleBytes / large.bytes).toBeCloseTo(plan.everySampleShare.bytes, 6);
    expect(large.sampledBytes + large.everySampleBytes).toBe(large.bytes);
  });
});
