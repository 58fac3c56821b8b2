// The cgroup file formats (kernel cgroup-v2.rst, cgroup-v1 docs), edge cases the fixture trees do not show.
import { describe, expect, it } from 'vitest';
import {
  cpuStatV1,
  cpuStatV2,
  cpusetCount,
  parseBlkioThrottle,
  parseCfsQuota,
  parseCpuMax,
  parseIoMax,
  parseMemoryLimit,
  parseProcCgroup,
  tightestIoLimits,
  workingSetBytes,
} from '../../src/sample/parse-cgroup.js';

describe('cgroup formats', () => {
  it('/proc/self/cgroup: v1 controller lists, named hierarchies and the v2 line', () => {
    expect(parseProcCgroup('12:cpu,cpuacct:/docker/abc\n1:name=systemd:/x\n0::/user.slice\n')).toEqual([
      { hierarchyId: 12, controllers: ['cpu', 'cpuacct'], path: '/docker/abc' },
      { hierarchyId: 1, controllers: ['name=systemd'], path: '/x' },
      { hierarchyId: 0, controllers: [], path: '/user.slice' },
    ]);
  });

  it('cpu.max and cfs_quota_us: "max" and -1 are no quota', () => {
    expect(parseCpuMax('max 100000\n')).toEqual({ quotaUs: null, periodUs: 100_000 });
    expect(parseCpuMax('25000 50000')).toEqual({ quotaUs: 25_000, periodUs: 50_000 });
    expect(parseCpuMax('garbage')).toBeNull();
    expect(parseCfsQuota('-1\n')).toBeNull();
    expect(parseCfsQuota('30000\n')).toBe(30_000);
    expect(parseCfsQuota('')).toBeUndefined();
  });

  it('cpu.stat: v2 without the cpu controller has usage only; v1 without cpuacct has no usage', () => {
    expect(cpuStatV2('usage_usec 100\nuser_usec 60\nsystem_usec 40\n')).toEqual({ usageUs: 100, throttledUs: 0, periods: 0, throttledPeriods: 0 });
    expect(cpuStatV1('nr_periods 10\nnr_throttled 4\nthrottled_time 2500000\n', null)).toEqual({
      usageUs: null,
      throttledUs: 2500,
      periods: 10,
      throttledPeriods: 4,
    });
    expect(cpuStatV1('', null)).toBeNull();
  });

  it('memory limits: "max" and v1\'s page-counter maximum are none', () => {
    expect(parseMemoryLimit('max\n')).toBeNull();
    expect(parseMemoryLimit('9223372036854771712\n')).toBeNull();
    expect(parseMemoryLimit('1073741824\n')).toBe(1073741824);
    expect(parseMemoryLimit('')).toBeUndefined();
  });

  it('cpuset lists count CPUs', () => {
    expect(cpusetCount('0-3,8,10-11\n')).toBe(7);
    expect(cpusetCount('5')).toBe(1);
    expect(cpusetCount('\n')).toBeNull();
  });

  it('io.max and blkio throttles, tightest per device and field over the levels', () => {
    const child = parseIoMax('8:16 rbps=2097152 wbps=max riops=max wiops=120\n8:0 rbps=max wbps=max riops=max wiops=max\n');
    expect(child).toEqual([{ device: '8:16', readBytesPerSecond: 2097152, writeIops: 120 }]);
    const parent = parseBlkioThrottle('8:16 1048576\n').map(({ device, value }) => ({ device, readBytesPerSecond: value }));
    expect(tightestIoLimits([child, parent, [{ device: '8:32', writeIops: 50 }]])).toEqual([
      { device: '8:16', readBytesPerSecond: 1048576, writeIops: 120 },
      { device: '8:32', writeIops: 50 },
    ]);
  });
});

describe('workingSetBytes', () => {
  // v1 memory.stat names the hierarchical counter total_inactive_file; v2 inactive_file (cgroup-v1/memory.rst, cgroup-v2.rst).
  it('usage less the inactive file pages, each version by its own name', () => {
    expect(workingSetBytes(2, '1000\n', 'anon 600\ninactive_file 300\nactive_file 100\n')).toBe(700);
    expect(workingSetBytes(1, '1000\n', 'cache 400\ninactive_file 50\ntotal_inactive_file 300\n')).toBe(700);
    expect(workingSetBytes(2, '1000', null)).toBe(1000);
    expect(workingSetBytes(2, '100', 'inactive_file 300')).toBe(0);
    expect(workingSetBytes(2, '', 'inactive_file 300')).toBeUndefined();
    expect(workingSetBytes(1, 'max', null)).toBeUndefined();
  });
});
