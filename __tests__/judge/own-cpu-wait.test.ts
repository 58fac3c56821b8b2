// The restore's own wait for a CPU (/proc/<pid>/schedstat run_delay, per process) decides starvation;
// machine-wide PSI cpu only supports it. fixtures/profiles/lab-cpu-beside-load.json: tar + unzstd under a
// 0.3-core quota beside another job's busy loops (provenance in its `provenance` field and the README).
import { describe, expect, it } from 'vitest';
import { extractionCpu } from '../../src/judge/cpu-load.js';
import { judgeInDetail } from '../../src/judge/judge.js';
import { OWN_CPU_WAIT_SHARE } from '../../src/judge/thresholds.js';
import type { Profile } from '../../src/profile/schema.js';
import { loadFixture } from './fixture-tools.js';
import { sayPhaseClause } from '../../src/report/say/phase.js';
import { sayEvidence } from '../../src/report/say/evidence.js';

const extractOf = (p: Profile) => {
  const e = judgeInDetail(p).phases.find((x) => x.phase === 'extract');
  if (!e) throw new Error('no extraction');
  return e;
};

/** The recording as a profile from before run_delay was recorded: the same figures without it. */
function withoutRunDelay(p: Profile): Profile {
  const strip = (s: Profile['samples']['snapshots'][number]) => {
    for (const x of s.processes ?? []) delete x.runDelayNs;
  };
  for (const s of p.samples.snapshots) strip(s);
  for (const ph of p.phases) {
    strip(ph.start);
    strip(ph.end);
  }
  return p;
}

