/** /proc/<pid>/stat → the CPU-time fields (proc(5)). Pure. */

export interface PidStat {
  pid: number;
  comm: string;
  state: string;
  ppid: number;
  /** Clock ticks (USER_HZ) of this process. */
  utimeTicks: number;
  stimeTicks: number;
  /** Clock ticks of waited-for (reaped) children, including their own reaped children. */
  cutimeTicks: number;
  cstimeTicks: number;
}

/**
 * comm is wrapped in parentheses and may itself contain spaces and parentheses, so the fields
 * after it are found from the LAST ')' in the line.
 */
export function parsePidStat(text: string): PidStat | null {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  const pid = Number(text.slice(0, open).trim());
  const rest = text
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  // rest[0] is field 3 (state); utime is field 14, so rest index 14 - 3 = 11.
  const field = (n: number): number => Number(rest[n - 3]);
  const stat: PidStat = {
    pid,
    comm: text.slice(open + 1, close),
    state: rest[0] ?? '',
    ppid: field(4),
    utimeTicks: field(14),
    stimeTicks: field(15),
    cutimeTicks: field(16),
    cstimeTicks: field(17),
  };
  const numbers = [stat.pid, stat.ppid, stat.utimeTicks, stat.stimeTicks, stat.cutimeTicks, stat.cstimeTicks];
  return numbers.every(Number.isFinite) ? stat : null;
}
