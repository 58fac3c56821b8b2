import os from 'node:os';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeVirtualization, parseCpuinfo, readRunnerContext } from '../../src/sample/context.js';
import { resolveDevices } from '../../src/sample/devices.js';
import { procFixture } from './fixture.js';

describe('parseCpuinfo', () => {
  it("reads the model name and the hypervisor flag from this machine's capture", () => {
    expect(parseCpuinfo(procFixture('cpuinfo.txt'))).toEqual({ model: 'AMD EPYC', hypervisorFlag: true });
  });

  it('no flag, no model', () => {
    expect(parseCpuinfo('processor : 0\nflags : fpu vme\n')).toEqual({ hypervisorFlag: false });
  });
});

describe('describeVirtualization', () => {
  it('prefers DMI vendor and product (an Azure-hosted GitHub runner says Microsoft Corporation Virtual Machine)', () => {
    expect(describeVirtualization({ sysVendor: 'Microsoft Corporation', productName: 'Virtual Machine', hypervisorFlag: true })).toBe(
      'Microsoft Corporation Virtual Machine',
    );
    expect(describeVirtualization({ hypervisorType: 'xen', hypervisorFlag: true })).toBe('hypervisor xen');
    expect(describeVirtualization({ hypervisorFlag: true })).toMatch(/hypervisor flag/);
    expect(describeVirtualization({ hypervisorFlag: false })).toBeUndefined();
  });
});

describe.runIf(process.platform === 'linux')('readRunnerContext on this machine', () => {
  it('fills kernel, CPU, RAM, dirty sysctls and the filesystems', () => {
    const where = resolveDevices({ restorePath: '/var/tmp' });
    const context = readRunnerContext(where);
    expect(context.os).toBe('linux');
    expect(context.kernel).toBe(readFileSync('/proc/sys/kernel/osrelease', 'utf8').trim());
    expect(context.cpuCount).toBe(os.cpus().length);
    expect(context.memoryBytes).toBe(os.totalmem());
    expect(context.cpuModel).toBeTruthy();
    expect(context.dirtyRatio).toBe(Number(readFileSync('/proc/sys/vm/dirty_ratio', 'utf8')));
    expect(context.dirtyBackgroundRatio).toBe(Number(readFileSync('/proc/sys/vm/dirty_background_ratio', 'utf8')));
    expect(context.fileSystems).toBe(where.fileSystems);
    expect(context.nodeVersion).toBe(process.version);
    const flagged = /^flags\s*:.*\bhypervisor\b/m.test(readFileSync('/proc/cpuinfo', 'utf8'));
    if (flagged) expect(context.virtualization).toBeTruthy();
  });

  it('without /proc and /sys it still answers from node:os, never throws', () => {
    const context = readRunnerContext(undefined, { procRoot: '/nonexistent-proc', sysRoot: '/nonexistent-sys' });
    expect(context).toEqual({
      os: process.platform,
      arch: process.arch,
      cpuCount: os.cpus().length,
      memoryBytes: os.totalmem(),
      cpuModel: os.cpus()[0]?.model.trim(),
      fileSystems: [],
      nodeVersion: process.version,
    });
  });
});
