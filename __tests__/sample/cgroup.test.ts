// The runner's-cgroup reader on fixture trees (fixtures/cgroup/README.md): a real v1 capture with the
// quota on the parent group, and v2 trees of a container job and a Kubernetes runner pod.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCgroup, readCgroupCpu, readCgroupMemoryRoom } from '../../src/sample/cgroup.js';
import { readMountinfo } from '../../src/sample/devices.js';
import { repoRoot } from '../helpers/tree.js';

const tree = (name: string) => path.join(repoRoot, 'fixtures/cgroup', name);
const read = (dir: string) => readCgroup({ procRoot: path.join(dir, 'proc'), root: dir });
const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

describe('cgroup v1 (real capture, hybrid mode)', () => {
  const r = read(tree('v1-nested-quota'));

  it('walks up to the parent whose quota binds, and reads every controller', () => {
    expect(r?.limits).toEqual({
      version: 1,
      path: '/dp-fixture-21623/job',
      cpuQuotaCores: 0.5,
      cpuPeriodUs: 100_000,
      cpuQuotaPath: '/dp-fixture-21623',
      cpusetCpus: 1,
      // The parent's 512 MiB; the child's 9223372036854771712 is "unlimited".
      memoryLimitBytes: 512 * 1024 * 1024,
      ioLimits: [{ device: '254:0', writeBytesPerSecond: 100 * 1024 * 1024, writeIops: 2000 }],
    });
  });

  it('samples cpu.stat where the quota is, with cpuacct.usage of the same group, in µs', () => {
    expect(r?.cpuFiles?.stat).toMatch(/cpu\/dp-fixture-21623\/cpu\.stat$/);
    expect(r?.cpuFiles?.usage).toMatch(/cpuacct\/dp-fixture-21623\/cpuacct\.usage$/);
    // throttled_time 298377692 ns, cpuacct.usage 375571629 ns.
    expect(readCgroupCpu(r?.cpuFiles ?? { version: 1, stat: '' })).toEqual({ usageUs: 375_572, throttledUs: 298_378, periods: 7, throttledPeriods: 6 });
  });
});

describe('cgroup v1 in a Docker container (no cgroup namespace)', () => {
  it('maps the group onto mounts whose root is the container group, cpu and cpuacct co-mounted', () => {
    const r = read(tree('v1-docker'));
    expect(r?.limits).toEqual({
      version: 1,
      path: '/docker/3f9c2a7b1e5d',
      cpuQuotaCores: 1.5,
      cpuPeriodUs: 100_000,
      cpusetCpus: 2,
      memoryLimitBytes: null,
      ioLimits: [{ device: '8:0', readBytesPerSecond: 20 * 1024 * 1024 }],
    });
    expect(r?.cpuFiles?.usage).toMatch(/cpu,cpuacct\/cpuacct\.usage$/);
    expect(readCgroupCpu(r?.cpuFiles ?? { version: 1, stat: '' })).toEqual({
      usageUs: 61_234_568,
      throttledUs: 9_876_543,
      periods: 530,
      throttledPeriods: 212,
    });
  });
});

