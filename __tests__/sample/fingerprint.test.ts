// The fingerprint reader on trees of /proc and /sys from several machines (fixtures/machines/README.md
// says which were captured and which written from documented layouts), and its stable id.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { HardwareFingerprint } from '../../src/profile/always-on.js';
import type { Profile } from '../../src/profile/schema.js';
import type { CgroupLimits } from '../../src/profile/schema.js';
import { cgroupLimits, describeFingerprint, diskKindOf, fingerprintId, readFingerprint, wholeDiskOf, writeOptions } from '../../src/sample/fingerprint.js';

const MACHINES = fileURLToPath(new URL('../../fixtures/machines/', import.meta.url));
const roots = (m: string) => ({ procRoot: `${MACHINES}${m}/proc`, sysRoot: `${MACHINES}${m}/sys` });
const fallback = { vcpus: 1, memoryBytes: 1 };
const read = (m: string, diskNames: string[], restorePath = '/home/runner/work', cgroup?: unknown) =>
  readFingerprint({ diskNames, restorePath, fallback, ...(cgroup ? { cgroup } : {}) }, roots(m));

describe('readFingerprint', () => {
  it('this build machine (captured): virtio disk, no DMI, no other local disk', () => {
    const fp = read('build-vm', ['vda'], '/var/tmp');
    expect(fp).toMatchObject({ cpuModel: 'AMD EPYC', vcpus: 2, kernel: '6.18.44-fc-v509', otherLocalDisk: null });
    expect(fp.memoryBytes).toBeGreaterThan(20 * 1024 ** 3);
    expect(fp.sysVendor).toBeUndefined();
    expect(fp.disks).toEqual([
      {
        name: 'vda',
        kind: 'virtio',
        vendor: '0x1af4',
        rotational: true,
        logicalBlockBytes: 512,
        physicalBlockBytes: 4096,
        queueDepth: 256,
        scheduler: 'mq-deadline',
        sizeBytes: expect.any(Number),
      },
    ]);
    expect(fp.fileSystem).toMatchObject({ mountPoint: '/', fsType: 'ext4', source: '/dev/vda' });
    expect(fp.id).toMatch(/^[0-9a-f]{12}$/);
  });

  it('a hosted Azure runner on SCSI: DMI, the hosted mount options, /mnt as another disk (snaps and /boot/efi are not)', () => {
    const fp = read('gh-hosted-azure-scsi', ['sda']);
    expect(fp).toMatchObject({ cpuModel: 'AMD EPYC 7763 64-Core Processor', vcpus: 4, sysVendor: 'Microsoft Corporation', productName: 'Virtual Machine' });
    expect(fp.memoryBytes).toBe(16365432 * 1024);
    expect(fp.disks[0]).toMatchObject({ kind: 'scsi', vendor: 'Msft', model: 'Virtual Disk', rotational: true, queueDepth: 64, sizeBytes: 157286400 * 512 });
    expect(fp.fileSystem).toMatchObject({ fsType: 'ext4', data: 'writeback', commitSeconds: 30, barrier: false });
    expect(fp.otherLocalDisk).toEqual({ mountPoint: '/mnt', source: '/dev/sdb1', fsType: 'ext4' });
    expect(describeFingerprint(fp)).toBe(
      'AMD EPYC 7763 64-Core Processor, 4 vCPU, 16 GiB, Microsoft Corporation Virtual Machine; sda (scsi, Virtual Disk, rotational), ext4 data=writeback,commit=30,nobarrier; other disk at /mnt',
    );
  });

  it('the same label on NVMe without /mnt has another id', () => {
    const scsi = read('gh-hosted-azure-scsi', ['sda']);
    const nvme = read('gh-hosted-azure-nvme', ['nvme0n1']);
    expect(nvme.disks[0]).toMatchObject({ kind: 'nvme', model: 'MSFT NVMe Accelerator v1.0', rotational: false, queueDepth: 1023, scheduler: 'none' });
    expect(nvme.disks[0]?.vendor).toBeUndefined();
    expect(nvme.otherLocalDisk).toBeNull();
    expect(nvme.id).not.toBe(scsi.id);
  });

  it('LVM on NVMe: the dm device, its name and what it is stacked on', () => {
    const fp = read('aws-lvm-nvme', ['dm-0', 'nvme0n1'], '/home/ci');
    expect(fp.disks.map((d) => d.kind)).toEqual(['dm', 'nvme']);
    expect(fp.disks[0]).toMatchObject({ dmName: 'vg0-root', stackedOn: ['nvme0n1p3'] });
    expect(fp.disks[1]).toMatchObject({ model: 'Amazon Elastic Block Store' });
    expect(fp.fileSystem).toMatchObject({ source: '/dev/mapper/vg0-root', fsType: 'ext4' });
    expect(fp.fileSystem?.data).toBeUndefined();
    // /boot is the same disk's partition: no other local disk.
    expect(fp.otherLocalDisk).toBeNull();
    expect(fp).toMatchObject({ sysVendor: 'Amazon EC2', productName: 'm5.2xlarge', vcpus: 8 });
  });

  it('a Xen guest: xvd disk and the hypervisor type', () => {
    const fp = read('xen-hvm-xvda', ['xvda']);
    expect(fp).toMatchObject({ hypervisor: 'xen', sysVendor: 'Xen', productName: 'HVM domU' });
    expect(fp.disks[0]?.kind).toBe('xen');
  });

  it('the id is stable: same tree, same id; kernel and device names do not change it; memory to the GiB does', () => {
    const a = read('gh-hosted-azure-scsi', ['sda']);
    expect(read('gh-hosted-azure-scsi', ['sda']).id).toBe(a.id);
    const { id: _id, ...rest } = a;
    expect(fingerprintId({ ...rest, kernel: '6.8.0-1099-azure', disks: rest.disks.map((d) => ({ ...d, name: 'sdc' })) })).toBe(a.id);
    expect(fingerprintId({ ...rest, memoryBytes: rest.memoryBytes + 100 * 1024 ** 2 })).toBe(a.id);
    expect(fingerprintId({ ...rest, memoryBytes: rest.memoryBytes * 2 })).not.toBe(a.id);
    expect(fingerprintId({ ...rest, disks: rest.disks.map((d) => ({ ...d, scheduler: 'none' })) })).not.toBe(a.id);
  });

  it('cgroup limits enter the fingerprint and its id; usage counters do not', () => {
    const plain = read('gh-hosted-azure-scsi', ['sda']);
    const limited = read('gh-hosted-azure-scsi', ['sda'], '/home/runner/work', {
      version: 2,
      cpu: { quotaUs: 200000, periodUs: 100000, usageUs: 5 },
      memory: { maxBytes: 4e9, currentBytes: 7 },
    });
    expect(limited.cgroupLimits).toEqual({ version: 2, 'cpu.quotaUs': 200000, 'cpu.periodUs': 100000, 'memory.maxBytes': 4e9 });
    expect(limited.id).not.toBe(plain.id);
    const sameLimitsOtherUsage = read('gh-hosted-azure-scsi', ['sda'], '/home/runner/work', {
      version: 2,
      cpu: { quotaUs: 200000, periodUs: 100000, usageUs: 99 },
      memory: { maxBytes: 4e9, currentBytes: 1 },
    });
    expect(sameLimitsOtherUsage.id).toBe(limited.id);
  });

  it('an empty root (macOS, a locked-down container) falls back to node:os figures and never throws', () => {
    const fp = readFingerprint(
      { diskNames: [], restorePath: null, fallback: { vcpus: 3, memoryBytes: 2 ** 33, cpuModel: 'Apple M1' } },
      { procRoot: '/nonexistent', sysRoot: '/nonexistent' },
    );
    expect(fp).toMatchObject({ vcpus: 3, memoryBytes: 2 ** 33, cpuModel: 'Apple M1', disks: [], fileSystem: null, otherLocalDisk: null });
  });
});

