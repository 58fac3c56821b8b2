// PSI cpu is machine-wide: the starvation rule must rest on the restore's own processes waiting for a
// CPU. fixtures/profiles/lab-no-fio-loaded.json: a loop disk capped at 40 MiB/s of writes, no fio, a 32 MiB
// dirty budget, recorded while other jobs loaded this VM (PSI cpu some 67%, all CPUs 98% busy); tar
// used 0.13 of a core, held in balance_dirty_pages. The intervention (the cap doubled) answers disk-bandwidth.
import { describe, expect, it } from 'vitest';
import { extractionCpu } from '../../src/judge/cpu-load.js';
import { judgeInDetail } from '../../src/judge/judge.js';
import { loadFixture } from './fixture-tools.js';
import { sayWhatIf } from '../../src/report/say/what-if.js';
import { sayPhaseClause } from '../../src/report/say/phase.js';
import { sayEvidence } from '../../src/report/say/evidence.js';

describe('CPU starvation on machine-wide PSI', () => {
  const j = judgeInDetail(loadFixture('lab-no-fio-loaded.json'));
  const extract = j.phases.find((p) => p.phase === 'extract');
  if (!extract) throw new Error('no extraction');

  it('is not starvation when Dirty sat at the throttle point with I/O stalls high: tar waited for writeback', () => {
    expect(extract.facts.pressure.cpuSome).toBeGreaterThan(0.3);
    expect(extractionCpu(extract.facts, 0.6).starved).toBe(false);
    const psi = extractionCpu(extract.facts, 0.6).candidates.find((c) => c.evidence.id === 'cpu-pressure-some');
    expect(psi && sayEvidence(psi.evidence, 'extract')).toMatch(
      /machine-wide: with Dirty at the throttle point and I\/O stalls high, tar waited for writeback, not for a CPU/,
    );
    expect(psi?.favours).toEqual([]);
  });

  it('the same figures with Dirty far from its limit (or unknown) still read as starvation', () => {
    expect(extractionCpu(extract.facts, 0.2).starved).toBe(true);
    expect(extractionCpu(extract.facts).starved).toBe(true);
  });

  it('as recorded, the extraction is held against the cgroup blkio cap the reader recorded', () => {
    expect(extract.bottleneck).toBe('disk-bandwidth');
    expect(sayPhaseClause(extract.decision)).toMatch(/of the cgroup's blkio cap of 40 MiB\/s/);
    expect(j.verdict.bottleneck).toBe('disk-bandwidth');
  });

  it('without the cap (no fio, no cgroup I/O limit) it is judged disk-bandwidth from the kernel counters and the rate the disk sustained, not cpu', () => {
    const p = loadFixture('lab-no-fio-loaded.json');
    if (p.context.cgroup) p.context.cgroup.ioLimits = [];
    const u = judgeInDetail(p);
    const e = u.phases.find((x) => x.phase === 'extract');
    if (!e) throw new Error('no extraction');
    expect(e.bottleneck).toBe('disk-bandwidth');
    expect(e.rule).toBe('dirty-throttled');
    expect(sayPhaseClause(e.decision)).toMatch(/the disk wrote at 39\.\d MiB\/s \(no fio ceiling to hold it against\)/);
    expect(u.verdict.bottleneck).toBe('disk-bandwidth');
    // No ceiling: the bound rests on the 40 MiB/s the extraction sustained, doubled; a lower bound on the
    // restore with at least the download and the lookup left, and less than the whole.
    const bw = u.verdict.whatIf.find((w) => w.resource === 'disk-bandwidth');
    expect(bw?.measured).toBe(true);
    expect(bw && sayWhatIf(bw)).toMatch(/would take at least .* saving at most/);
    const extractMs = e.durationMs;
    expect(bw?.restoreLowerBoundMs).toBeGreaterThan(0.4 * extractMs);
    expect(bw?.restoreLowerBoundMs).toBeLessThan((bw?.restoreMs ?? 0) - 0.4 * extractMs);
    expect(u.verdict.whatIf.find((w) => w.resource === 'cpu')?.savingAtMostMs).toBeLessThan(0.01 * (bw?.restoreMs ?? 0));
  });
});
