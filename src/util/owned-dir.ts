/**
 * Directories the profiler creates and may therefore remove: each carries our name prefix and a
 * marker file written when it was made. Nothing without both is ever removed, but for one that was
 * recorded before it was made and is still empty (madeButUnmarked).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The random bytes of a directory's name after its prefix, as hex digits (RECORDED_BEFORE_MADE_SUFFIX). */
const RANDOM_BYTES = 6;
/**
 * The suffix of a name chosen before the directory is made (ownedDirName), so that it is recorded first (the
 * machine's ledger, the cleanup's list) and a kill at any moment leaves nothing unrecorded. Older versions made
 * theirs with mkdtemp's six characters, recorded after: those are never removed without their marker.
 */
const RANDOM_HEX = `[0-9a-f]{${RANDOM_BYTES * 2}}`;
export const RECORDED_BEFORE_MADE_SUFFIX = new RegExp(`^${RANDOM_HEX}$`);

/** The suffixes a directory of ours may carry: this version's, and the patterns (regex sources) earlier versions made. */
export const ownedSuffixes = (...earlier: readonly string[]): RegExp => new RegExp(`^(?:${[RANDOM_HEX, ...earlier].join('|')})$`);

/** A fresh name in `parent`, to record and then make (mkdir fails should it exist). */
export function ownedDirName(parent: string, prefix: string): string {
  return path.join(parent, `${prefix}${randomBytes(RANDOM_BYTES).toString('hex')}`);
}

/** Writes the marker into a directory just made; fails if one is there already. */
export function writeOwnerMarker(dir: string, markerName: string): void {
  fs.writeFileSync(path.join(dir, markerName), `${JSON.stringify({ tool: 'disk-profiler', pid: process.pid, createdAt: new Date().toISOString() })}\n`, {
    flag: 'wx',
  });
}

/**
 * A directory recorded, made, then killed before its marker: under a name ownedDirName chose, a directory (not a
 * link) of this process's uid (not one someone else made under a name they read in the ledger), empty. It holds
 * nothing to lose, so it is removed (never anything not empty) rather than left for good.
 */
export function madeButUnmarked(dir: string, prefix: string): boolean {
  const name = path.basename(dir);
  if (!name.startsWith(prefix) || !RECORDED_BEFORE_MADE_SUFFIX.test(name.slice(prefix.length))) return false;
  try {
    const stat = fs.lstatSync(dir);
    return stat.isDirectory() && stat.uid === process.getuid?.() && fs.readdirSync(dir).length === 0;
  } catch {
    return false;
  }
}

/**
 * Why `dir` is not one of ours (by prefix, kind and marker), or null when it is (madeButUnmarked included). With
 * `markerUid`, the marker must also be of that uid (a ledger record's: machine/trust.ts ownedDirRefusal).
 */
export function notOwnedReason(dir: string, prefix: string, markerName: string, markerUid?: number): string | null {
  if (!path.basename(dir).startsWith(prefix)) return `name does not start with ${prefix}`;
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(dir);
  } catch {
    return 'does not exist';
  }
  if (!stat.isDirectory()) return 'not a directory (or a symbolic link)';
  const marker = lstatOrNull(path.join(dir, markerName));
  // Recorded, made, then killed before its marker: empty, it is still ours to remove.
  if (marker === null) return madeButUnmarked(dir, prefix) ? null : `has no ${markerName} marker`;
  if (marker.isFile() && (markerUid === undefined || marker.uid === markerUid)) return null;
  return markerUid === undefined ? `has no ${markerName} marker` : `its ${markerName} marker is not a file of uid ${markerUid}`;
}

/** The file's own lstat, or null where there is none (or it cannot be read). */
export function lstatOrNull(file: string): fs.Stats | null {
  try {
    return fs.lstatSync(file);
  } catch {
    return null;
  }
}
