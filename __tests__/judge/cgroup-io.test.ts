// A cgroup I/O cap on the restore's device as a ceiling the judge may use, on the lab's recordings
// (fixtures/profiles/lab-disk-bandwidth.json: the loop disk 7:3 throttled to 40 MiB/s through the root
// blkio group; lab-disk-iops.json: to 1,000 write IOPS, merging off). Each test strips the fio probes
// where said (as a runner without fio records) and adds the cap the lab set, as the cgroup reader
// records it when the step runs in the throttling group (see __tests__/sample/cgroup-blkio-root.test.ts).
import { describe, expect, it } from 'vitest';
import { capsOnDevice, withCgroupCaps } from '../../src/judge/cgroup-io.js';
import { ceilingsOf } from '../../src/judge/ceilings.js';
import { judgeInDetail } from '../../src/judge/judge.js';
import type { CgroupIoLimit, CgroupLimits, Profile, WhatIf } from '../../src/profile/schema.js';
import { MiB } from '../../src/util/units.js';
import { loadFixture } from './fixture-tools.js';
import { sayCeilingFrom } from '../../src/report/say/ceilings.js';
import { sayWhatIf } from '../../src/report/say/what-if.js';
import { sayVerdict } from '../../src/report/say/verdict.js';
import { sayIopsCountReason } from '../../src/report/say/evidence.js';
/** Why the IOPS share counted what it did, said; empty without a count. */
const reasonOf = (c: Parameters<typeof sayIopsCountReason>[0] | null | undefined): string => (c ? sayIopsCountReason(c) : '');

const said = (w: WhatIf | undefined) => w && sayWhatIf(w);

const BANDWIDTH = 'lab-disk-bandwidth.json';
const IOPS = 'lab-disk-iops.json';
const LAB_DEVICE = '7:3';

function withCaps(p: Profile, ioLimits: CgroupIoLimit[], version: 1 | 2 = 1): Profile {
  const cgroup: CgroupLimits = { version, path: '/', cpuQuotaCores: null, cpuPeriodUs: null, cpusetCpus: null, memoryLimitBytes: null, ioLimits };
  p.context.cgroup = cgroup;
  return p;
}
function noFio(name: string): Profile {
  const p = loadFixture(name);
  p.probes = null;
  return p;
}
const whatIf = (p: Profile, r: string) => judgeInDetail(p).verdict.whatIf.find((w) => w.resource === r);

