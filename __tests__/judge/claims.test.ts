// The judge's claims on the recordings (issue 22, "What to build" 2): every bound in its own
// direction, disk what-ifs only from disk rates, a short process's whole CPU, the verdict among
// resources measured near a limit, and which time each figure is about.
import { describe, expect, it } from 'vitest';
import { capsOnDevice } from '../../src/judge/cgroup-io.js';
import { judgeInDetail, judgeProfile } from '../../src/judge/judge.js';
import { cpuWorkMs, whatIfs } from '../../src/judge/what-if.js';
import { PROCESS_FULL_CORE } from '../../src/judge/thresholds.js';
import { DISK_RESOURCES, type Profile, type Verdict } from '../../src/profile/schema.js';
import { seconds } from '../../src/util/format.js';
import { fixtureNames, loadFixture, phaseOf } from './fixture-tools.js';
import { sayWhatIf } from '../../src/report/say/what-if.js';
import { sayVerdict } from '../../src/report/say/verdict.js';
import { sayAttribution } from '../../src/report/say/attribution.js';
import { sayPhase } from '../../src/report/say/phase.js';
import { sayEvidence } from '../../src/report/say/evidence.js';

/** The recording as fio never ran (no fio, no sudo, O_DIRECT refused, `probes: none`). */
const withoutProbes = (file: string): Profile => {
  const p = loadFixture(file);
  p.probes = null;
  return p;
};

/** Nothing measured a ceiling: no fio, and no cgroup I/O cap on the runner (a cap is a ceiling known without fio). */
const withoutCeilings = (file: string): Profile => {
  const p = withoutProbes(file);
  if (p.context.cgroup) p.context.cgroup.ioLimits = [];
  return p;
};

/** Every sentence a verdict says: its own, each phase's and each evidence item's, each what-if's, attribution. */
const sentencesOf = (v: Verdict, p: Profile): string[] => [
  sayVerdict(v, p),
  ...v.phases.flatMap((p) => [sayPhase(p), ...p.evidence.map((e) => sayEvidence(e, p.phase))]),
  ...v.whatIf.map(sayWhatIf),
  ...sayAttribution(v.attribution),
];

/**
 * A lower bound on a time is an upper bound on a saving: "save(s/d) at least", "saving at least" and
 * "take(s) at most" would state the bound the other way round.
 */
const WRONG_DIRECTION = [/\bsav(?:e|es|ed|ing)\b[^.;:]*\bat least\b/i, /\btakes?\b[^.;:]*\bat most\b/i];

