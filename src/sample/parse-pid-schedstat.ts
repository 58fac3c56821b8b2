/**
 * /proc/<pid>/schedstat → the task's CPU time and its run-queue wait (kernel/sched/stats.h, sched_info):
 * "sum_exec_runtime run_delay pcount", nanoseconds and a count. run_delay is the time the task spent
 * runnable but not running, exact per task: waiting behind other tasks on its CPU, and, under a CFS
 * quota, held back by the throttle (checked on this project's 6.18 kernel: a busy loop under a 10 %
 * quota ran 0.40 s and waited 3.63 s of 4 s, with 2.18 s of it throttled). Pure.
 */

export interface PidSchedstat {
  runNs: number;
  runDelayNs: number;
  timeslices: number;
}

/** null for anything but three numbers. */
export function parsePidSchedstat(text: string): PidSchedstat | null {
  const fields = text.trim().split(/\s+/).map(Number);
  if (fields.length !== 3 || !fields.every((n) => Number.isFinite(n) && n >= 0)) return null;
  const [runNs, runDelayNs, timeslices] = fields as [number, number, number];
  return { runNs, runDelayNs, timeslices };
}

/**
 * Whether a reading counts: a kernel with sched_info switched off (before 5.14, CONFIG_TASK_DELAY_ACCT
 * without delayacct) prints "0 0 0" for every task, so zero timeslices from a task that has used CPU
 * say nothing. A task that has not run yet (just forked: the lab's bench caught a tar at 0 ticks) has
 * truly waited nothing that is counted.
 */
export function schedstatCounts(s: PidSchedstat, cpuTicks: number): boolean {
  return s.timeslices > 0 || cpuTicks === 0;
}