describe("the restore's own run-queue wait", () => {
  const recorded = loadFixture('lab-cpu-beside-load.json');
  const extract = extractOf(recorded);
  const w = extract.facts.ownCpuWait;

  it('is read from the processes while they lived, as bounds within the phase', () => {
    expect(w).not.toBeNull();
    if (!w) return;
    // tar was seen at every tick; its wait at the last sighting is what the snapshots show.
    const inside = [extract.facts.series[0], ...extract.facts.series.slice(1)].flatMap((s) => s?.processes ?? []);
    const tarLast = inside.filter((p) => p.comm === w.comm).at(-1);
    expect((tarLast?.runDelayNs ?? 0) / 1e6).toBeCloseTo(w.atLeastMs, 3);
    expect(w.atLeastMs).toBeLessThanOrEqual(w.atMostMs);
    expect(w.atMostMs).toBeLessThanOrEqual(extract.facts.durationMs);
    expect(w.totalAtLeastMs).toBeGreaterThanOrEqual(w.atLeastMs);
  });

  it('decides the starvation: tar waited a third of the extraction or more, so it is CPU-bound', () => {
    expect(extract.rule).toBe('cpu-starved');
    expect(extract.bottleneck).toBe('cpu');
    const own = extract.evidence.find((e) => e.id === 'own-cpu-wait');
    expect(own?.value).toBeGreaterThanOrEqual(OWN_CPU_WAIT_SHARE);
    expect(own?.supports).toBe(true);
    expect(sayPhaseClause(extract.decision)).toMatch(
      /while tar waited on a run queue \d+% of the time \(its own wait for a CPU.*; PSI cpu some \d+% machine-wide\)/,
    );
  });

  it("PSI alone does not: the same PSI with the own wait below the threshold is another job's load, named as such", () => {
    const f = { ...extract.facts, ownCpuWait: w && { ...w, atLeastMs: 0.1 * extract.facts.durationMs, atMostMs: 0.2 * extract.facts.durationMs } };
    expect(f.pressure.cpuSome).toBeGreaterThan(0.3);
    const cpu = extractionCpu(f);
    expect(cpu.starved).toBe(false);
    expect(cpu.otherLoad).toEqual({ cpuSome: f.pressure.cpuSome, ownAtMostShare: 0.2 });
    const psi = cpu.candidates.find((c) => c.evidence.id === 'cpu-pressure-some');
    expect(psi && sayEvidence(psi.evidence, 'extract')).toMatch(
      /tar and zstd waited for a CPU at most 20% of the time, so this was another job's load, not this restore's limit/,
    );
    expect(psi?.favours).toEqual([]);
  });

  it('a wait whose range only reaches the threshold at its upper end is starvation where the pair worked and PSI was high', () => {
    // The lab's 30 % quota once read tar's wait as 26–34 % of the extraction (a wait shows once it ends), tar + unzstd at the quota (0.30 of a core), PSI 51 %.
    const range = (atLeast: number, atMost: number) => ({
      ...extract.facts,
      childCores: 0.3,
      ownCpuWait: w && { ...w, atLeastMs: atLeast * extract.facts.durationMs, atMostMs: atMost * extract.facts.durationMs },
    });
    expect(extract.facts.pressure.cpuSome).toBeGreaterThan(0.3);
    const reaching = extractionCpu(range(0.26, 0.34));
    expect(reaching.starved).toBe(true);
    expect(reaching.otherLoad).toBeNull();
    // Its evidence item still reads the recorded wait, below the threshold, and does not argue on its own.
    expect(reaching.candidates.find((c) => c.evidence.id === 'own-cpu-wait')?.favours).toEqual([]);
    // Wholly below: another job's load, not starvation.
    expect(extractionCpu(range(0.2, 0.28)).starved).toBe(false);
    // Reaching it with the pair barely working (under CHILD_CPU_WORKING_CORE): not either.
    expect(extractionCpu({ ...range(0.26, 0.34), childCores: 0.05 }).starved).toBe(false);
  });

  it('a profile that did not record it falls back on PSI, as before, and says so', () => {
    const old = extractOf(withoutRunDelay(loadFixture('lab-cpu-beside-load.json')));
    expect(old.facts.ownCpuWait).toBeNull();
    expect(old.bottleneck).toBe('cpu');
    expect(old.rule).toBe('cpu-starved');
    expect(sayPhaseClause(old.decision)).toMatch(
      /while runnable tasks waited for a CPU \d+% of the time during extraction \(.*their own run-queue wait was not recorded\)/,
    );
    expect(old.evidence.find((e) => e.id === 'own-cpu-wait')).toBeUndefined();
    expect(sayEvidence(old.evidence.find((e) => e.id === 'cpu-pressure-some') ?? {}, 'extract')).toMatch(/the restore's own run-queue wait was not recorded/);
  });
});

// fixtures/profiles/lab-two-disks-beside-load.json: the two-disks restore beside the same busy loops, other
// jobs holding both CPUs (PSI cpu some 98 %), the lab run at nice -19 so that they did not hold tar back.
describe("machine-wide PSI without the restore's own wait", () => {
  const e = extractOf(loadFixture('lab-two-disks-beside-load.json'));

  it("is another job's load, named as such, and not starvation", () => {
    const w = e.facts.ownCpuWait;
    expect(e.facts.pressure.cpuSome).toBeGreaterThan(0.9);
    expect(w).not.toBeNull();
    expect((w?.atMostMs ?? Infinity) / e.facts.durationMs).toBeLessThan(OWN_CPU_WAIT_SHARE);
    const cpu = extractionCpu(e.facts);
    expect(cpu.starved).toBe(false);
    expect(cpu.otherLoad?.cpuSome).toBe(e.facts.pressure.cpuSome);
    const psi = e.evidence.find((x) => x.id === 'cpu-pressure-some');
    expect(psi && sayEvidence(psi, 'extract')).toMatch(
      /machine-wide: tar and zstd waited for a CPU at most \d+% of the time, so this was another job's load, not this restore's limit/,
    );
    expect(psi?.supports).toBe(false);
    expect(e.evidence.find((x) => x.id === 'own-cpu-wait')?.supports).toBe(false);
    expect(e.bottleneck).toBe('disk-bandwidth');
  });

  it('where a rule leaves the extraction near no ceiling, its clause names the other load', () => {
    // The same figures with Dirty far from its limit: no dirty-throttle verdict, so the extraction came near no ceiling.
    const p = loadFixture('lab-two-disks-beside-load.json');
    p.context.dirtyBytesLimit = 64 * (p.context.dirtyBytesLimit ?? 0);
    const x = extractOf(p);
    expect(x.rule).toBe('near-no-ceiling');
    expect(sayPhaseClause(x.decision)).toMatch(
      /another job's CPU load, not this restore's limit: runnable tasks waited for a CPU \d+% of the time machine-wide \(PSI cpu some\), tar and zstd at most \d+%/,
    );
  });
});

// The writeback guard PSI had holds for the own wait too. A bench run of two-disks-beside-load (kept in
// /work/keep-cpu2, run 1: tar waited 49 % of the extraction with Dirty at 69 % of its limit and I/O stalls
// at 38 %) was judged cpu without it, against the intervention's disk-bandwidth. Here the recording above
// (tar waiting 66 %) with the dirty-limit share and the I/O stalls that run had.
describe('an own wait while the writeback held tar at the dirty limit', () => {
  const e = extractOf(loadFixture('lab-cpu-beside-load.json'));

  it('is not starvation: with Dirty at the throttle point and I/O stalls high the disk sets the pace', () => {
    const w = e.facts.ownCpuWait;
    expect((w?.atLeastMs ?? 0) / e.facts.durationMs).toBeGreaterThanOrEqual(OWN_CPU_WAIT_SHARE);
    expect(extractionCpu(e.facts, null).starved).toBe(true);
    const held = { ...e.facts, pressure: { ...e.facts.pressure, ioSome: 0.38 } };
    const cpu = extractionCpu(held, 0.69);
    expect(cpu.starved).toBe(false);
    const own = cpu.candidates.find((x) => x.evidence.id === 'own-cpu-wait');
    expect(own && sayEvidence(own.evidence, 'extract')).toMatch(/the writeback held tar back too, whatever CPU it got/);
    expect(own?.favours).toEqual([]);
    // Below the throttle point the same wait is starvation.
    expect(extractionCpu(held, 0.3).starved).toBe(true);
  });
});

describe('a quota far under a tenth of a core', () => {
  // The lab's slow cpu restore (tools/lab/slow-restore-specs.ts): tar + unzstd under 0.01-0.04 of a core use
  // far under CHILD_CPU_WORKING_CORE, yet wait on a run queue for nearly all of the extraction. The recording's
  // facts with the children's cores scaled down to such a quota: the wait still decides.
  const facts = extractOf(loadFixture('lab-cpu-beside-load.json')).facts;
  it('starved: runnable for most of the phase is the sign they wanted a CPU, however little they got', () => {
    expect(facts.ownCpuWait).not.toBeNull();
    expect(extractionCpu({ ...facts, childCores: 0.02 }).starved).toBe(true);
  });
  it('not starved where their own wait was short: little CPU and no wait is a process asleep on something else', () => {
    const w = facts.ownCpuWait;
    if (!w) throw new Error('no wait recorded');
    const brief = { ...w, atLeastMs: 0.05 * facts.durationMs, atMostMs: 0.05 * facts.durationMs };
    expect(extractionCpu({ ...facts, childCores: 0.02, ownCpuWait: brief }).starved).toBe(false);
  });
});
