// The figure phrases the phase sentences and the evidence share (report/say/figures.ts): a rate against
// a ceiling, a process's cores, cores as bounds, a count of requests.
import { describe, expect, it } from 'vitest';
import type { DiskShare } from '../../../src/profile/schema.js';
import { describeBusiest, describeCores, describeShare, wholeCount } from '../../../src/report/say/figures.js';

const MiB = 1024 * 1024;

describe('describeShare', () => {
  it('says a bandwidth share against the fio job that measured its ceiling', () => {
    const s: DiskShare = { resource: 'disk-bandwidth', direction: 'read', rate: 50 * MiB, ceiling: 200 * MiB, share: 0.25 };
    expect(describeShare(s, 'the download')).toBe('the download read at 50 MiB/s, 25% of the 200 MiB/s sequential-read ceiling');
  });

  it('gives an IOPS share its request size, unless it counted bios', () => {
    const s: DiskShare = { resource: 'disk-iops', direction: 'write', rate: 2980, ceiling: 3000, share: 0.993 };
    expect(describeShare(s, 'extraction', 4)).toBe('extraction completed 2980 writes/s of 4 KiB, 99% of the 3000 IOPS random-write ceiling');
    expect(describeShare({ ...s, count: 'before-merge' }, 'extraction', 4)).toBe(
      'extraction issued 2980 write bios/s (completed + merged: what a cap on bios counts), 99% of the 3000 IOPS random-write ceiling',
    );
  });

  it('never says a share above the ceiling as if the phase sat at it, and names a cap by its own words', () => {
    const s: DiskShare = { resource: 'disk-iops', direction: 'write', rate: 989, ceiling: 598, share: 1.654 };
    expect(describeShare(s, 'extraction')).toMatch(/165% of the 598 IOPS random-write ceiling, above what fio measured \(the ceiling moved/);
    const capped = { ...s, from: { said: "the cgroup's blkio cap of 598 IOPS", cap: true } };
    expect(describeShare(capped, 'it')).toBe(
      "it completed 989 writes/s, 165% of the cgroup's blkio cap of 598 IOPS, above the cap (a throttle lets bursts through at first)",
    );
  });
});

describe('cores', () => {
  it('a busiest process as a range with its rate while sampled, or one figure where the bounds meet', () => {
    expect(describeBusiest({ comm: 'tar', cores: 0.82, coresAtMost: 0.99, coresWhileSeen: 0.93, seenMs: 400 })).toBe(
      '0.82–0.99 of a core (0.93 over the 0.4 s it was sampled)',
    );
    expect(describeBusiest({ comm: 'tar', cores: 0.82, coresAtMost: 0.825, coresWhileSeen: 0.93, seenMs: 400 })).toBe('0.82 of a core');
    expect(describeBusiest({ comm: 'tar', cores: 0.82, coresAtMost: null, coresWhileSeen: null, seenMs: null })).toBe('0.82 of a core');
  });

  it('bounds as a range, or one figure when exact', () => {
    expect(describeCores({ atLeast: 0.15, atMost: 0.19 })).toBe('0.15–0.19 of a core');
    expect(describeCores({ atLeast: 0.15, atMost: 0.15 })).toBe('0.15 of a core');
  });
});

describe('wholeCount', () => {
  it('rounds and groups', () => {
    expect(wholeCount(1988.6)).toBe('1,989');
  });

  it("says every count as toLocaleString('en-US') says it", () => {
    const counts = [0, -0, 0.4, -0.4, 7, 999, 1000, -1000, 12_345.5, 1_234_567, -9_876_543.2, 2 ** 53, 1e21, Number.NaN, Number.POSITIVE_INFINITY];
    for (const x of counts) expect(wholeCount(x), String(x)).toBe(Math.round(x).toLocaleString('en-US'));
  });
});
