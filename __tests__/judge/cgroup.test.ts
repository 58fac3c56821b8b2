// The judge with the runner's cgroup, on the recording of a step under a 0.3-core quota with PSI
// hidden (fixtures/profiles/cgroup-quota-no-psi.json) and on the lab's recordings.
import { describe, expect, it } from 'vitest';
import { cgroupDirtyScale, cpuReach, quotaFloorMs } from '../../src/judge/cgroup-cpu.js';
import { extractionCpu } from '../../src/judge/cpu-load.js';
import { judgeInDetail, judgeProfile } from '../../src/judge/judge.js';
import { phaseFacts } from '../../src/judge/phase-facts.js';
import { dirtyLimitBytes } from '../../src/judge/rules.js';
import type { CgroupLimits, Profile } from '../../src/profile/schema.js';
import { loadFixture, phaseOf } from './fixture-tools.js';
import { sayWhatIf } from '../../src/report/say/what-if.js';
import { sayVerdict } from '../../src/report/say/verdict.js';

const QUOTA = 'cgroup-quota-no-psi.json';
const limits = (over: Partial<CgroupLimits>): CgroupLimits => ({
  version: 1,
  path: '/job',
  cpuQuotaCores: null,
  cpuPeriodUs: null,
  cpusetCpus: null,
  memoryLimitBytes: null,
  ioLimits: [],
  ...over,
});
const extractVerdict = (p: Profile) => judgeProfile(p).phases.find((x) => x.phase === 'extract');
const allSnapshots = (p: Profile) => [...p.phases.flatMap((x) => [x.start, x.end]), ...p.samples.snapshots];

