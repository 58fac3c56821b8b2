// A line per device when the restore paths span several, and a ceiling that moved: on the lab's
// recordings (fixtures/profiles/README.md), with what is played stated in each test.
import { describe, expect, it } from 'vitest';
import { judgeInDetail } from '../../src/judge/judge.js';
import { renderProfile } from '../../src/report/render.js';
import { loadFixture } from './fixture-tools.js';
import { sayDevice } from '../../src/report/say/device.js';
import type { DeviceVerdict } from '../../src/profile/schema.js';
import { sayVerdict } from '../../src/report/say/verdict.js';
import { sayEvidence } from '../../src/report/say/evidence.js';

const said = (d: DeviceVerdict | undefined) => d && sayDevice(d);

/** lab-temp-other-disk (restore on loop0, temp on vda), played with a second restore path on vda; fio probed loop0. */
function twoDisks() {
  const p = loadFixture('lab-temp-other-disk.json');
  const [loop0, vda] = p.devices;
  if (!loop0 || !vda || !p.probes) throw new Error('fixture shape');
  Object.assign(loop0, { topFor: ['restore-path'], restorePaths: ['/w/node_modules'], primaryBecause: "most of the restore's bytes: 130 MiB of 131 MiB" });
  Object.assign(vda, { topFor: ['restore-path', 'archive-temp'], restorePaths: ['/home/u/.cache'] });
  p.probes.deviceName = 'loop0';
  p.verdict = null;
  return p;
}

describe('per-device lines', () => {
  it('judge each restore device, the probed one against its ceilings, the other not', () => {
    const j = judgeInDetail(twoDisks());
    expect(j.verdict.bottleneck).toBe('disk-bandwidth');
    expect(j.verdict.devices?.map((d) => [d.device, d.verdict, d.primary])).toEqual([
      ['loop0', 'disk-bandwidth', true],
      ['vda', 'not-probed', false],
    ]);
    expect(said(j.verdict.devices?.[0])).toMatch(
      /^loop0 \(\/w\/node_modules\): wrote .* disk-bandwidth-bound: it wrote at .* the restore's device \(most of the restore's bytes/,
    );
    expect(said(j.verdict.devices?.[1])).toMatch(/^vda \(\/home\/u\/\.cache\): wrote .*not probed \(fio measured loop0\)/);
    expect(j.verdict.devices?.[0]?.writtenBytes).toBeGreaterThan(100 * 1048576);
  });

  it('the summary shows them under the verdict, and where the probes ran', () => {
    const p = twoDisks();
    p.probes!.deviceBecause = "loop0 got most of the restore's bytes";
    const { markdown } = renderProfile(p, { rejudge: true });
    expect(markdown).toMatch(/Per device:\n- loop0 \(\/w\/node_modules\)/);
    expect(markdown).toContain("on loop0 (loop0 got most of the restore's bytes)");
  });

  it('one restore device: no per-device lines', () => {
    expect(judgeInDetail(loadFixture('lab-disk-bandwidth.json')).verdict.devices).toBeUndefined();
  });
});

describe('a ceiling that moved', () => {
  it('a phase above its probed ceiling says so and which figure it was held at', () => {
    // The disk-iops lab: a 1000-IOPS blkio cap that fio measured as 598 IOPS.
    const p = loadFixture('lab-disk-iops.json');
    const j = judgeInDetail(p);
    const extract = j.phases.find((x) => x.phase === 'extract');
    expect(extract?.disk.ceilingMoved).toMatchObject({ resource: 'disk-iops', direction: 'write', figureUsed: 'sustained' });
    expect(extract?.disk.ceilingMoved?.share).toBeGreaterThan(1.5);
    expect(sayEvidence(extract?.evidence.find((e) => e.id === 'ceiling-moved') ?? {}, 'extract')).toMatch(
      /166% of the 598 IOPS random-write ceiling fio measured: the ceiling moved .* the verdict takes the 989 IOPS it sustained as the ceiling it met/,
    );
    expect(extract?.evidence.some((e) => e.id === 'ceiling-moved')).toBe(true);
    // Never a plain "disk-bound" over 100%: the verdict's clause carries the word.
    expect(sayVerdict(j.verdict, p)).toMatch(/166% of the 598 IOPS random-write ceiling, above what fio measured/);
  });

  it('a phase within its ceilings has none', () => {
    const j = judgeInDetail(loadFixture('lab-disk-bandwidth.json'));
    expect(j.phases.find((x) => x.phase === 'extract')?.disk.ceilingMoved).toBeNull();
  });
});
