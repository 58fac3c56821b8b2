// A burst-credit volume (src/lab/burst-credit.ts: 160 MiB/s for 48 MiB, then the 40 MiB/s baseline
// the probes measure) in two runs of the session's lab bench, each with its intervention (the baseline
// doubled, the burst as it was) in the fixture's provenance: run 1 plain 2.40 / 2.37 s, doubled
// 1.33 / 1.33 s; run 2 plain 2.72 / 2.14 s, doubled 1.30 / 1.53 s. The bandwidth what-if used to
// double the extraction's average rate (the burst spread over every byte): 68 % of run 2's doubled
// time, under the bench's 80 %. It now doubles each ceiling for the bytes it carried.
import { describe, expect, it } from 'vitest';
import { judgeProfile } from '../../src/judge/judge.js';
import { NOISE, TIGHTNESS } from '../../src/lab/ground-truth.js';
import { loadFixture } from './fixture-tools.js';

const bandwidthWhatIf = (p: ReturnType<typeof loadFixture>) => {
  const w = judgeProfile(p).whatIf.find((x) => x.resource === 'disk-bandwidth');
  if (!w) throw new Error('no bandwidth what-if');
  return w;
};

describe('a burst credit spent during the restore', () => {
  it('run 2 (the larger burst): the bound doubles the burst and the baseline each for its bytes, and is tight', () => {
    const w = bandwidthWhatIf(loadFixture('lab-burst-credit-bench-run2.json'));
    const measuredMs = ((1.3 + 1.53) / 2) * 1000;
    expect(w.restoreLowerBoundMs).toBeGreaterThanOrEqual(TIGHTNESS * measuredMs);
    expect(w.restoreLowerBoundMs).toBeLessThanOrEqual((1 + NOISE) * measuredMs);
    expect(w.sentence).toMatch(/the volume spent a burst credit: it wrote the extraction's first [\d.]+ MiB at 19\d MiB\/s, then held at fio's 41\.7 MiB\/s/);
  });

  it('run 1 (the smaller burst): still a lower bound on the doubled time', () => {
    const w = bandwidthWhatIf(loadFixture('lab-burst-credit-bench-run1.json'));
    const measuredMs = 1.33 * 1000;
    expect(w.restoreLowerBoundMs).toBeLessThanOrEqual((1 + NOISE) * measuredMs);
    expect(w.restoreLowerBoundMs).toBeGreaterThanOrEqual(TIGHTNESS * measuredMs);
  });

  it('a probe that read low is no moved ceiling: the disk kept running above it, and the average it sustained is doubled', () => {
    const p = loadFixture('lab-burst-credit-bench-run2.json');
    const seq = p.probes?.probes.find((x) => x.name === 'seq-write');
    if (!seq) throw new Error('no seq-write probe');
    // Half the baseline: after the burst the volume still wrote at twice the probe's figure.
    seq.bytesPerSecond /= 2;
    const w = bandwidthWhatIf(p);
    expect(w.sentence).not.toMatch(/burst credit/);
    expect(w.restoreLowerBoundMs).toBeLessThan(bandwidthWhatIf(loadFixture('lab-burst-credit-bench-run2.json')).restoreLowerBoundMs);
  });

  it('without probes or caps the rate the volume held to the end stands in for the baseline, not the average with the burst in it', () => {
    const p = loadFixture('lab-burst-credit-bench-run2.json');
    p.probes = null;
    if (p.context.cgroup) p.context.cgroup.ioLimits = [];
    const w = bandwidthWhatIf(p);
    expect(w.sentence).toMatch(/then held at 4\d\.\d MiB\/s to the end \(no probe measured it\)/);
    const measuredMs = ((1.3 + 1.53) / 2) * 1000;
    expect(w.restoreLowerBoundMs).toBeGreaterThanOrEqual(TIGHTNESS * measuredMs);
    expect(w.restoreLowerBoundMs).toBeLessThanOrEqual((1 + NOISE) * measuredMs);
  });

  it('a throttle that lets a slice through at first is no burst credit (the 40 MiB/s disk-bandwidth recording)', () => {
    expect(bandwidthWhatIf(loadFixture('lab-disk-bandwidth.json')).sentence).not.toMatch(/burst credit/);
  });
});
