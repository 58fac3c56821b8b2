/**
 * A burst-credit volume (gp2, small Azure premium tiers): the lab's own controller, a small bash
 * process that watches the device's sectors written (/sys/block/<dev>/stat) and lowers its blkio
 * write cap from the burst rate to the baseline once the credit (a budget of bytes) is spent. It
 * counts from its start, so each setup begins with a full credit; the cleanup stack stops it and lifts
 * the cap (throttleDevice's own undo), also on failure and SIGINT/SIGTERM. Its command line carries
 * the lab dir, so the machine-state check sees one left running.
 *
 * A provider's credit accounting is exact; the controller has to be too, or each run gets a different
 * credit. The first one polled /proc/diskstats every 50 ms through `sleep` (a fork each time) at the
 * default priority: on the loaded 2-vCPU VM it lowered the cap 48 to ~80 MiB into the burst instead
 * of at 48 (the lab bench's burst-credit runs, 2026-11-24: plain restores of the same setup 2.14 and
 * 2.72 s). Now it reads the one device's stat line, sleeps with bash's builtin `read -t` (no fork, as printf -v),
 * for half the time the rest of the credit takes at the burst rate (2-50 ms), at a raised priority,
 * so it overshoots by at most ~2 ms of burst.
 */
import { spawn } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { throttleDevice } from './blkio.js';
import type { CleanupStack } from '../../src/system/cleanup.js';
import { BLKIO_ROOT } from './paths.js';

const SECTOR_BYTES = 512;

/** Field 7 of /sys/block/<dev>/stat is sectors written. `read -t` on an idle pipe is a sleep without a fork. */
const CONTROLLER = `#!/bin/bash
# usage: burst-controller.sh STAT_FILE MAJ:MIN BUDGET_SECTORS BASELINE_BYTES_PER_S THROTTLE_FILE BURST_BYTES_PER_S
stat=$1; num=$2; budget=$3; low=$4; file=$5; burst=$6
exec 3<> <(:)
read -r _ _ _ _ _ _ start _ < "$stat"
while :; do
  read -r _ _ _ _ _ _ now _ < "$stat"
  left=$((budget - (now - start)))
  if [ "$left" -le 0 ]; then
    echo "$num $low" > "$file"
    exit 0
  fi
  ms=$((left * 512 * 1000 / burst / 2))
  if [ "$ms" -lt 2 ]; then ms=2; elif [ "$ms" -gt 50 ]; then ms=50; fi
  printf -v pause '0.%03d' "$ms"
  read -r -t "$pause" -u 3 _ || :
done
`;

/** The controller's own priority: a provider's meter is never late for the guest's load. */
const CONTROLLER_NICE = -10;

export interface BurstController {
  pid: number;
  /** Whether the controller has exited (the credit spent and the cap lowered). */
  spent: () => boolean;
}

export interface BurstControllerFiles {
  /** Where the script is written (the scenario's dir: it shows on the command line). */
  dir: string;
  /** The device's stat file (/sys/block/<dev>/stat), or a stand-in in tests. */
  statFile: string;
  devNumber: string;
  budgetBytes: number;
  burstBytesPerSecond: number;
  baselineBytesPerSecond: number;
  /** The blkio write_bps_device file it writes the baseline into, or a stand-in in tests. */
  throttleFile: string;
}

/** Starts the controller script alone (no cap set): the logic the tests drive with stand-in files. */
export function spawnBurstController(cleanup: CleanupStack, opts: BurstControllerFiles): BurstController {
  const script = path.join(opts.dir, 'burst-controller.sh');
  writeFileSync(script, CONTROLLER);
  chmodSync(script, 0o755);
  const child = spawn(
    'bash',
    [
      script,
      opts.statFile,
      opts.devNumber,
      String(Math.ceil(opts.budgetBytes / SECTOR_BYTES)),
      String(Math.round(opts.baselineBytesPerSecond)),
      opts.throttleFile,
      String(Math.round(opts.burstBytesPerSecond)),
    ],
    { stdio: 'ignore', detached: true },
  );
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not start the burst-credit controller');
  try {
    os.setPriority(pid, CONTROLLER_NICE);
  } catch {
    // Not root (tests): the default priority still runs the logic.
  }
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
    `stop the burst-credit controller (bash ${pid})`,
    async () => {
      kill();
      await done;
    },
    kill,
  );
  return { pid, spent: () => exited };
}

export function startBurstCredit(
  cleanup: CleanupStack,
  opts: { dir: string; device: string; devNumber: string; budgetBytes: number; burstBytesPerSecond: number; baselineBytesPerSecond: number },
): BurstController {
  throttleDevice(cleanup, opts.devNumber, 'blkio.throttle.write_bps_device', opts.burstBytesPerSecond);
  return spawnBurstController(cleanup, {
    dir: opts.dir,
    statFile: path.join('/sys/block', path.basename(opts.device), 'stat'),
    devNumber: opts.devNumber,
    budgetBytes: opts.budgetBytes,
    burstBytesPerSecond: opts.burstBytesPerSecond,
    baselineBytesPerSecond: opts.baselineBytesPerSecond,
    throttleFile: path.join(BLKIO_ROOT, 'blkio.throttle.write_bps_device'),
  });
}
