// A burst-credit volume (tools/lab/burst-credit.ts: 160 MiB/s for 48 MiB, then the 40 MiB/s baseline
// the probes measure), each recording with its intervention (the baseline cap doubled, the burst as it
// was) in its provenance:
// - lab-burst-credit-bench-run2.json, the session's lab bench: plain 2.72 / 2.14 s, doubled 1.30 / 1.53 s;
// - lab-burst-credit-exact-run1/2.json, after the controller was made exact (image in RAM): plain
//   2.65 / 2.84 and 2.55 / 2.83 s, doubled 1.66 / 1.73 and 1.47 / 1.64 s.
// The bandwidth what-if used to double the extraction's average rate (the burst spread over every
// byte): 68 % of bench run 2's doubled time, 74-79 % of the exact runs'. It now doubles the baseline
// the volume fell to and leaves the burst's bytes at the rate they ran at.
import { describe, expect, it } from 'vitest';
import { judgeProfile } from '../../src/judge/judge.js';
import { NOISE, TIGHTNESS } from '../../tools/lab/ground-truth.js';
import { loadFixture } from './fixture-tools.js';
import { sayWhatIf } from '../../src/report/say/what-if.js';

const bandwidthWhatIf = (p: ReturnType<typeof loadFixture>) => {
  const w = judgeProfile(p).whatIf.find((x) => x.resource === 'disk-bandwidth');
  if (!w) throw new Error('no bandwidth what-if');
  return w;
};

const RUNS = [
  { file: 'lab-burst-credit-bench-run2.json', doubledMs: ((1.3 + 1.53) / 2) * 1000, baseline: '41.7' },
  { file: 'lab-burst-credit-exact-run1.json', doubledMs: ((1.66 + 1.73) / 2) * 1000, baseline: '4\\d\\.\\d' },
  { file: 'lab-burst-credit-exact-run2.json', doubledMs: ((1.47 + 1.64) / 2) * 1000, baseline: '4\\d\\.\\d' },
];

describe('a burst credit spent during the restore', () => {
  for (const run of RUNS) {
    it(`${run.file}: twice the baseline, the burst as it was: a lower bound on the doubled cap's time and tight`, () => {
      const w = bandwidthWhatIf(loadFixture(run.file));
      expect(w.restoreLowerBoundMs).toBeLessThanOrEqual((1 + NOISE) * run.doubledMs);
      expect(w.restoreLowerBoundMs).toBeGreaterThanOrEqual(TIGHTNESS * run.doubledMs);
      expect(sayWhatIf(w)).toMatch(
        new RegExp(
          `the volume spent a burst credit: it wrote the extraction's first [\\d.]+ MiB at [\\d.]+ MiB/s, then held at fio's ${run.baseline} MiB/s.*that baseline is doubled, the burst left as it was`,
        ),
      );
    });
  }

  it('a probe that read low is no moved ceiling: the disk kept running above it, and the average it sustained is doubled', () => {
    const p = loadFixture('lab-burst-credit-bench-run2.json');
    const seq = p.probes?.probes.find((x) => x.name === 'seq-write');
    if (!seq) throw new Error('no seq-write probe');
    // Half the baseline: after the burst the volume still wrote at twice the probe's figure.
    seq.bytesPerSecond /= 2;
    const w = bandwidthWhatIf(p);
    expect(sayWhatIf(w)).not.toMatch(/burst credit/);
    expect(w.restoreLowerBoundMs).toBeLessThan(bandwidthWhatIf(loadFixture('lab-burst-credit-bench-run2.json')).restoreLowerBoundMs);
  });

  it('without probes or caps the rate the volume held to the end stands in for the baseline, not the average with the burst in it', () => {
    const p = loadFixture('lab-burst-credit-exact-run2.json');
    p.probes = null;
    if (p.context.cgroup) p.context.cgroup.ioLimits = [];
    const w = bandwidthWhatIf(p);
    expect(sayWhatIf(w)).toMatch(/then held at 4\d\.\d MiB\/s to the end \(no probe measured it\)/);
    const doubledMs = ((1.47 + 1.64) / 2) * 1000;
    expect(w.restoreLowerBoundMs).toBeGreaterThanOrEqual(TIGHTNESS * doubledMs);
    expect(w.restoreLowerBoundMs).toBeLessThanOrEqual((1 + NOISE) * doubledMs);
  });

  it("another writer's bytes above a probe taken beside it are no burst credit: the restore's own stayed under the probe (second-writer)", () => {
    // Its intervention (provenance): plain 4.39 / 4.10 s, the cap doubled 1.81 / 1.90 s.
    const w = bandwidthWhatIf(loadFixture('lab-second-writer-bench2-run2.json'));
    expect(sayWhatIf(w)).not.toMatch(/burst credit/);
    const doubledMs = ((1.81 + 1.9) / 2) * 1000;
    expect(w.restoreLowerBoundMs).toBeLessThanOrEqual((1 + NOISE) * doubledMs);
    expect(w.restoreLowerBoundMs).toBeGreaterThanOrEqual(TIGHTNESS * doubledMs);
  });

  it('a throttle that lets a slice through at first is no burst credit (the 40 MiB/s disk-bandwidth recording)', () => {
    expect(sayWhatIf(bandwidthWhatIf(loadFixture('lab-disk-bandwidth.json')))).not.toMatch(/burst credit/);
  });
});