describe('bound directions', () => {
  for (const file of fixtureNames()) {
    for (const [how, profile] of [
      ['as recorded', () => loadFixture(file)],
      ['without probes', () => withoutProbes(file)],
    ] as const) {
      it(`${file} ${how}: no sentence states a bound in the wrong direction, and the fields add up`, () => {
        const p = profile();
        const v = judgeProfile(p);
        const wrong = sentencesOf(v, p).filter((s) => WRONG_DIRECTION.some((re) => re.test(s)));
        expect(wrong).toEqual([]);
        for (const w of v.whatIf) {
          expect(w.about).toBe('until-on-disk');
          expect(w.restoreMs).toBe(v.untilOnDiskMs);
          expect(w.savingAtMostMs).toBe((w.restoreMs ?? 0) - w.restoreLowerBoundMs);
          if (w.restoreUpperBoundMs != null) {
            expect(w.restoreUpperBoundMs).toBeGreaterThanOrEqual(w.restoreLowerBoundMs);
            expect(w.savingAtLeastMs).toBe((w.restoreMs ?? 0) - w.restoreUpperBoundMs);
          }
          if (/saving at most/.test(sayWhatIf(w))) expect(sayWhatIf(w)).toContain(`saving at most ${seconds(w.savingAtMostMs ?? 0)}`);
        }
        // The verdict's saving is its resource's what-if, said the same way.
        const said = /would save at most ([\d.]+ s)/.exec(sayVerdict(v, p));
        if (said) expect(said[1]).toBe(seconds(v.whatIf.find((w) => w.resource === v.bottleneck)?.savingAtMostMs ?? -1));
      });
    }
  }

  it('the lab disk-iops recording: "would save at most 9.62 s", and doubling the IOPS saved 9.06 s (issue 22)', () => {
    const p = loadFixture('lab-disk-iops.json');
    const v = judgeProfile(p);
    expect(sayVerdict(v, p)).toMatch(/Twice the disk's IOPS would save at most 9\.62 s\./);
    const w = v.whatIf.find((x) => x.resource === 'disk-iops');
    expect(w?.savingAtMostMs).toBeGreaterThanOrEqual(9060);
  });
});

describe('a disk what-if without a measured ceiling', () => {
  it('lab-disk-iops without probes: from the rate the restore sustained (0.52 s from the CPU floor before)', () => {
    // The extraction wrote 17,455 requests in 17.6 s (989/s) under a 1,000 IOPS cap; with the
    // probes gone the judge reads it from the kernel's counters, and doubling the IOPS can at best
    // double that sustained rate: the bound stays near half the extraction.
    const p = withoutCeilings('lab-disk-iops.json');
    const j = judgeInDetail(p);
    const e = j.phases.find((x) => x.phase === 'extract')!;
    const t = j.phases.find((x) => x.phase === 'writeback')!;
    expect(e.bottleneck).toBe('disk-iops');
    const d = e.facts.disk!;
    const td = t.facts.disk!;
    const spanS = (d.durationMs + td.durationMs) / 1000;
    const sustained = Math.max(d.writes / (d.durationMs / 1000), (d.writes + td.writes) / spanS);
    // Without a bandwidth ceiling nothing bounds how much of the archive a faster disk writes during the download: tar's bytes alone.
    const ownWrites = (d.writes + td.writes) * (e.facts.ownIo!.writeBytes / (d.writtenBytes + td.writtenBytes));
    const otherPerSecond = (d.writes + td.writes - ownWrites) / spanS;
    const others = j.phases.filter((x) => x.phase === 'lookup' || x.phase === 'download').reduce((s, x) => s + x.durationMs, 0);
    const w = j.verdict.whatIf.find((x) => x.resource === 'disk-iops')!;
    expect(w.measured).toBe(true);
    expect(w.restoreLowerBoundMs).toBe(Math.round(others + (ownWrites / (2 * sustained - otherPerSecond)) * 1000));
    expect(w.restoreLowerBoundMs).toBeGreaterThan(8000);
  });

  it('lab-disk-bandwidth without probes: from the bytes/s the restore sustained', () => {
    const j = judgeInDetail(withoutCeilings('lab-disk-bandwidth.json'));
    expect(j.phases.find((x) => x.phase === 'extract')?.bottleneck).toBe('disk-bandwidth');
    const w = j.verdict.whatIf.find((x) => x.resource === 'disk-bandwidth')!;
    // 0.98 s before: tar's CPU floor. A doubled 40 MiB/s cap measured about 2.1 s (BENCHMARKS.md).
    expect(w.measured).toBe(true);
    expect(w.restoreLowerBoundMs).toBeGreaterThan(1800);
  });

  it('no ceiling and no rate sustained for 1 s: "not measured", claiming nothing', () => {
    // lab-runner-16gib's lookup, download and 0.46 s extraction, the extraction taken as judged
    // disk-bandwidth by the kernel's counters, no probes and no tail: nothing sustained for 1 s.
    const p = withoutCeilings('lab-runner-16gib.json');
    const j = judgeInDetail(p);
    const phases = j.phases
      .filter((x) => x.phase !== 'writeback')
      .map((x) => ({ name: x.phase, bottleneck: x.phase === 'extract' ? ('disk-bandwidth' as const) : x.bottleneck, facts: x.facts }));
    const w = whatIfs(phases, j.ceilings).find((x) => x.resource === 'disk-bandwidth')!;
    expect(w.measured).toBe(false);
    expect(sayWhatIf(w)).toMatch(/not measured/);
    expect(sayWhatIf(w)).not.toMatch(/\d s \(now/);
  });

  // Left out: lab-two-disks-beside-load without its caps judges the extraction disk-bandwidth on the
  // uncapped disk (dirty-throttled by the capped one's pages) and the tail on the capped one; the bound then
  // doubles the uncapped disk's 36 MiB/s for both devices' bytes and claims 66 % of the span. A two-device
  // what-if without ceilings, not built (issue 34's report); with its caps, as recorded, it is checked above.
  // Left out too: lab-bio-iops-cap-bench3-run1 without its caps. blkio let a burst of bios through at
  // extraction's end and held the tail back; without the cap named, nothing tells the burst from the disk's
  // pace, and extraction's own rate (13 % above the span's) doubled claims 60.2 % of the span.
  const leftOut = ['lab-two-disks-beside-load.json', 'lab-bio-iops-cap-bench3-run1.json'];
  for (const file of fixtureNames().filter((f) => !leftOut.includes(f))) {
    it(`${file} without probes or cgroup caps: a disk what-if saves at most what twice the disk's sustained rate could`, () => {
      // Never a CPU floor: the most a measured disk what-if claims is the disk-judged phases at twice
      // the rate they sustained, so no more than about half their time (the busiest second can beat
      // the average a little). Extraction and tail are bounded together, so both count when either is judged;
      // a CPU-bound phase counts at its CPU work, so its wall time beyond that may be saved too.
      const judged = judgeInDetail(withoutCeilings(file));
      const v = judged.verdict;
      const ms = (n: string) => v.phases.find((p) => p.phase === n)?.durationMs ?? 0;
      // A CPU-bound phase is held to its CPU work, not its wall time (what-if.ts cpuWorkMs): the difference is no disk's.
      const cpuSlackMs = judged.phases.reduce(
        (s, p) => s + p.durationMs - cpuWorkMs({ name: p.phase, bottleneck: p.bottleneck, facts: p.facts, rule: p.rule }),
        0,
      );
      for (const w of v.whatIf.filter((x) => (DISK_RESOURCES as readonly string[]).includes(x.resource))) {
        const judged = (n: string) => v.phases.find((p) => p.phase === n)?.bottleneck === w.resource;
        const judgedMs = (judged('download') ? ms('download') : 0) + (judged('extract') || judged('writeback') ? ms('extract') + ms('writeback') : 0);
        if (w.measured === false) continue;
        expect(w.savingAtMostMs ?? 0).toBeLessThanOrEqual(0.6 * judgedMs + cpuSlackMs + 1);
      }
    });
  }
});

describe('a disk what-if of the kind not judged, with probes gone and the cgroup caps kept', () => {
  // A cgroup blkio cap is a ceiling known without fio: an extraction judged bandwidth against it is
  // still bounded by its bytes over that unchanged cap when the IOPS are doubled, so the what-if
  // saves at most the span less that time; never the whole span.
  for (const file of fixtureNames()) {
    const p = withoutProbes(file);
    const j = judgeInDetail(p);
    const extract = j.phases.find((x) => x.phase === 'extract');
    const tail = j.phases.find((x) => x.phase === 'writeback');
    const cap = extract ? capsOnDevice(p, extract.facts.deviceIndex)?.writeBytesPerSecond : undefined;
    const sameDevice = !tail || tail.facts.deviceIndex === extract?.facts.deviceIndex;
    if (extract?.bottleneck !== 'disk-bandwidth' || cap === undefined || !sameDevice || tail?.bottleneck === 'disk-iops') continue;
    it(`${file}: twice the IOPS saves at most the span less its own bytes over the ${Math.round(cap / 1048576)} MiB/s cap`, () => {
      const d = [extract, tail].flatMap((x) => (x?.facts.disk ? [x.facts.disk] : []));
      const spanBytes = d.reduce((s, x) => s + x.writtenBytes, 0);
      const own = Math.min(extract.facts.ownIo?.writeBytes ?? spanBytes, spanBytes);
      // The cap as the what-if holds it: raised to any rate the disk sustained for a second or more.
      const rates = [...d.map((x) => [x]), d]
        .filter((xs) => xs.reduce((s, x) => s + x.durationMs, 0) >= 1000)
        .map((xs) => xs.reduce((s, x) => s + x.writtenBytes, 0) / (xs.reduce((s, x) => s + x.durationMs, 0) / 1000));
      const ceiling = Math.max(cap, ...rates);
      const spanMs = extract.durationMs + (tail?.durationMs ?? 0);
      const w = j.verdict.whatIf.find((x) => x.resource === 'disk-iops');
      expect(w?.measured).toBe(true);
      expect(w?.savingAtMostMs ?? 0).toBeLessThanOrEqual(Math.max(0, spanMs - Math.min(spanMs, (own / ceiling) * 1000)) + 1);
      expect(w?.savingAtMostMs ?? 0).toBeLessThan(spanMs);
    });
  }
});

describe("a short process's whole CPU", () => {
  // The half-second extractions the page cache absorbed: tar at about a core whenever sampled, its
  // first and last tenth of a second between snapshots. Read from first to last sighting alone they
  // were 0.57-0.84 of a core and "near no ceiling".
  const absorbed = [
    'lab-runner-16gib.json',
    'lab-runner-7gib.json',
    'lab-network.json',
    'lab-earlier-dirty.json',
    'lab-cloud-volume.json',
    'lab-temp-other-disk.json',
  ];
  for (const file of absorbed) {
    it(`${file}: the half-second extraction is judged cpu, its busiest process bounded from both sides`, () => {
      const p = loadFixture(file);
      const j = judgeInDetail(p);
      const e = j.phases.find((x) => x.phase === 'extract')!;
      expect(e.durationMs).toBeLessThan(600);
      expect(e.bottleneck).toBe('cpu');
      const b = e.facts.busiestProcess!;
      expect(b.comm).toBe('tar');
      // Lower bound below the threshold, upper bound and the rate while sampled above it.
      expect(b.cores).toBeLessThanOrEqual(b.coresAtMost ?? 0);
      expect(b.coresAtMost).toBeGreaterThanOrEqual(PROCESS_FULL_CORE);
      expect(b.coresWhileSeen).toBeGreaterThanOrEqual(PROCESS_FULL_CORE);
      // The upper bound is the children's exact total less what the other processes were seen to use.
      expect(b.coresAtMost).toBeLessThanOrEqual((e.facts.childCores ?? 0) + 1e-9);
    });
  }

  it('a process first seen inside the phase counts from 0 ticks (lab-runner-7gib: tar had 8 ticks when first seen)', () => {
    const p = loadFixture('lab-runner-7gib.json');
    const x = phaseOf(p, 'extract');
    const inside = p.samples.snapshots.filter((s) => s.tMs > x.startMs && s.tMs < x.endMs);
    const tar = [x.start, ...inside, x.end].flatMap((s) => (s.processes ?? []).filter((q) => q.comm === 'tar'));
    expect(x.start.processes ?? []).toEqual([]);
    expect(tar[0]?.cpuTicks).toBe(8);
    const b = judgeInDetail(p).phases.find((y) => y.phase === 'extract')!.facts.busiestProcess!;
    const seconds = (x.endMs - x.startMs) / 1000;
    expect(b.cores).toBeCloseTo((tar.at(-1)?.cpuTicks ?? 0) / 100 / seconds, 6);
  });

  const download = (file: string, set: (start: Profile['phases'][number]['start'], end: Profile['phases'][number]['end']) => void) => {
    const p = loadFixture(file);
    const d = phaseOf(p, 'download');
    set(d.start, d.end);
    return judgeInDetail(p).phases.find((x) => x.phase === 'download')!;
  };

  it("the download's CPU from process.cpuUsage(): a 84 ms download at a full core is CPU-bound however short", () => {
    // lab-cpu.json's download, 84 ms, with exact µs at its boundaries (as the sampler now records).
    const ms = 84;
    const busy = download('lab-cpu.json', (a, b) => {
      a.selfCpuUs = 1_000_000;
      b.selfCpuUs = 1_000_000 + 0.95 * ms * 1000;
    });
    expect(busy.durationMs).toBeGreaterThan(80);
    expect(busy.durationMs).toBeLessThan(90);
    expect(busy.bottleneck).toBe('cpu');
    const idle = download('lab-cpu.json', (a, b) => {
      a.selfCpuUs = 1_000_000;
      b.selfCpuUs = 1_000_000 + 0.1 * ms * 1000;
    });
    expect(idle.bottleneck).toBe('network');
    expect(sayPhase(idle)).toMatch(/the process running it used 0\.1\d* of a core/);
  });

  it('older profiles: ticks as bounds (± 2); bounds on both sides of a core say "CPU not measured", never network by default', () => {
    // 6 ticks over 84 ms: between 0.48 and 0.95 of a core.
    const straddling = download('lab-cpu.json', (a, b) => {
      b.selfCpuTicks = (a.selfCpuTicks ?? 0) + 6;
    });
    expect(straddling.bottleneck).toBe('inconclusive');
    expect(sayPhase(straddling)).toMatch(/CPU not measured/);
    // The recorded 11 ticks: at least 9, over a core.
    expect(download('lab-cpu.json', () => {}).bottleneck).toBe('cpu');
  });
});

describe('the verdict among resources measured near a limit', () => {
  for (const file of fixtureNames()) {
    it(`${file}: a resource verdict is a phase's, with a measured what-if that saves the most of those`, () => {
      const v = judgeProfile(loadFixture(file));
      // The phase it rests on is named, for a headline to compose from.
      expect(v.phases.find((p) => p.phase === v.phase)?.bottleneck).toBe(v.bottleneck);
      if (v.bottleneck === 'none' || v.bottleneck === 'inconclusive') return;
      expect(v.phases.some((p) => p.bottleneck === v.bottleneck)).toBe(true);
      const mine = v.whatIf.find((w) => w.resource === v.bottleneck)!;
      expect(mine.measured).not.toBe(false);
      const named = v.whatIf.filter((w) => v.phases.some((p) => p.bottleneck === w.resource) && w.measured !== false);
      for (const w of named) expect(mine.savingAtMostMs ?? 0).toBeGreaterThanOrEqual(w.savingAtMostMs ?? 0);
    });
  }

  it('a hosted runner whose page cache absorbs a half-second CPU-bound extraction: cpu, not network by default', () => {
    // Derived from lab-runner-16gib.json: its uncapped-disk twin has no long tail (the writeback
    // phase dropped), and the download's CPU is not measured (6 ticks over 69 ms straddle a core).
    const p = loadFixture('lab-runner-16gib.json');
    p.phases = p.phases.filter((x) => x.name !== 'writeback');
    const d = phaseOf(p, 'download');
    d.end.selfCpuTicks = (d.start.selfCpuTicks ?? 0) + 5;
    const v = judgeProfile(p);
    expect(v.phases.find((x) => x.phase === 'download')?.bottleneck).toBe('inconclusive');
    expect(v.phases.find((x) => x.phase === 'extract')?.bottleneck).toBe('cpu');
    expect(v.bottleneck).toBe('cpu');
    expect(sayVerdict(v, p)).toMatch(/^CPU-bound: tar used/);
  });
});

describe('which time each figure is about', () => {
  for (const file of fixtureNames()) {
    it(`${file}: the step's time and the time until on disk`, () => {
      const p = loadFixture(file);
      const v = judgeProfile(p);
      const ms = (n: Parameters<typeof phaseOf>[1]) => {
        const x = p.phases.find((y) => y.name === n);
        return x ? x.endMs - x.startMs : 0;
      };
      expect(v.stepMs).toBe(Math.round(ms('lookup') + ms('download') + ms('extract')));
      expect(v.untilOnDiskMs).toBe(Math.round(ms('lookup') + ms('download') + ms('extract') + ms('writeback')));
      expect(v.about).toBe('until-on-disk');
    });
  }
});
