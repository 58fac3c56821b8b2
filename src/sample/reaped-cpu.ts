/**
 * CPU time of this process's reaped children, from /proc/self/stat's cutime and cstime (IO edge).
 *
 * When a child is waited for, the kernel adds its utime and stime to the parent's cutime and cstime,
 * together with the cutime and cstime of the children it waited for itself: read before a child is
 * started and after it is reaped, the difference is the CPU of that child and of every descendant it
 * reaped (tar's includes the unzstd it ran). Any other child of this process reaped in between is
 * counted too, so callers run the children they measure this way one at a time (the experiments do).
 */
import { parsePidStat } from './parse-pid-stat.js';
import { USER_HZ } from './phase-summary.js';
import { readText } from './read-file.js';

/** cutime + cstime of this process in milliseconds (10 ms steps at USER_HZ 100); null without /proc. */
export function reapedChildrenCpuMs(procRoot = '/proc'): number | null {
  const stat = parsePidStat(readText(`${procRoot}/self/stat`) ?? '');
  return stat ? ((stat.cutimeTicks + stat.cstimeTicks) / USER_HZ) * 1000 : null;
}
