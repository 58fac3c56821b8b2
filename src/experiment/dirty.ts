/**
 * vm.dirty_bytes / vm.dirty_background_bytes raised for the page-cache experiment and put back
 * exactly, and only while still ours: the member of each bytes/ratio pair that was in force is written
 * back (system/dirty-limits.ts's inForce, the lab's own write-back) when the value found is still the one
 * we set; a value someone else set meanwhile is left as they set it, and said; a value still as it was
 * before us (our write failed, or never happened) needs nothing. Directly where /proc/sys is writable,
 * else through `sudo sysctl` (system/privilege.ts decides which, or neither).
 */
import { runPrivileged, type Privileges } from '../system/privilege.js';
import { DIRTY_PAIRS, inForce, readDirtySettings, restoreDirtySettings, sysctlPath, type DirtySettings, type DirtySysctl } from '../system/dirty-limits.js';
import { writeText } from '../system/sys.js';
import { bytes } from '../util/format.js';

export { readDirtySettings, type DirtySettings };

/** What the page-cache experiment changed: the settings before, and the values it wrote. */
export interface DirtyChange {
  saved: DirtySettings;
  set: { dirty_bytes: number; dirty_background_bytes: number };
}

function write(privileges: Privileges, name: DirtySysctl, value: number): void {
  if (privileges.sysctl.via === 'root') writeText(sysctlPath(name), String(value));
  else runPrivileged(privileges.sysctl, 'sysctl', ['-q', '-w', `vm.${name}=${value}`]);
}

export type DirtyLimits = { dirtyBytes: number | null; backgroundBytes: number | null };

/** A raise that failed part way: `written` holds the limits that did take (null: not written), so the put-back knows what is ours. */
export class DirtyRaiseError extends Error {
  constructor(
    readonly written: DirtyLimits,
    cause: unknown,
  ) {
    super(`raising vm.dirty_* failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'DirtyRaiseError';
  }
}

/** Writes each limit given (null: left as it is); throws DirtyRaiseError saying which writes took. */
export function raiseDirtyLimits(privileges: Privileges, limits: DirtyLimits): void {
  const written: DirtyLimits = { dirtyBytes: null, backgroundBytes: null };
  try {
    // The limit first: the kernel halves a background figure that is not below the limit.
    if (limits.dirtyBytes !== null) {
      write(privileges, 'dirty_bytes', limits.dirtyBytes);
      written.dirtyBytes = limits.dirtyBytes;
    }
    if (limits.backgroundBytes !== null) {
      write(privileges, 'dirty_background_bytes', limits.backgroundBytes);
      written.backgroundBytes = limits.backgroundBytes;
    }
  } catch (error) {
    throw new DirtyRaiseError(written, error);
  }
}

/** The change record for a raise: a setting left as it is records its own value (set = saved), which put-back skips. */
export function dirtyChangeFor(saved: DirtySettings, limits: DirtyLimits): DirtyChange {
  return {
    saved,
    set: { dirty_bytes: limits.dirtyBytes ?? saved.dirty_bytes, dirty_background_bytes: limits.backgroundBytes ?? saved.dirty_background_bytes },
  };
}

/** Writes back the member of each pair that was in force (unconditionally: for tests and the lab's own settings). */
export function putBackDirtySettings(privileges: Privileges, saved: DirtySettings): void {
  restoreDirtySettings(saved, (name, value) => write(privileges, name, value));
}

/** A setting not put back because it is no longer what we set. */
export interface LeftAlone {
  name: `vm.${DirtySysctl}`;
  /** What we set, what is there now (as a sentence fragment), what it was before us. */
  ourValue: number;
  /** The bytes value found (0: the ratio is in force). */
  foundValue: number;
  found: string;
  before: string;
}

export interface PutBackOutcome {
  putBack: string[];
  leftAlone: LeftAlone[];
}

function describeSetting(s: DirtySettings, b: 'dirty_bytes' | 'dirty_background_bytes', ratio: 'dirty_ratio' | 'dirty_background_ratio'): string {
  return s[b] > 0 ? `vm.${b}=${s[b]} (${bytes(s[b])})` : `vm.${ratio}=${s[ratio]} (vm.${b} unset)`;
}

/**
 * Puts back each pair that still holds the value we set; one still as it was before us needs nothing
 * (our write failed, or a kill came between the record and the write); the rest was changed by
 * someone else: left alone and returned.
 */
export function putBackIfOurs(privileges: Privileges, change: DirtyChange, current: DirtySettings = readDirtySettings()): PutBackOutcome {
  const out: PutBackOutcome = { putBack: [], leftAlone: [] };
  for (const pair of DIRTY_PAIRS) {
    const [b, ratio] = pair;
    // Not raised (it already held the target): nothing of ours to put back.
    if (change.set[b] === change.saved[b]) continue;
    if (current[b] === change.saved[b] && current[ratio] === change.saved[ratio]) continue;
    if (current[b] === change.set[b]) {
      write(privileges, ...inForce(change.saved, pair));
      out.putBack.push(`vm.${b}`);
    } else {
      out.leftAlone.push({
        name: `vm.${b}`,
        ourValue: change.set[b],
        foundValue: current[b],
        found: describeSetting(current, b, ratio),
        before: describeSetting(change.saved, b, ratio),
      });
    }
  }
  return out;
}

/** The report's warning for a setting someone else changed while it was ours. */
export function leftAloneSentence(l: LeftAlone, whose = 'this profile', by = 'someone else'): string {
  const changed = `${l.name} was changed by ${by} while ${whose} had it at ${l.ourValue} (${bytes(l.ourValue)}) for the page-cache experiment`;
  // Set back to what it was before: nothing is left to put back, and the sentence must not offer to.
  if (l.found === l.before) return `${changed}: it is now ${l.found} again, the value it had before, so nothing needed putting back.`;
  return `${changed}: it is now ${l.found}, so it is left as they set it, not put back to ${l.before}.`;
}

export function parseDirtyChange(value: string): DirtyChange | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<DirtyChange>;
    const keys = ['dirty_bytes', 'dirty_background_bytes', 'dirty_ratio', 'dirty_background_ratio'] as const;
    const saved = parsed.saved as Record<string, unknown> | undefined;
    const set = parsed.set as Record<string, unknown> | undefined;
    if (!saved || !set || !keys.every((k) => typeof saved[k] === 'number')) return null;
    if (typeof set.dirty_bytes !== 'number' || typeof set.dirty_background_bytes !== 'number') return null;
    return parsed as DirtyChange;
  } catch {
    return null;
  }
}