describe('no fio, a cgroup bandwidth cap on the restore device', () => {
  it('judges disk-bandwidth against the cap, labelled as the cap, not as fio', () => {
    const p = withCaps(noFio(BANDWIDTH), [{ device: LAB_DEVICE, writeBytesPerSecond: 40 * MiB }]);
    const j = judgeInDetail(p);
    expect(j.verdict.bottleneck).toBe('disk-bandwidth');
    expect(sayVerdict(j.verdict, p)).toMatch(/extraction wrote at [\d.]+ MiB\/s, \d+% of the cgroup's blkio cap of 40 MiB\/s/);
    expect(sayVerdict(j.verdict, p)).not.toMatch(/fio/);
    expect(j.phases.find((x) => x.phase === 'extract')?.rule).toBe('disk-at-ceiling');
  });

  it('the what-if comes back bounded by twice the cap, and names the cap and the rate doubled', () => {
    const p = withCaps(noFio(BANDWIDTH), [{ device: LAB_DEVICE, writeBytesPerSecond: 40 * MiB }]);
    const w = whatIf(p, 'disk-bandwidth');
    expect(w?.measured).toBe(true);
    expect(w && sayWhatIf(w)).toMatch(
      // blkio let the restore through a little faster than the cap over extraction and tail: that rate is the one doubled, and named.
      /would take at least [\d.]+ s \(now [\d.]+ s\), saving at most [\d.]+ s; the ceiling doubled is the 4\d\.\d MiB\/s the disk sustained during the restore, above the cgroup's blkio cap of 40 MiB\/s(; more than 50% of extraction and the tail's .*)?\.$/,
    );
    // No more than the extraction's own bytes at twice the cap allow.
    const j = judgeInDetail(p);
    const extract = j.phases.find((x) => x.phase === 'extract');
    const own = extract?.facts.ownIo?.writeBytes ?? 0;
    expect(own).toBeGreaterThan(0);
    const before = j.phases.filter((x) => x.phase === 'lookup' || x.phase === 'download').reduce((s, x) => s + x.durationMs, 0);
    expect(w?.restoreLowerBoundMs).toBeLessThanOrEqual(Math.round(before + own / ((2 * 40 * MiB) / 1000)) + 1);
    // And it rests on the cap (the restore ran 5% over it at most), not on a CPU floor.
    expect(w?.restoreLowerBoundMs).toBeGreaterThanOrEqual(Math.floor(before + own / ((2 * 42 * MiB) / 1000)));
    expect(w?.restoreLowerBoundMs).toBeLessThan(w?.restoreMs ?? 0);
  });

  it('without fio and without a cap: the rate the restore sustained, named as such, no cap named', () => {
    const p = noFio(BANDWIDTH);
    const bare = judgeInDetail(p).verdict;
    expect(sayVerdict(bare, p)).not.toMatch(/cgroup/);
    expect(said(bare.whatIf.find((w) => w.resource === 'disk-bandwidth'))).toMatch(
      /; the ceiling doubled is the [\d.]+ MiB\/s the disk sustained during the restore \(no probe measured one\)(; more than 50% of extraction and the tail's .*)?\.$/,
    );
  });

  it('a cap on another device is no ceiling for this one', () => {
    const p = noFio(BANDWIDTH);
    const bare = judgeInDetail(p).verdict;
    const q = withCaps(noFio(BANDWIDTH), [{ device: '254:0', writeBytesPerSecond: 40 * MiB }]);
    const other = judgeInDetail(q).verdict;
    expect(sayVerdict(other, q)).toBe(sayVerdict(bare, p));
    expect(other.whatIf).toEqual(bare.whatIf);
  });

  it('cgroup v2 says io.max', () => {
    const p = withCaps(noFio(BANDWIDTH), [{ device: LAB_DEVICE, writeBytesPerSecond: 40 * MiB }], 2);
    expect(sayVerdict(judgeInDetail(p).verdict, p)).toMatch(/of the cgroup's io\.max cap of 40 MiB\/s/);
  });
});

describe('no fio, a cgroup IOPS cap on the restore device', () => {
  it('judges disk-iops against the cap, counting bios before merging as the cap does', () => {
    const p = withCaps(noFio(IOPS), [{ device: LAB_DEVICE, writeIops: 1000 }]);
    const j = judgeInDetail(p);
    expect(j.verdict.bottleneck).toBe('disk-iops');
    expect(sayVerdict(j.verdict, p)).toMatch(
      /issued [\d,.]+ write bios\/s \(completed \+ merged: what a cap on bios counts\), \d+% of the cgroup's blkio cap of 1000 IOPS, counted in bios before merging/,
    );
    const extract = j.phases.find((x) => x.phase === 'extract');
    expect(extract?.disk.iopsCount?.used).toBe('before-merge');
    expect(reasonOf(extract?.disk.iopsCount)).toMatch(/a cgroup I\/O cap counts bios before merging/);
  });

  it('the what-if is a bound labelled with the cap, and covers what doubling the cap saved (9.06 s, issue 22)', () => {
    const w = whatIf(withCaps(noFio(IOPS), [{ device: LAB_DEVICE, writeIops: 1000 }]), 'disk-iops');
    expect(w?.measured).toBe(true);
    expect(w && sayWhatIf(w)).toMatch(
      /saving at most [\d.]+ s; the ceiling doubled is the cgroup's blkio cap of 1000 IOPS, counted in bios before merging(; more than 50% of extraction and the tail's .*)?\.$/,
    );
    expect(w?.savingAtMostMs).toBeGreaterThanOrEqual(9060);
    expect(w?.savingAtMostMs).toBeLessThan(w?.restoreMs ?? 0);
  });
});

describe('fio and a cap both', () => {
  it('the cap below fio binds, and the sentence gives both', () => {
    const p = withCaps(loadFixture(BANDWIDTH), [{ device: LAB_DEVICE, writeBytesPerSecond: 40 * MiB }]);
    const c = withCgroupCaps(p, ceilingsOf(p), 0);
    expect(c.seqWriteBytesPerSecond).toBe(40 * MiB);
    const from = c.from?.seqWriteBytesPerSecond;
    expect(from).toEqual({
      cap: true,
      facts: {
        kind: 'cap',
        ceiling: 'seqWriteBytesPerSecond',
        capFile: 'blkio',
        device: LAB_DEVICE,
        capValue: 40 * MiB,
        probed: ceilingsOf(p).seqWriteBytesPerSecond,
      },
    });
    expect(sayCeilingFrom(from)).toBe("the cgroup's blkio cap of 40 MiB/s (below the 41.7 MiB/s fio measured)");
    expect(sayVerdict(judgeInDetail(p).verdict, p)).toMatch(/of the cgroup's blkio cap of 40 MiB\/s \(below the 41\.7 MiB\/s fio measured\)/);
  });

  it("fio below the cap binds, and says the cap was higher; fio's IOPS ceiling keeps its own count rule", () => {
    const p = withCaps(loadFixture(BANDWIDTH), [{ device: LAB_DEVICE, writeBytesPerSecond: 100 * MiB }]);
    const c = withCgroupCaps(p, ceilingsOf(p), 0);
    expect(c.seqWriteBytesPerSecond).toBe(ceilingsOf(p).seqWriteBytesPerSecond);
    expect(c.randWriteCountsBios).toBeUndefined();
    const v = judgeInDetail(p).verdict;
    expect(sayVerdict(v, p)).toMatch(/of fio's 41\.7 MiB\/s \(below the cgroup's blkio cap of 100 MiB\/s\)/);
    // The restore sustained more than fio's figure: the rate doubled is named, then fio's, then the cap.
    expect(said(v.whatIf.find((w) => w.resource === 'disk-bandwidth'))).toMatch(
      /the ceiling doubled is the [\d.]+ MiB\/s the disk sustained during the restore, above fio's 41\.7 MiB\/s \(below the cgroup's blkio cap of 100 MiB\/s\)(; more than 50% of extraction and the tail's .*)?\.$/,
    );
  });
});

describe('which caps reach the device', () => {
  it('the tightest of each kind on the device, or on a disk below a bio-based device', () => {
    const p = loadFixture(BANDWIDTH);
    withCaps(p, [
      { device: '254:0', writeIops: 500 },
      { device: '7:3', writeBytesPerSecond: 80 * MiB },
      { device: '7:3', writeBytesPerSecond: 40 * MiB, readIops: 900 },
    ]);
    expect(capsOnDevice(p, 0)).toEqual({ device: '7:3', writeBytesPerSecond: 40 * MiB, readIops: 900 });
    // A loop device's backing disk is not below it for blk-throttle: the loop worker submits those bios.
    expect(capsOnDevice(p, 1)).toEqual({ device: '254:0', writeIops: 500 });
    const dm = p.devices[0] as Profile['devices'][number];
    dm.kind = 'dm';
    dm.below = ['vda'];
    expect(capsOnDevice(p, 0)).toEqual({ device: '7:3', writeBytesPerSecond: 40 * MiB, readIops: 900, writeIops: 500 });
    expect(capsOnDevice(p, null)).toBeNull();
    delete p.context.cgroup;
    expect(capsOnDevice(p, 0)).toBeNull();
  });
});

describe('a real recording without fio (lab-no-fio.json: the 40 MiB/s root blkio cap read by the cgroup reader)', () => {
  it('the reader recorded the cap on the restore device, and the judge uses it, labelled', () => {
    const p = loadFixture('lab-no-fio.json');
    expect(p.probes?.probes ?? []).toEqual([]);
    const device = p.devices.find((d) => d.primary);
    expect(p.context.cgroup?.ioLimits).toContainEqual({ device: device?.devNumber, writeBytesPerSecond: 40 * MiB });
    const v = judgeInDetail(p).verdict;
    expect(v.bottleneck).toBe('disk-bandwidth');
    // blkio let 42.3 MiB/s through over extraction and tail: the rate doubled, named beside the cap.
    expect(said(v.whatIf.find((w) => w.resource === 'disk-bandwidth'))).toMatch(
      /the ceiling doubled is the 42\.3 MiB\/s the disk sustained during the restore, above the cgroup's blkio cap of 40 MiB\/s(; more than 50% of extraction and the tail's .*)?\.$/,
    );
  });

  it('without the cap it falls back to the rate the restore sustained, named as such, no cap named', () => {
    const p = loadFixture('lab-no-fio.json');
    if (p.context.cgroup) p.context.cgroup.ioLimits = [];
    const v = judgeInDetail(p).verdict;
    expect(sayVerdict(v, p)).not.toMatch(/cgroup's blkio cap/);
    expect(said(v.whatIf.find((w) => w.resource === 'disk-bandwidth'))).toMatch(
      /the ceiling doubled is the [\d.]+ MiB\/s the disk sustained during the restore \(no probe measured one\)(; more than 50% of extraction and the tail's .*)?\.$/,
    );
  });
});

describe('a real recording with a bio IOPS cap above what fio read (lab-bio-iops-cap.json)', () => {
  it('fio set the lower ceiling, but the bios reached the cgroup cap: counted before merging, judged disk-iops', () => {
    const j = judgeInDetail(loadFixture('lab-bio-iops-cap.json'));
    expect(j.verdict.bottleneck).toBe('disk-iops');
    const extract = j.phases.find((x) => x.phase === 'extract');
    expect(extract?.disk.iopsCount?.used).toBe('before-merge');
    expect(reasonOf(extract?.disk.iopsCount)).toMatch(/reached the cgroup's cap of 2,000 IOPS on this device, which counts bios before merging/);
    // The bench's intervention on this runner: doubling the IOPS cap took 4.40 s; the what-if is a lower bound below it.
    const w = j.verdict.whatIf.find((x) => x.resource === 'disk-iops');
    expect(w?.restoreLowerBoundMs).toBeLessThanOrEqual(4400);
    expect(w?.restoreLowerBoundMs).toBeGreaterThanOrEqual(0.8 * 4400);
  });

  it('without the caps in the recording: the bios still held steadier than requests and bytes (median deviation), judged disk-iops against fio', () => {
    const p = loadFixture('lab-bio-iops-cap.json');
    if (p.context.cgroup) p.context.cgroup.ioLimits = [];
    const j = judgeInDetail(p);
    expect(j.verdict.bottleneck).toBe('disk-iops');
    expect(reasonOf(j.phases.find((x) => x.phase === 'extract')?.disk.iopsCount)).toMatch(/held steadier than requests and bytes/);
    expect(sayVerdict(j.verdict, p)).not.toMatch(/cgroup's blkio cap/);
  });
});
