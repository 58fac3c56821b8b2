/**
 * What of a ledger record of ours may be acted on. The record's file is ours (ledger.ts isOurs), but
 * its values still reach root's sysctl writes, umount and rm -rf, so each is held against what this
 * project itself writes there: vm.dirty_* within sane ranges, directories of the project's own naming
 * (util/owned-dir.ts ownedDirName's random hex after the prefix; earlier versions' mkdtemp six characters
 * and the experiments' sudo fallback's `<pid>-<ms>`), owned by the record's uid, holding the marker written
 * when they were made (or, recorded and made but killed before it, empty), with no symlink anywhere on the way.
 * IO edge (lstat, meminfo).
 */
import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EXPERIMENT_DIR_PREFIX, EXPERIMENT_MARKER } from '../experiment/owned-dirs.js';
import type { DirtyChange } from '../experiment/dirty.js';
import { MARKER_FILE_NAME, PROBE_DIR_PREFIX, PROBE_DIR_SUFFIX } from '../probe/cleanup.js';
import { lstatOrNull, notOwnedReason, ownedSuffixes } from '../util/owned-dir.js';
import { memTotalBytes } from '../sample/parse-meminfo.js';
import { DIRTY_PAIRS, DIRTY_SYSCTLS, inForce, type DirtySysctl } from '../system/dirty-limits.js';
import { MiB } from '../util/units.js';

/** The directories a record may name, one descriptor per kind (suffixes: this version's and earlier versions'). */
export const OWNED_DIR_KINDS = {
  experiment: { prefix: EXPERIMENT_DIR_PREFIX, marker: EXPERIMENT_MARKER, suffix: ownedSuffixes('[A-Za-z0-9]{6}', '\\d+-\\d+') },
  probe: { prefix: PROBE_DIR_PREFIX, marker: MARKER_FILE_NAME, suffix: PROBE_DIR_SUFFIX },
} as const;
export type OwnedDirKind = keyof typeof OWNED_DIR_KINDS;

/**
 * A *_bytes limit below this throttles every writer on the host to a crawl; no runner ships one (the
 * kernel itself accepts two pages). Above the machine's memory it is no limit at all.
 */
export const MIN_DIRTY_BYTES = 1 * MiB;
const RATIO_MAX = 100;

function memoryBytes(): number | null {
  try {
    return memTotalBytes(readFileSync('/proc/meminfo', 'utf8')) ?? null;
  } catch {
    return null;
  }
}

/** What each setting may be put back to, as words for the warning. */
function allowedRange(name: DirtySysctl, memory: number | null): { ok: (v: number) => boolean; words: string } {
  if (name === 'dirty_ratio' || name === 'dirty_background_ratio') return { ok: (v) => v >= 1 && v <= RATIO_MAX, words: `1 to ${RATIO_MAX} (%)` };
  const max = memory ?? Number.MAX_SAFE_INTEGER;
  return { ok: (v) => v >= MIN_DIRTY_BYTES && v <= max, words: `${MIN_DIRTY_BYTES} to ${memory ?? 'the machine memory'} bytes` };
}

/** Why a record's vm.dirty_* change must not be put back (a value it would write out of range), or null. */
export function dirtyRefusal(change: DirtyChange, memory = memoryBytes()): string | null {
  for (const name of DIRTY_SYSCTLS) {
    const v = change.saved[name];
    if (!Number.isSafeInteger(v) || v < 0) return `vm.${name}=${v} recorded as the value before, which is no setting (allowed: a whole number, 0 or more)`;
  }
  for (const name of ['dirty_bytes', 'dirty_background_bytes'] as const) {
    const v = change.set[name];
    if (!Number.isSafeInteger(v) || v < 0) return `vm.${name}=${v} recorded as what was set, which is no setting (allowed: a whole number, 0 or more)`;
  }
  // Only the member of each pair in force is written back.
  for (const pair of DIRTY_PAIRS) {
    const [name, value] = inForce(change.saved, pair);
    const range = allowedRange(name, memory);
    if (!range.ok(value)) return `vm.${name}=${value} recorded as the value before is out of range (allowed: ${range.words})`;
  }
  return null;
}

/** Each component of `dir` from the root, lstat'd: the first that is a symlink (or missing), or null. */
function symlinkOnTheWay(dir: string): string | null {
  let at = path.parse(dir).root;
  for (const part of dir.slice(at.length).split(path.sep).filter(Boolean)) {
    at = path.join(at, part);
    if (lstatSync(at).isSymbolicLink()) return at;
  }
  return null;
}

/**
 * Why a directory a record names must not be touched, or null when it may be removed: 'does not
 * exist' when it is gone (nothing to do).
 */
export function ownedDirRefusal(dir: string, kind: OwnedDirKind, uid: number): string | null {
  const k = OWNED_DIR_KINDS[kind];
  if (!path.isAbsolute(dir) || path.normalize(dir) !== dir) return 'not an absolute, normalised path';
  const name = path.basename(dir);
  if (!name.startsWith(k.prefix) || !k.suffix.test(name.slice(k.prefix.length))) return `not named ${k.prefix}… as the profiler names its ${kind} directories`;
  try {
    const link = symlinkOnTheWay(dir);
    if (link) return `${link} on its way is a symbolic link`;
    const s = lstatSync(dir);
    if (!s.isDirectory()) return 'not a directory';
    if (s.uid !== uid) return `owned by uid ${s.uid}, not by the record's uid ${uid}`;
    return notOwnedReason(dir, k.prefix, k.marker, uid);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' && lstatOrNull(dir) === null ? 'does not exist' : (error as Error).message;
  }
}
