/**
 * Another writer on the restore's disk: fio writing buffered 1 MiB blocks at a fixed rate into a
 * bounded file (it wraps around inside 256 MiB, so it cannot fill the disk), as another job step
 * writing logs or artifacts would. Stopped, and its file removed, by the cleanup stack: on normal
 * end, on failure and on SIGINT/SIGTERM (SIGKILL then, synchronously). Its command line carries the
 * lab dir (LAB_PREFIX), so the machine-state check sees one left running.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { CleanupStack } from '../../src/system/cleanup.js';
import { MiB } from '../../src/util/units.js';

const FILE_BYTES = 256 * MiB;
/** A bound in case every cleanup path were missed: fio stops by itself after this. */
const MAX_RUNTIME_S = 1800;

export interface SecondWriter {
  pid: number;
  file: string;
}

export function startSecondWriter(cleanup: CleanupStack, dir: string, bytesPerSecond: number): SecondWriter {
  const file = path.join(dir, 'second-writer.bin');
  cleanup.push(`remove ${file}`, () => rmSync(file, { force: true }));
  const child = spawn(
    'fio',
    [
      '--name=second-writer',
      `--filename=${file}`,
      '--rw=write',
      '--bs=1M',
      `--size=${FILE_BYTES}`,
      `--rate=${bytesPerSecond}`,
      '--ioengine=psync',
      '--time_based',
      `--runtime=${MAX_RUNTIME_S}`,
      // One process: by default fio forks each job, and SIGKILL to the parent left the job
      // writing on (seen in a bench run: three orphans, reparented to init, holding the loop
      // devices). As a thread the job dies with the process.
      '--thread',
      '--output=/dev/null',
    ],
    // Its own process group, so the whole group can be killed whatever fio does.
    { stdio: 'ignore', detached: true },
  );
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not start fio as the second writer');
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const killGroup = () => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  cleanup.push(
    `stop the second writer (fio ${pid})`,
    async () => {
      killGroup();
      await exited;
    },
    killGroup,
  );
  return { pid, file };
}
