/**
 * Who a process is, in a way a reused pid cannot fake: its pid and its start time (field 22 of
 * /proc/<pid>/stat, clock ticks since boot). A record naming a pid whose start time differs belongs
 * to a process that is gone. IO edge.
 */
import { readFileSync } from 'node:fs';

export interface ProcessIdentity {
  pid: number;
  /** Null where /proc is missing: then only the pid is checked. */
  startTicks: number | null;
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

export function ownIdentity(): ProcessIdentity {
  return { pid: process.pid, startTicks: processStartTicks(process.pid) };
}

/** Whether the process a record names is still the one running under that pid. */
export function isAlive(who: ProcessIdentity): boolean {
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