describe('cgroup v2', () => {
  it('a container job: cpu.max 50000 100000 is half a core; memory.max, io.max and cpuset', () => {
    const r = read(tree('v2-container'));
    expect(r?.limits).toEqual({
      version: 2,
      path: '/',
      cpuQuotaCores: 0.5,
      cpuPeriodUs: 100_000,
      cpusetCpus: 4,
      memoryLimitBytes: 2 * 1024 ** 3,
      ioLimits: [{ device: '8:0', writeBytesPerSecond: 50 * 1024 * 1024, writeIops: 1000 }],
    });
    expect(readCgroupCpu(r?.cpuFiles ?? { version: 2, stat: '' })).toEqual({
      usageUs: 8_123_456,
      throttledUs: 14_876_543,
      periods: 412,
      throttledPeriods: 301,
    });
  });

  it('a Kubernetes pod: the pod slice limits a container that has none of its own, and counts the throttling', () => {
    const r = read(tree('v2-k8s-pod'));
    expect(r?.limits.cpuQuotaCores).toBe(1.5);
    expect(r?.limits.cpuQuotaPath).toMatch(/kubepods-burstable-pod[^/]+\.slice$/);
    expect(r?.limits.path).toMatch(/\.slice\/cri-containerd-[0-9a-f]+\.scope$/);
    expect(r?.limits.memoryLimitBytes).toBe(4 * 1024 ** 3);
    expect(r?.limits.cpusetCpus).toBe(8);
    expect(r?.limits.ioLimits).toEqual([]);
    expect(r?.limits.notRead).toBeUndefined();
    expect(r?.cpuFiles?.stat).toMatch(/pod[^/]+\.slice\/cpu\.stat$/);
    expect(readCgroupCpu(r?.cpuFiles ?? { version: 2, stat: '' })?.throttledPeriods).toBe(1260);
  });

  it('says what it could not read, and why', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cgroup-fixture-'));
    temps.push(dir);
    cpSync(tree('v2-container'), dir, { recursive: true });
    for (const f of ['cpu.max', 'cpu.stat', 'memory.max', 'io.max']) rmSync(path.join(dir, 'sys/fs/cgroup', f));
    const r = read(dir);
    expect(r?.limits.cpuQuotaCores).toBeNull();
    expect(r?.limits.memoryLimitBytes).toBeNull();
    expect(r?.cpuFiles).toBeNull();
    expect(r?.limits.notRead).toEqual([
      expect.stringMatching(/^cpu quota: no readable cpu\.max in .* \(ENOENT: the cpu controller is not enabled for this group\)$/),
      expect.stringMatching(/^cpu\.stat: .*cpu\.stat unreadable/),
      expect.stringMatching(/^memory limit: no readable memory\.max in .* \(ENOENT\)$/),
      expect.stringMatching(/^I\/O caps: no readable io\.max in .* \(ENOENT\)$/),
    ]);
  });

  it('a group outside the cgroup namespace is read at the mount, saying so', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cgroup-fixture-'));
    temps.push(dir);
    cpSync(tree('v2-container'), dir, { recursive: true });
    writeFileSync(path.join(dir, 'proc/self/cgroup'), '0::/../other.scope\n');
    const r = read(dir);
    expect(r?.limits.cpuQuotaCores).toBe(0.5);
    expect(r?.limits.notRead?.[0]).toMatch(/^cpu: group \/\.\.\/other\.scope is outside this cgroup namespace; read at \/sys\/fs\/cgroup$/);
  });

  it('no /proc/self/cgroup (not Linux, or /proc hidden): no cgroup at all', () => {
    expect(readCgroup({ procRoot: path.join(repoRoot, 'fixtures/cgroup/none'), root: repoRoot })).toBeNull();
  });
});

describe('mounts read once (the pipeline hands over the mountinfo the device resolution reads)', () => {
  it.each(['v1-nested-quota', 'v2-container', 'v2-k8s-pod'])('%s: the same reading from the mounts handed over as from the file', (name) => {
    const dir = tree(name);
    const mounts = readMountinfo(path.join(dir, 'proc'));
    expect(mounts?.length).toBeGreaterThan(0);
    expect(readCgroup({ procRoot: path.join(dir, 'proc'), root: dir, mounts })).toEqual(read(dir));
  });

  it('mountinfo that could not be read: no reading, as when the file is missing', () => {
    const dir = tree('v1-nested-quota');
    expect(readCgroup({ procRoot: path.join(dir, 'proc'), root: dir, mounts: null })).toBeNull();
  });
});

// Issue 38 item 4: the room under the tightest memory limit, for sizing the experiments' RAM.
describe('the room under the memory limit', () => {
  const MiB = 1024 * 1024;
  const room = (name: string) => readCgroupMemoryRoom({ procRoot: path.join(tree(name), 'proc'), root: tree(name) });

  it('v2 container job: memory.max less memory.current, the inactive file pages of memory.stat given back', () => {
    // 2 GiB limit, 1.5 GiB in use of which 384 MiB inactive file pages: 896 MiB of room.
    expect(room('v2-container')).toEqual({ group: '/', limitBytes: 2048 * MiB, workingSetBytes: 1152 * MiB, roomBytes: 896 * MiB });
  });

  it("v2 Kubernetes pod: the container has no limit; the pod's leaves less room than kubepods.slice's", () => {
    // Pod: 4 GiB limit, 3 GiB in use, 256 MiB inactive file: 1280 MiB. kubepods.slice: 15 GiB, 12 GiB, 1 GiB: 4 GiB.
    const r = room('v2-k8s-pod');
    expect(r).toMatchObject({ limitBytes: 4096 * MiB, workingSetBytes: 2816 * MiB, roomBytes: 1280 * MiB });
    expect(r?.group).toMatch(/kubepods-burstable-pod7d1c9a52_3b0e_4f6a_9a61_2f4c8e1d0b73\.slice$/);
  });

  it('v1 without usage files (a capture of the limits only): the room is the whole limit, its working set unknown', () => {
    expect(room('v1-nested-quota')).toEqual({ group: '/dp-fixture-21623', limitBytes: 512 * MiB, workingSetBytes: null, roomBytes: 512 * MiB });
    // No limit anywhere: no room to speak of.
    expect(room('v1-docker')).toBeNull();
  });
});