describe('a step under a CPU quota, no PSI', () => {
  it('the recording has no PSI at all: the quota rule fires on cpu.stat alone', () => {
    const p = loadFixture(QUOTA);
    expect(allSnapshots(p).every((s) => s.pressure === null)).toBe(true);
    const v = extractVerdict(p);
    expect(v?.bottleneck).toBe('cpu');
    expect(judgeInDetail(p).phases.find((x) => x.phase === 'extract')?.rule).toBe('cpu-quota');
    expect(v?.evidence.filter((e) => e.supports).map((e) => e.id)).toEqual(['cgroup-quota-usage', 'cgroup-throttled']);
  });

  it('without the cgroup the same extraction is not cpu: tar at 0.18 of a host core says nothing', () => {
    const p = loadFixture(QUOTA);
    delete p.context.cgroup;
    for (const s of allSnapshots(p)) delete s.cgroupCpu;
    expect(extractVerdict(p)?.bottleneck).not.toBe('cpu');
  });

  it('v1 without cpuacct (no usage): throttled in most of its periods is enough', () => {
    const p = loadFixture(QUOTA);
    for (const s of allSnapshots(p)) if (s.cgroupCpu) s.cgroupCpu.usageUs = null;
    const v = extractVerdict(p);
    expect(v?.bottleneck).toBe('cpu');
    expect(v?.evidence.find((e) => e.id === 'cgroup-throttled')?.supports).toBe(true);
    expect(v?.evidence.some((e) => e.id === 'cgroup-quota-usage')).toBe(false);
  });

  it('the CPU what-if raises the quota, and is never below the group work over the raised quota', () => {
    const p = loadFixture(QUOTA);
    const j = judgeInDetail(p);
    const cpu = j.verdict.whatIf.find((w) => w.resource === 'cpu');
    expect(cpu && sayWhatIf(cpu)).toMatch(/^With twice the cgroup's CPU quota \(0\.6 cores, now 0\.3\) this restore would take at least/);
    const extract = j.phases.find((x) => x.phase === 'extract');
    const floor = quotaFloorMs(extract?.facts ?? { durationMs: 0, cgroupCpu: null, busiestProcess: null }, 2);
    expect(floor).toBeGreaterThan(0);
    // Phases before extraction halve only where judged cpu; the absorbed tail stays.
    const before = j.phases
      .filter((x) => x.phase === 'lookup' || x.phase === 'download')
      .reduce((s, x) => s + (x.bottleneck === 'cpu' && x.phase === 'download' ? x.durationMs / 2 : x.durationMs), 0);
    expect(cpu?.restoreLowerBoundMs).toBeGreaterThanOrEqual(Math.floor(before + Math.max((extract?.durationMs ?? 0) / 2, floor)));
  });
});

describe("the verdict's saving sentence under a CPU quota", () => {
  it('names the raised quota, as the CPU what-if does', () => {
    const p = loadFixture(QUOTA);
    const v = judgeProfile(p);
    const sentence = sayVerdict(v, p);
    expect(v.bottleneck).toBe('cpu');
    const cpu = v.whatIf.find((w) => w.resource === 'cpu');
    expect(sentence).toMatch(/Twice the cgroup's CPU quota \(0\.6 cores\) would save at most ([\d.]+ s)\./);
    expect(sentence).not.toMatch(/Twice the CPU would/);
    // The same figure as the what-if's saving.
    const said = /quota \(0\.6 cores\) would save at most ([\d.]+ s)/.exec(sentence)?.[1];
    expect(cpu && sayWhatIf(cpu)).toContain(`saving at most ${said}`);
  });

  it('without a quota the sentence keeps "Twice the CPU"', () => {
    const p = loadFixture('lab-cpu.json');
    expect(sayVerdict(judgeProfile(p), p)).toMatch(/Twice the CPU would save/);
  });
});

describe('what one process can reach', () => {
  it('is min(1 core, quota, cpuset)', () => {
    expect(cpuReach(undefined)).toEqual({ cores: 1, quotaCores: null });
    expect(cpuReach(limits({ cpuQuotaCores: 0.5, cpusetCpus: 4 }))).toEqual({ cores: 0.5, quotaCores: 0.5 });
    expect(cpuReach(limits({ cpuQuotaCores: 1.5, cpusetCpus: 1 }))).toEqual({ cores: 1, quotaCores: null });
  });

  it('so tar at 0.45 of a core under a half-core quota is saturated, and not on a bare host', () => {
    const p = loadFixture('lab-cpu.json');
    const facts = phaseFacts(p, phaseOf(p, 'extract'));
    const tar = { ...facts, busiestProcess: { comm: 'tar', cores: 0.45 } };
    expect(extractionCpu({ ...tar, cpuReach: cpuReach(limits({ cpuQuotaCores: 0.5 })) }).processSaturated).toBe(true);
    expect(extractionCpu({ ...tar, cpuReach: cpuReach(undefined) }).processSaturated).toBe(false);
  });

  it('a quota raised above one core does not speed up a single busy process past one core', () => {
    const g = { quotaCores: 0.8, usageCores: 0.8, throttledMs: 0, periods: 10, throttledPeriods: 9, throttledShare: 0.9 };
    // 2 × 0.8 = 1.6 cores for the group, but tar at 0.75 of a core can reach only 1: 750 ms, not 500.
    expect(quotaFloorMs({ durationMs: 1000, cgroupCpu: g, busiestProcess: { cores: 0.75 } }, 2)).toBe(750);
    expect(quotaFloorMs({ durationMs: 1000, cgroupCpu: { ...g, quotaCores: null }, busiestProcess: { cores: 0.75 } }, 2)).toBe(0);
  });
});

describe('the dirty budget under a memory limit', () => {
  it('cgroup v2: the memory limit takes its share of the host dirty limit; v1 has no such domain', () => {
    const p = loadFixture('lab-runner-16gib.json');
    const host = dirtyLimitBytes(p) ?? 0;
    expect(host).toBeGreaterThan(0);
    const quarter = p.context.memoryBytes / 4;
    p.context.cgroup = limits({ version: 2, memoryLimitBytes: quarter });
    expect(cgroupDirtyScale(p.context)).toBeCloseTo(0.25, 6);
    expect(dirtyLimitBytes(p)).toBeCloseTo(host / 4, 0);
    p.context.cgroup = limits({ version: 1, memoryLimitBytes: quarter });
    expect(dirtyLimitBytes(p)).toBe(host);
    p.context.cgroup = limits({ version: 2, memoryLimitBytes: p.context.memoryBytes * 4 });
    expect(dirtyLimitBytes(p)).toBe(host);
  });

  it('the judge reads Dirty against that budget', () => {
    const p = loadFixture('lab-runner-16gib.json');
    const share = (q: Profile) =>
      judgeProfile(q)
        .phases.find((x) => x.phase === 'extract')
        ?.evidence.find((e) => e.id === 'dirty-peak-share')?.value ?? 0;
    const before = share(p);
    p.context.cgroup = limits({ version: 2, memoryLimitBytes: p.context.memoryBytes / 8 });
    expect(share(p)).toBeCloseTo(before * 8, 1);
  });
});
