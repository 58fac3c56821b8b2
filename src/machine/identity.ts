/**
 * Who a process is, in a way a reused pid cannot fake: its pid and its start time (field 22 of
 * /proc/<pid>/stat, clock ticks since boot). A record naming a pid whose start time differs belongs
 * to a process that is gone. IO edge.
 */
import { readFileSync, readlinkSync } from 'node:fs';
import { processIds } from '../system/privilege.js';

export interface ProcessIdentity {
  pid: number;
  /** Null where /proc is missing: then only the pid is checked. */
  startTicks: number | null;
  /** The pid namespace (`pid:[4026531836]`): a pid means nothing in another one (a container sharing the host's /tmp). */
  pidNamespace?: string;
}

function ownPidNamespace(): string | undefined {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat, or null when the process does not exist (or there is no /proc). */
export function processStartTicks(pid: number, procRoot = '/proc'): number | null {
  let text: string;
  try {
    text = readFileSync(`${procRoot}/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // comm may hold spaces and parentheses: fields are counted from the last ')'.
  const rest = text
    .slice(text.lastIndexOf(')') + 1)
    .trim()
    .split(/\s+/);
  const value = Number(rest[22 - 3]);
  return Number.isFinite(value) ? value : null;
}

/** This process's uid: whose files in the machine directory it may trust and act on (0 where there are no uids). */
export function ownUid(): number {
  return processIds().uid;
}

export function ownIdentity(): ProcessIdentity {
  const ns = ownPidNamespace();
  return { pid: process.pid, startTicks: processStartTicks(process.pid), ...(ns ? { pidNamespace: ns } : {}) };
}

/** Whether a record's pid can be checked from here (same pid namespace, or none recorded). */
export function sameNamespace(who: ProcessIdentity): boolean {
  return who.pidNamespace === undefined || who.pidNamespace === ownPidNamespace();
}

/**
 * Whether the process a record names is still the one running under that pid. A process of another
 * pid namespace cannot be looked up: it counts as alive (see ledger.ts isDead for when that is decided otherwise).
 */
export function isAlive(who: ProcessIdentity): boolean {
  if (!sameNamespace(who)) return true;
  try {
    process.kill(who.pid, 0);
  } catch (error) {
    // EPERM: alive, another user's.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (who.startTicks === null) return true;
  const now = processStartTicks(who.pid);
  return now === null || now === who.startTicks;
}
