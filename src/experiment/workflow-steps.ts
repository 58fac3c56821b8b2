/**
 * The steps to paste, one builder per alternative that has one (its descriptor names it,
 * descriptors.ts): a step before the restore step that covers every restore path (one mount per
 * path), or nothing to paste and why. The experiments
 * apply exactly these mounts and settings (run-experiments.ts, through mountedPaths), so the saving
 * measured is the saving the step gives. Pure.
 *
 * Mounts, not symlinks: GNU tar (as @actions/cache runs it, without --keep-directory-symlink)
 * replaces a symlink where the archive holds a directory, so a symlinked restore path is extracted
 * onto the original disk after all. A bind mount or a tmpfs is a directory to tar.
 */
import path from 'node:path';
import type { WorkflowFix } from '../profile/schema.js';
import { bytes } from '../util/format.js';
import { MiB } from '../util/units.js';
import { raisedDirtyLimits, type DirtyBudget } from './dirty-budget.js';

export interface FixContext {
  /** The restore paths as the workflow writes them (plain paths: with a pattern among them ram and other-disk do not run). */
  paths: readonly string[];
  /** other-disk: the file system it extracts onto. */
  mountPoint: string | null;
  extractedBytes: number;
  /** The vm.dirty_* limits in force before the experiment (dirty-budget.ts); the step never lowers them. */
  dirtyBudget?: DirtyBudget | null;
  /** ram: a tmpfs per restore path (root or sudo), or /dev/shm (neither: no step can mount one either). */
  ramVia?: 'own-tmpfs' | 'shm' | null;
}

export const FIX_PLACEMENT = 'Add this step before the restore step (this action, or actions/cache).';

const HIDES =
  'Placed after the restore step, the mounts would hide the files it just restored (the job would see empty directories, and the restored files would stay on the slow disk).';

/** Round up to a whole GiB with headroom, as a size a user would type: a cap, tmpfs takes memory only as files are written. */
export function tmpfsSize(extractedBytes: number): string {
  return `${Math.max(1, Math.ceil((extractedBytes * 1.5) / 1024 ** 3))}G`;
}

/**
 * vm.dirty_bytes large enough that the whole restore stays in the page cache, with headroom; background
 * writeback from half of it (what the kernel makes of a background figure not below the limit anyway).
 */
export function dirtyBytesFor(extractedBytes: number): DirtyBudget {
  const dirtyBytes = Math.ceil((extractedBytes * 2) / (64 * MiB)) * 64 * MiB;
  return { dirtyBytes, backgroundBytes: dirtyBytes / 2 };
}

function normal(p: string): string {
  const n = path.posix.normalize(p.replace(/\\/g, '/'));
  return n.length > 1 ? n.replace(/\/$/, '') : n;
}

/** The restore paths a mount goes on: each path once, a path inside another left to the outer one's mount. */
export function mountedPaths(paths: readonly string[]): string[] {
  const unique = [...new Set(paths.map(normal))];
  return unique.filter((p) => !unique.some((o) => o !== p && (o === '.' || p.startsWith(`${o}/`))));
}

/** A path for the shell: `~` as "$HOME", anything but plain characters quoted. */
export function shellPath(p: string): string {
  if (p === '~' || p.startsWith('~/')) return `"$HOME${p.slice(1).replace(/(["\\$`])/g, '\\$1')}"`;
  return /^[\w./@+-]+$/.test(p) ? p : `'${p.replace(/'/g, `'\\''`)}'`;
}

function step(name: string, lines: readonly string[]): string {
  return [`- name: ${name}`, '  run: |', ...lines.map((l) => `    ${l}`)].join('\n');
}

/** Where other-disk's files live on the other file system: one directory per restore path below it. */
export function otherDiskRoot(mountPoint: string | null): string {
  return `${mountPoint === '/' || !mountPoint ? '' : mountPoint}/cache-restore`;
}

export function noStep(note: string): WorkflowFix {
  return { kind: 'none', yaml: null, placement: null, misplaced: null, note, paths: [] };
}

/** ram: a tmpfs on each restore path (or nothing to paste where it was measured in /dev/shm). */
export function ramStep(c: FixContext): WorkflowFix {
  if (c.ramVia === 'shm')
    return noStep(
      'Measured in /dev/shm, since mounting a tmpfs needs root or passwordless sudo, which this runner lacks: it shows what taking the disk out saves, but no step here can mount one.',
    );
  const mounted = mountedPaths(c.paths);
  const quoted = mounted.map(shellPath);
  const size = tmpfsSize(c.extractedBytes);
  return {
    kind: 'step',
    yaml: step('RAM disks for the cache paths', [
      `mkdir -p ${quoted.join(' ')}`,
      ...quoted.map((p) => `sudo mount -t tmpfs -o size=${size},uid=$(id -u),gid=$(id -g) tmpfs ${p}`),
    ]),
    placement: FIX_PLACEMENT,
    misplaced: HIDES,
    note: `The restored files (${bytes(c.extractedBytes)}) use memory for the rest of the job; anything already at ${mounted.length === 1 ? 'this path' : 'these paths'} is hidden while mounted.`,
    paths: mounted,
  };
}

/** other-disk: each restore path bind-mounted from a directory on the other disk. */
export function otherDiskStep(c: FixContext): WorkflowFix {
  const mounted = mountedPaths(c.paths);
  const quoted = mounted.map(shellPath);
  const root = otherDiskRoot(c.mountPoint);
  const sources = mounted.map((_, i) => `${root}/${i + 1}`);
  return {
    kind: 'step',
    yaml: step(`Cache paths on ${c.mountPoint ?? 'another disk'}`, [
      `sudo mkdir -p ${root}`,
      `sudo chown $(id -u):$(id -g) ${root}`,
      `mkdir -p ${[...sources, ...quoted].join(' ')}`,
      ...quoted.map((p, i) => `sudo mount --bind ${sources[i]} ${p}`),
    ]),
    placement: FIX_PLACEMENT,
    misplaced: HIDES,
    note: `Bind mounts, not symlinks: tar replaces a symlink where the archive holds a directory, which would put the files back on the slow disk. The files take ${bytes(c.extractedBytes)} on ${c.mountPoint ?? 'that disk'}.`,
    paths: mounted,
  };
}

/** page-cache: vm.dirty_* raised to hold the restore, only what is below it. */
export function pageCacheStep(c: FixContext): WorkflowFix {
  const d = raisedDirtyLimits(dirtyBytesFor(c.extractedBytes), c.dirtyBudget ?? null);
  // Only what is raised, the limit first (the kernel halves a background figure not below the limit).
  const set = [
    d.dirtyBytes === null ? '' : `vm.dirty_bytes=${d.dirtyBytes}`,
    d.backgroundBytes === null ? '' : `vm.dirty_background_bytes=${d.backgroundBytes}`,
  ].filter(Boolean);
  if (set.length === 0) return noStep('Nothing to paste: the page cache already holds the restore.');
  return {
    kind: 'step',
    yaml: step('Let the page cache hold the restore', [`sudo sysctl -w ${set.join(' ')}`]),
    placement: FIX_PLACEMENT,
    misplaced: 'Placed after the restore step it changes nothing for the restore.',
    note: `Up to ${bytes(d.dirtyBytes ?? d.backgroundBytes ?? 0)} of the restore waits in memory: the disk still writes it afterwards, during later steps. The setting holds for the machine until set back.`,
    // Machine-wide: it covers every restore path without naming one.
    paths: [],
  };
}
