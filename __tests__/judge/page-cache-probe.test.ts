// Probes that measured the page cache, not a disk: the lab's fresh loop devices over a file on the VM's
// disk (fixtures/profiles/lab-cpu.json: 9,133 MiB/s and 212,642 random-write IOPS) are flagged; a
// throttled loop device (lab-disk-iops.json: 598 IOPS) and the VM's own disk are not.
import { describe, expect, it } from 'vitest';
import { compareProfiles } from '../../src/compare/compare.js';
import { pageCacheLoop } from '../../src/judge/page-cache-probe.js';
import { sayPageCacheProbe } from '../../src/report/say/probe-notes.js';
import type { Profile, ProbeName } from '../../src/profile/schema.js';
import { renderProfile } from '../../src/report/render.js';
import { loadFixture } from './fixture-tools.js';

const probe = (p: Profile, name: ProbeName) => p.probes!.probes.find((x) => x.name === name)!;

describe('probes answered by the page cache', () => {
  it('flags the uncapped loop device over a file (9,133 MiB/s, 212,642 IOPS)', () => {
    const p = loadFixture('lab-cpu.json');
    expect(Math.round(probe(p, 'seq-write').bytesPerSecond / 1024 ** 2)).toBe(9133);
    expect(pageCacheLoop(p, probe(p, 'seq-write'))).toBe('loop0');
    expect(pageCacheLoop(p, probe(p, 'rand-write'))).not.toBeNull();
  });

  it('flags a loop device whose backing file the profiler could not follow to a disk (a RAM-backed image: 8,043 MiB/s, 463,558 IOPS)', () => {
    const p = loadFixture('lab-hosted-page-cache.json');
    expect(p.devices.find((d) => d.primary)?.chain).toEqual(['loop0']);
    expect(Math.round(probe(p, 'seq-write').bytesPerSecond / 1024 ** 2)).toBe(8043);
    expect(pageCacheLoop(p, probe(p, 'seq-write'))).toBe('loop0');
    expect(sayPageCacheProbe('loop0')).toMatch(/^loop0 is a loop device over a file.*page cache answered/);
    expect(pageCacheLoop(p, probe(p, 'rand-write'))).not.toBeNull();
    // A container job's overlay on a loop device: the loop device is in the chain below the overlay.
    const overlay = loadFixture('lab-container-job.json');
    expect(pageCacheLoop(overlay, probe(overlay, 'seq-write'))).not.toBeNull();
  });

  it('keeps a throttled loop device (598 IOPS) and the VM disk itself', () => {
    const iops = loadFixture('lab-disk-iops.json');
    expect(pageCacheLoop(iops, probe(iops, 'rand-write'))).toBeNull();
    expect(pageCacheLoop(iops, probe(iops, 'seq-write'))).toBeNull();
    const vda = loadFixture('cpu-tar-zstd-vda.json');
    expect(pageCacheLoop(vda, probe(vda, 'seq-write'))).toBeNull();
  });

  it('strikes the figure through in the summary, with the reason', () => {
    const { markdown } = renderProfile(loadFixture('lab-cpu.json'), { rejudge: true });
    expect(markdown).toMatch(
      /\| 1 MiB sequential writes, queue depth \d+[^|]*\| ~~9133~~ \| ~~9128~~ \|[^|]*\| ⚠️ page cache, not the disk: loop0 is a loop device over a file/,
    );
  });

  it('is not ranked in compare mode', () => {
    const cached = { ...loadFixture('lab-cpu.json'), label: 'loop-over-file' };
    const disk = { ...loadFixture('lab-disk-iops.json'), label: 'throttled' };
    const c = compareProfiles([
      { source: 'a', profile: cached },
      { source: 'b', profile: disk },
    ]);
    expect(c.fastest.seqWriteMiBps).toBe('throttled');
    expect(c.runners.find((r) => r.label === 'loop-over-file')?.ceilings.seqWriteMiBps).toBeNull();
  });
});
