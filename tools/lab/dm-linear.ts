/**
 * LVM's layout without LVM's metadata: a device-mapper linear target over a lab loop device, with
 * dmsetup. dm devices are bio-based: their /proc/diskstats count bios before the disk below merges
 * them, so requests/s on the top device overstate what the disk (or a cloud volume's meter) counts.
 */
import { existsSync } from 'node:fs';
import { devNumberOf } from './loop-disk.js';
import type { CleanupStack } from '../../src/system/cleanup.js';
import { commandAvailable, readLines, run } from '../../src/system/sys.js';
import { ProfilerError } from '../../src/util/errors.js';

export interface DmDevice {
  name: string;
  device: string;
  devNumber: string;
}

/** Why a dm device cannot be made here, or null. */
export function deviceMapperMissing(): string | null {
  if (!commandAvailable('dmsetup')) return 'dmsetup is not installed (apt-get install dmsetup)';
  // /dev/mapper/control can exist with no driver behind it (seen on this VM): ask the kernel.
  const misc = readLines('/proc/misc').some((l) => l.trim().endsWith(' device-mapper'));
  if (!misc && !existsSync('/sys/class/misc/device-mapper')) {
    return 'the kernel has no device-mapper (no device-mapper in /proc/misc: build with CONFIG_BLK_DEV_DM or load dm_mod)';
  }
  return null;
}

export function createDmLinear(cleanup: CleanupStack, opts: { name: string; below: string }): DmDevice {
  const missing = deviceMapperMissing();
  if (missing) throw new ProfilerError(`The lvm-capped scenario needs a device-mapper device: ${missing}.`, 'Run it on a machine with device-mapper.');
  const sectors = run('blockdev', ['--getsz', opts.below]);
  run('dmsetup', ['create', opts.name, '--table', `0 ${sectors} linear ${opts.below} 0`]);
  cleanup.push(`remove dm device ${opts.name}`, () => void run('dmsetup', ['remove', '--retry', opts.name]));
  const device = `/dev/mapper/${opts.name}`;
  return { name: opts.name, device, devNumber: devNumberOf(device) };
}

/** dm devices the lab made (named with its prefix), for the machine-state check. */
export function labDmDevices(prefix: string): string[] {
  if (deviceMapperMissing()) return [];
  try {
    return run('dmsetup', ['ls'])
      .split('\n')
      .map((l) => l.split(/\s+/)[0] ?? '')
      .filter((n) => n.startsWith(prefix));
  } catch {
    return [];
  }
}
