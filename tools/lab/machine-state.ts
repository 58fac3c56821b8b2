/**
 * What the lab may change on the machine, read at one instant, so a test can prove it left the
 * machine as found. Only lab-owned things are listed (named with LAB_PREFIX, or the devices the lab
 * used): other engineers' loop devices and throttles on this shared machine are not ours to judge.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { labCgroups } from './cpu-quota.js';
import { readDirtySettings, type DirtySettings } from '../../src/system/dirty-limits.js';
import { labDmDevices } from './dm-linear.js';
import { QUEUE_SETTINGS } from './loop-disk.js';
import { BLKIO_ROOT, LAB_PREFIX, RAM_DIR, THROTTLE_FILES } from './paths.js';
import { readLines, run } from '../../src/system/sys.js';

export interface MachineState {
  /** `losetup -a` lines whose backing file is in a lab dir. */
  loopDevices: string[];
  /** /proc/mounts lines under a lab dir. */
  mounts: string[];
  /** Every line of each root blkio throttle file (filtered per device by labTouches). */
  throttles: Record<string, string[]>;
  dirty: DirtySettings;
  cpuCgroups: string[];
  tempDirs: string[];
  /** Command lines of processes working in a lab dir (a second writer, a burst-credit controller left running). */
  processes: string[];
  /** device-mapper devices named with the lab's prefix. */
  dmDevices: string[];
}

function labProcesses(): string[] {
  const out: string[] = [];
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((n) => /^\d+$/.test(n) && Number(n) !== process.pid);
  } catch {
    return [];
  }
  for (const pid of pids) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      if (cmdline.includes(LAB_PREFIX)) out.push(cmdline);
    } catch {
      // Exited meanwhile.
    }
  }
  return out.sort();
}

export function readMachineState(): MachineState {
  const throttles: Record<string, string[]> = {};
  for (const file of THROTTLE_FILES) throttles[file] = readLines(path.join(BLKIO_ROOT, file));
  const tempDirs: string[] = [];
  for (const root of [os.tmpdir(), RAM_DIR]) {
    try {
      // Names in the temp dir (as before), full paths elsewhere.
      tempDirs.push(
        ...readdirSync(root)
          .filter((n) => n.startsWith(LAB_PREFIX))
          .map((n) => (root === os.tmpdir() ? n : path.join(root, n))),
      );
    } catch {
      // No listing: nothing to compare.
    }
  }
  return {
    loopDevices: run('losetup', ['-a'])
      .split('\n')
      .filter((l) => l.includes(LAB_PREFIX)),
    mounts: readLines('/proc/mounts').filter((l) => l.includes(LAB_PREFIX)),
    throttles,
    dirty: readDirtySettings(),
    cpuCgroups: labCgroups(),
    tempDirs,
    processes: labProcesses(),
    dmDevices: labDmDevices(LAB_PREFIX),
  };
}

export type LabView = Omit<MachineState, 'throttles'> & { throttles: string[]; queueSettings: string[] };

/**
 * The state restricted to what the lab touched (the devices it throttled), for a before/after
 * comparison. Queue settings are read now: call it right after readMachineState.
 */
export function labView(state: MachineState, devNumbers: readonly string[]): LabView {
  const throttles = Object.entries(state.throttles).flatMap(([file, lines]) =>
    lines.filter((l) => devNumbers.includes(l.split(/\s+/)[0] ?? '')).map((l) => `${file}: ${l}`),
  );
  const queueSettings = devNumbers.flatMap((d) => QUEUE_SETTINGS.map((q) => `${d} ${q}=${readLines(`/sys/dev/block/${d}/queue/${q}`)[0] ?? 'gone'}`));
  return { ...state, throttles, queueSettings };
}
