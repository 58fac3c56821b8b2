/**
 * Which device carried most of the restore's bytes, when its paths span several: the probes and the
 * experiments run there and the restore's verdict is judged there. The archive is extracted before the
 * split is known, so it is decided afterwards, from the restored tree's file bytes per restore path
 * (the restore's own bytes, whatever else wrote to the disks), or, without a walk of the tree, from
 * the sectors each device wrote during extraction and its writeback tail. Pure.
 */
import type { BlockDeviceInfo, DiskCounters, PhaseRecord } from '../profile/schema.js';
import { MiB } from '../util/units.js';

export interface RestoreDeviceChoice {
  /** Index into the devices of the one that carried most of the restore's bytes. */
  index: number;
  /** Bytes per device index (top devices of restore paths only). */
  bytes: Map<number, number>;
  method: 'restored-tree' | 'written-sectors';
  because: string;
}

function restoreTops(devices: readonly BlockDeviceInfo[]): number[] {
  return devices.flatMap((d, i) => ((d.topFor ?? (d.primary ? ['restore-path'] : [])).includes('restore-path') ? [i] : []));
}

function written(phases: readonly PhaseRecord[], index: number): number {
  let sectors = 0;
  for (const p of phases) {
    if (p.name !== 'extract' && p.name !== 'writeback') continue;
    const a: DiskCounters | null | undefined = p.start.disks[index];
    const b: DiskCounters | null | undefined = p.end.disks[index];
    if (a && b) sectors += Math.max(0, b.sectorsWritten - a.sectorsWritten);
  }
  return sectors * 512;
}

const mib = (n: number) => `${(n / MiB).toFixed(1)} MiB`;

/** Null with fewer than two restore devices (nothing to choose) or no bytes at all. */
export function chooseRestoreDevice(
  devices: readonly BlockDeviceInfo[],
  bytesByRoot: ReadonlyMap<string, number> | null,
  phases: readonly PhaseRecord[],
): RestoreDeviceChoice | null {
  const tops = restoreTops(devices);
  if (tops.length < 2) return null;
  const fromTree = new Map(tops.map((i) => [i, (devices[i]?.restorePaths ?? []).reduce((s, p) => s + (bytesByRoot?.get(p) ?? 0), 0)]));
  const treeTotal = [...fromTree.values()].reduce((s, b) => s + b, 0);
  const method = treeTotal > 0 ? 'restored-tree' : 'written-sectors';
  const bytes = method === 'restored-tree' ? fromTree : new Map(tops.map((i) => [i, written(phases, i)]));
  const total = [...bytes.values()].reduce((s, b) => s + b, 0);
  if (total <= 0) return null;
  const index = [...bytes.entries()].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  const most = bytes.get(index) ?? 0;
  const source =
    method === 'restored-tree' ? "of the restored files' bytes under its paths" : 'of the bytes the restore path devices wrote during extraction and writeback';
  return { index, bytes, method, because: `most of the restore's bytes: ${mib(most)} of ${mib(total)} ${source}` };
}

/** The devices with `primary` moved to the chosen one (indices unchanged: snapshots are aligned with them). */
export function withRestoreDevice(devices: readonly BlockDeviceInfo[], choice: RestoreDeviceChoice): BlockDeviceInfo[] {
  return devices.map((d, i) => {
    const { primaryBecause: _, ...rest } = d;
    return i === choice.index ? { ...rest, primary: true, primaryBecause: choice.because } : { ...rest, primary: false };
  });
}
