/**
 * Which block device's file system a mount writes to, and how that was found. A plain mount or a bind
 * mount of a disk file system carries its device number in mountinfo. An overlay writes to its upper
 * layer: where that directory is visible here, the mount holding it is the answer; inside a container
 * it is a host path that is not visible, and only a bind mount from the same host directory tree (as
 * Docker's /etc/hosts, from /var/lib/docker/containers/…, shares /var/lib/docker with the upper layer
 * /var/lib/docker/overlay2/…/diff when both are on the host's root file system) leads to it; otherwise
 * the disk is not measured, and the resolution says why. Pure: what is visible is passed in.
 */
import type { MountResolution } from '../profile/schema.js';
import { findMount, isBlockDevNumber, type MountEntry, overlayLayers } from './parse-mountinfo.js';

export interface MountView {
  mounts: readonly MountEntry[];
  /** The path resolved (symlinks followed) when it exists in this mount namespace, else null. */
  realPath: (path: string) => string | null;
}

/** Leading path components two paths share, at least two, for an inference to stand on. */
const MIN_SHARED_COMPONENTS = 2;
const MAX_DEPTH = 4;

function sharedComponents(a: string, b: string): number {
  const x = a.split('/').filter(Boolean);
  const y = b.split('/').filter(Boolean);
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n++;
  return n;
}

function onMount(m: MountEntry): MountResolution {
  if (m.root !== '/' && m.root !== '') {
    return { method: 'bind-mount', detail: `a bind mount of ${m.root} on ${m.source} (${m.fsType})`, devNumber: m.devNumber };
  }
  return { method: 'mount', detail: `${m.source} (${m.fsType}) mounted at ${m.mountPoint}`, devNumber: m.devNumber };
}

/**
 * How `mount` leads to a block device's file system. Not called for file systems without one
 * (tmpfs, network): the caller says those are not block devices.
 */
export function resolveMountSource(mount: MountEntry, view: MountView, depth = 0): MountResolution {
  if (mount.fsType !== 'overlay') return onMount(mount);
  const { upperDir } = overlayLayers(mount.superOptions);
  if (!upperDir) {
    return { method: 'not-measured', detail: `a read-only overlay at ${mount.mountPoint} (no upper layer): nothing can be written there` };
  }
  const seen = view.realPath(upperDir);
  const holder = seen === null ? null : findMount(view.mounts, seen);
  if (holder && holder.mountId !== mount.mountId && depth < MAX_DEPTH) {
    const below = holder.fsType === 'overlay' ? resolveMountSource(holder, view, depth + 1) : onMount(holder);
    if (below.method === 'not-measured' || !below.devNumber || !isBlockDevNumber(below.devNumber)) {
      return {
        method: 'not-measured',
        detail: `the overlay's upper layer ${upperDir} is on ${holder.fsType} (${holder.source}), no block device: ${below.detail}`,
      };
    }
    return { method: 'overlay-upper', detail: `an overlay whose upper layer ${upperDir} is on ${below.detail}`, devNumber: below.devNumber };
  }
  // Not visible here (a container): a host bind mount from the same directory tree is the only lead.
  let best: { entry: MountEntry; shared: number } | null = null;
  for (const entry of view.mounts) {
    if (entry.fsType === 'overlay' || !isBlockDevNumber(entry.devNumber) || entry.root === '/') continue;
    const shared = sharedComponents(entry.root, upperDir);
    if (shared >= MIN_SHARED_COMPONENTS && (!best || shared > best.shared)) best = { entry, shared };
  }
  if (best) {
    const tree = `/${best.entry.root.split('/').filter(Boolean).slice(0, best.shared).join('/')}`;
    return {
      method: 'overlay-upper-inferred',
      detail: `an overlay whose upper layer ${upperDir} is a host path not visible here; ${best.entry.mountPoint} is bound from ${best.entry.root} on ${best.entry.source} (${best.entry.fsType}), the same host tree ${tree}, so the upper layer is taken to be on that disk`,
      devNumber: best.entry.devNumber,
    };
  }
  return {
    method: 'not-measured',
    detail: `an overlay whose upper layer ${upperDir} is a host path not visible here (a container), and no bind mount from the host shares its directory tree, so its disk cannot be told`,
  };
}