describe('pieces', () => {
  it('disk kinds by kernel name', () => {
    expect(['nvme0n1', 'sda', 'vdb', 'xvda', 'loop3', 'dm-2', 'md0', 'mmcblk0', 'rbd0'].map(diskKindOf)).toEqual([
      'nvme',
      'scsi',
      'virtio',
      'xen',
      'loop',
      'dm',
      'md',
      'mmc',
      'other',
    ]);
  });

  it('the whole disk of a partition', () => {
    expect(['sda1', 'nvme0n1p2', 'mmcblk0p1', 'xvda1', 'vdb', 'dm-0', 'md0'].map(wholeDiskOf)).toEqual([
      'sda',
      'nvme0n1',
      'mmcblk0',
      'xvda',
      'vdb',
      'dm-0',
      'md0',
    ]);
  });

  it('write options: data=, commit=, barrier in all spellings', () => {
    expect(writeOptions('rw,nobarrier,data=writeback,commit=30')).toEqual({ data: 'writeback', commitSeconds: 30, barrier: false });
    expect(writeOptions('rw,barrier=0')).toEqual({ barrier: false });
    expect(writeOptions('rw,barrier')).toEqual({ barrier: true });
    expect(writeOptions('rw,relatime')).toEqual({});
  });

  it("orders a runner's cgroup limits in code points as localeCompare did, so ids stay the same without ICU", () => {
    const limits: CgroupLimits = {
      version: 1,
      path: '/a',
      cpuQuotaCores: 0.5,
      cpuPeriodUs: 100_000,
      cpuQuotaPath: '/sys/fs/cgroup/cpu',
      cpusetCpus: 2,
      memoryLimitBytes: 1e9,
      ioLimits: [],
    };
    const keys = Object.keys(cgroupLimits(limits) ?? {});
    expect(keys).toHaveLength(5);
    expect([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual([...keys].sort((a, b) => a.localeCompare(b)));
  });

  it('cgroupLimits ignores what is not an object', () => {
    expect(cgroupLimits(undefined)).toBeUndefined();
    expect(cgroupLimits({ usage: 1 })).toBeUndefined();
  });
});

// Recorded profiles: the fingerprint is made of what the context and the device resolution read, so
// in every recording it says what they say, and its id is the id of its parts.
const RECORDED = ['profiles', 'experiments'].flatMap((dir) => {
  const base = fileURLToPath(new URL(`../../fixtures/${dir}/`, import.meta.url));
  return readdirSync(base, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ name: `${dir}/${f}`, profile: JSON.parse(readFileSync(`${base}${f}`, 'utf8')) as Partial<Profile> }))
    .filter((r) => r.profile.fingerprint && r.profile.context);
});

describe('recorded fingerprints', () => {
  it('there are recordings with a fingerprint', () => {
    expect(RECORDED.length).toBeGreaterThan(10);
  });

  it.each(RECORDED)('$name: the id of its parts, and the context and devices it was made from', ({ profile }) => {
    const { id, ...parts } = profile.fingerprint as HardwareFingerprint;
    const context = profile.context as Profile['context'];
    expect(fingerprintId(parts)).toBe(id);
    expect(parts.cpuModel).toBe(context.cpuModel);
    expect(parts.kernel).toBe(context.kernel);
    expect(parts.vcpus).toBe(context.cpuCount);
    expect(parts.memoryBytes).toBe(context.memoryBytes);
    const restoreDevices = (profile.devices ?? []).filter((d) => d.roles.includes('restore-path'));
    expect(parts.disks.map((d) => d.name)).toEqual(restoreDevices.map((d) => d.name));
    for (const [i, d] of restoreDevices.entries()) {
      const disk = parts.disks[i];
      expect([disk?.rotational, disk?.scheduler, disk?.queueDepth, disk?.sizeBytes]).toEqual([d.rotational, d.scheduler, d.queueDepth, d.sizeBytes]);
    }
  });
});
