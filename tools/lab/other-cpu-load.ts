/**
 * Another job's CPU load beside the restore: busy loops in a cgroup of their own under a CFS quota,
 * as a neighbouring container held at its CPU limit. Its throttled tasks stay runnable, so they
 * keep machine-wide PSI cpu high (a task waits in every period once the quota is spent) while
 * taking no more than the quota from the restore. Outside every group the restore runs in. Stopped
 * by the cleanup stack (SIGKILL to each loop's process group); their command lines carry LAB_PREFIX,
 * so the machine-state check sees one left running.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CleanupStack } from '../../src/system/cleanup.js';
import { quotaGroup } from './cpu-quota.js';
import { LAB_PREFIX } from './paths.js';

export interface OtherCpuLoad {
  group: string;
  pids: number[];
}

export function startOtherCpuLoad(cleanup: CleanupStack, opts: { processes: number; cores: number }): OtherCpuLoad {
  const group = quotaGroup(cleanup, opts.cores, 'other-load');
  const pids: number[] = [];
  for (let i = 0; i < opts.processes; i++) {
    // Joins the group before it spins: none of its CPU falls outside the quota. $0 names it for the machine-state check.
    const child = spawn('sh', ['-c', `echo $$ > '${path.join(group, 'cgroup.procs')}' && while :; do :; done`, `${LAB_PREFIX}other-cpu-load`], {
      stdio: 'ignore',
      detached: true,
    });
    const pid = child.pid;
    if (pid === undefined) throw new Error('could not start a busy loop for the other CPU load');
    child.unref();
    const exited = new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
    const kill = () => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    cleanup.push(
      `stop the other CPU load (sh ${pid})`,
      async () => {
        kill();
        await exited;
      },
      kill,
    );
    pids.push(pid);
  }
  // The shells join the group as their first act, a moment after spawn: the scenario starts once they have.
  waitForMembers(path.join(group, 'cgroup.procs'), pids);
  return { group, pids };
}

const JOIN_WAIT_MS = 5_000;

function waitForMembers(procsFile: string, pids: readonly number[]): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + JOIN_WAIT_MS;
  for (;;) {
    const members = new Set(readFileSync(procsFile, 'utf8').split('\n').filter(Boolean).map(Number));
    if (pids.every((p) => members.has(p))) return;
    if (Date.now() > deadline) throw new Error(`the other CPU load's busy loops did not join ${procsFile} within ${JOIN_WAIT_MS} ms`);
    Atomics.wait(pause, 0, 0, 10);
  }
}
