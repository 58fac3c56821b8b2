// The download is not judged against another device's ceilings: on the recording whose archive temp
// dir is on vda and whose restore (and probes) are on loop0 (fixtures/profiles/lab-temp-other-disk.json).
import { describe, expect, it } from 'vitest';
import { ceilingsOf, ceilingsOnDevice, NO_CEILINGS } from '../../src/judge/ceilings.js';
import { judgeInDetail } from '../../src/judge/judge.js';
import { deviceIndexFor } from '../../src/judge/phase-facts.js';
import { loadFixture } from './fixture-tools.js';

describe('ceilingsOnDevice', () => {
  it('keeps the ceilings for the probed device and drops them for another, also one below it in the stack', () => {
    const p = loadFixture('lab-temp-other-disk.json');
    const c = ceilingsOf(p);
    expect(ceilingsOnDevice(p, c, 0)).toBe(c);
    expect(ceilingsOnDevice(p, c, 1)).toBe(c); // probes did not name their device: as before
    p.probes = { ...(p.probes as NonNullable<typeof p.probes>), deviceName: 'loop0' };
    expect(ceilingsOnDevice(p, c, 0)).toBe(c);
    expect(ceilingsOnDevice(p, c, 1)).toBe(NO_CEILINGS);
  });

  it("the download on vda is judged without loop0's ceilings; extraction keeps them and the verdict stands", () => {
    const p = loadFixture('lab-temp-other-disk.json');
    p.probes = { ...(p.probes as NonNullable<typeof p.probes>), deviceName: 'loop0' };
    expect(deviceIndexFor(p, 'download')).toBe(1);
    const j = judgeInDetail(p);
    const download = j.phases.find((x) => x.phase === 'download');
    expect(download?.disk.shares).toEqual([]);
    expect(j.phases.find((x) => x.phase === 'writeback')?.disk.shares.length).toBeGreaterThan(0);
    expect(j.verdict.bottleneck).toBe('disk-bandwidth');
  });
});
