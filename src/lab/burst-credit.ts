/**
 * A burst-credit volume (gp2, small Azure premium tiers): the lab's own controller, a small shell
 * process that watches the device's sectors written in /proc/diskstats and lowers its blkio write
 * cap from the burst rate to the baseline once the credit (a budget of bytes) is spent. It counts
 * from its start, so each setup begins with a full credit; the cleanup stack stops it and lifts the
 * cap (throttleDevice's own undo), also on failure and SIGINT/SIGTERM. Its command line carries the
 * lab dir, so the machine-state check sees one left running.
 */
import { spawn } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { throttleDevice } from './blkio.js';
import type { CleanupStack } from './cleanup.js';
import { BLKIO_ROOT } from './paths.js';

const SECTOR_BYTES = 512;

/** Reads /proc/diskstats with the shell's own `read` (no process per poll). Field 10 is sectors written. */
const CONTROLLER = `#!/bin/sh
# usage: burst-controller.sh DEVNAME MAJ:MIN BUDGET_SECTORS BASELINE_BYTES_PER_S THROTTLE_FILE
dev=$1; num=$2; budget=$3; low=$4; file=$5
written() {
  while read -r _maj _min name _r1 _r2 _r3 _r4 _w1 _w2 sectors _rest; do
    if [ "$name" = "$dev" ]; then echo "$sectors"; return; fi
  done < /proc/diskstats
  echo 0
}
start=$(written)
while :; do
  now=$(written)
  if [ $((now - start)) -ge "$budget" ]; then
    echo "$num $low" > "$file"
    exit 0
  fi
  sleep 0.05
done
`;

export interface BurstController {
  pid: number;
  /** Whether the controller has exited (the credit spent and the cap lowered). */
  spent: () => boolean;
}

export function startBurstCredit(
  cleanup: CleanupStack,
  opts: { dir: string; device: string; devNumber: string; budgetBytes: number; burstBytesPerSecond: number; baselineBytesPerSecond: number },
): BurstController {
  throttleDevice(cleanup, opts.devNumber, 'blkio.throttle.write_bps_device', opts.burstBytesPerSecond);
  const script = path.join(opts.dir, 'burst-controller.sh');
  writeFileSync(script, CONTROLLER);
  chmodSync(script, 0o755);
  const child = spawn(
    'sh',
    [
      script,
      path.basename(opts.device),
      opts.devNumber,
      String(Math.ceil(opts.budgetBytes / SECTOR_BYTES)),
      String(Math.round(opts.baselineBytesPerSecond)),
      path.join(BLKIO_ROOT, 'blkio.throttle.write_bps_device'),
    ],
    { stdio: 'ignore', detached: true },
  );
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not start the burst-credit controller');
  let exited = child.exitCode !== null || child.signalCode !== null;
  const done = new Promise<void>((resolve) => {
    if (exited) resolve();
    else
      child.once('exit', () => {
        exited = true;
        resolve();
      });
  });
  const kill = () => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone (the credit was spent).
    }
  };
  cleanup.push(
    `stop the burst-credit controller (sh ${pid})`,
    async () => {
      kill();
      await done;
    },
    kill,
  );
  return { pid, spent: () => exited };
}
