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

/**
 * null for anything but three numbers, and for "0 0 0": a kernel with sched_info switched off
 * (before 5.14, CONFIG_TASK_DELAY_ACCT without delayacct) prints that for every task, and a task
 * that tar or zstd ever was has run.
 */
export function parsePidSchedstat(text: string): PidSchedstat | null {
  const fields = text.trim().split(/\s+/).map(Number);
  if (fields.length !== 3 || !fields.every((n) => Number.isFinite(n) && n >= 0)) return null;
  const [runNs, runDelayNs, timeslices] = fields as [number, number, number];
  if (runNs === 0 && runDelayNs === 0 && timeslices === 0) return null;
  return { runNs, runDelayNs, timeslices };
}
