/**
 * A directory to keep this process's files in where another user may have been first (the machine's
 * meeting place in /run/lock or /tmp: machine/place.ts; Node's compile cache in RUNNER_TEMP:
 * compile-cache.ts): made with its mode set through the new directory's own descriptor, then checked
 * without following a symlink. What another uid could have made or swapped in is never used: its
 * symlink could aim our files, or code we load, at a place of its choosing. IO edge.
 */
import { closeSync, constants, fchmodSync, fstatSync, lstatSync, mkdirSync, openSync, type Stats } from 'node:fs';
import { processIds } from './privilege.js';

/** S_ISVTX: in a directory, only a file's owner (or the directory's, or root) may rename or remove it. */
const STICKY = 0o1000;

/** Others may write to it, and without the sticky bit may replace or remove what is ours. */
export const steerable = (s: Stats) => (s.mode & 0o022) !== 0 && (s.mode & STICKY) === 0;

export const octal = (mode: number) => `0${(mode & 0o7777).toString(8)}`;

/**
 * Why `s` (of `dir`) is no place for our files, or null when it is: `shared` lets other users in where they
 * cannot steer it (root's or ours, sticky where they may write), `private` is ours alone.
 */
export function unsafeReason(dir: string, s: Stats, others: 'shared' | 'private'): string | null {
  const me = processIds().uid;
  if (s.isSymbolicLink()) return `${dir} is a symbolic link, not a directory`;
  if (!s.isDirectory()) return `${dir} is not a directory`;
  if (others === 'private' && s.uid !== me) return `${dir} is owned by uid ${s.uid}, not by this user (uid ${me})`;
  if (s.uid !== 0 && s.uid !== me) return `${dir} is owned by uid ${s.uid}, not by root or this user (uid ${me})`;
  if (steerable(s)) return `${dir} is writable by other users without the sticky bit (mode ${octal(s.mode)})`;
  if (others === 'private' && (s.mode & 0o077) !== 0) return `${dir} is open to other users (mode ${octal(s.mode)})`;
  return null;
}

/**
 * Makes `dir` with `mode` if it is not there (the mode set through the new directory's own descriptor,
 * past the umask), then checks what is there, never following a symlink; the reason it cannot be
 * used, or null.
 */
export function ensureDirectory(dir: string, mode: number, others: 'shared' | 'private'): string | null {
  try {
    mkdirSync(dir, { mode });
    const fd = openSync(dir, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
    try {
      const made = fstatSync(fd);
      // Ours, just made: chmod through the descriptor, so nothing swapped in its place is changed.
      if (made.uid === processIds().uid && (made.mode & 0o7777) !== mode) fchmodSync(fd, mode);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST' && code !== 'ELOOP' && code !== 'ENOTDIR') return `${dir} cannot be made (${(error as Error).message})`;
  }
  try {
    return unsafeReason(dir, lstatSync(dir), others);
  } catch (error) {
    return `${dir} cannot be read (${(error as Error).message})`;
  }
}
