// Whose bytes: on the recordings of the real-runner scenarios (fixtures/profiles/README.md).
import { describe, expect, it } from 'vitest';
import { judgeProfile } from '../../src/judge/judge.js';
import { attribute, otherWriterBytes } from '../../src/judge/attribution.js';
import { sayAttribution } from '../../src/report/say/attribution.js';
import { MiB } from '../../src/util/units.js';
import { loadFixture } from './fixture-tools.js';

describe('attribution', () => {
  it("earlier steps' gigabyte is its own line, outside the restore; the device's bytes are the restore's", () => {
    const v = judgeProfile(loadFixture('lab-earlier-dirty.json'));
    const a = v.attribution;
    expect(sayAttribution(a)[0]).toMatch(/^Earlier steps' dirty pages: 1(\.\d+)? GiB written in [\d.]+ s before the lookup/);
    // What the device wrote during extraction and the tail is the restore's 119 MiB and ext4's metadata, not the 1 GiB.
    expect(a?.deviceWrittenBytes).toBeLessThan(200 * MiB);
    expect(a?.otherWriterBytes).toBeNull();
  });

  it("the archive's pages are dropped unwritten when it is deleted right after extraction", () => {
    const v = judgeProfile(loadFixture('lab-temp-other-disk.json'));
    expect(v.attribution?.ownCancelledBytes).toBeGreaterThan(12 * MiB);
    expect(sayAttribution(v.attribution).join(' ')).toMatch(/left the page cache unwritten/);
  });

  it('a device that wrote far more than the restore names another writer, and how much', () => {
    // Derived from lab-second-writer.json: the device's bytes over extraction and the tail tripled,
    // as a writer at 3x the recorded fio writer's rate would leave them.
    const p = loadFixture('lab-second-writer.json');
    for (const name of ['extract', 'writeback']) {
      const phase = p.phases.find((x) => x.name === name);
      const a = phase?.start.disks[0];
      const b = phase?.end.disks[0];
      if (!a || !b) throw new Error('no disk counters');
      b.sectorsWritten = a.sectorsWritten + (b.sectorsWritten - a.sectorsWritten) * 3;
    }
    const v = judgeProfile(p);
    expect(v.attribution?.otherWriterBytes).toBeGreaterThan(200 * MiB);
    expect(sayAttribution(v.attribution).join(' ')).toMatch(/Another writer shared the restore's disk: it wrote .* more than the restore's own/);
  });

  it('the threshold: metadata and journal allowed, beyond that another writer', () => {
    expect(otherWriterBytes(100 * MiB, 150 * MiB)).toBeNull();
    expect(otherWriterBytes(100 * MiB, 200 * MiB)).toBe(100 * MiB);
    expect(attribute({ profile: loadFixture('cpu-tar-zstd-vda.json'), download: undefined, extract: undefined, tail: undefined }).ownWrittenBytes).toBeNull();
  });
});
