/**
 * A machine directory of the tools' own. Every profile keeps its ledger record in the machine directory
 * (/run/lock/disk-profiler by default) for an hour after it ends, so that a later profile can name it; the
 * lab, the bench, the demo and the tests profile many times over, and would leave the machine's own
 * directory full of their records. They set DISK_PROFILER_MACHINE_DIR to a directory shaped as /run/lock's
 * (root's parent, the directory world-writable and sticky, so `runner` and `svcrunner` use it too), which
 * every profile they start inherits, and remove it when done: the machine's directory is left as found.
 * Where the variable is set already (a test of several profiles sharing one, a caller's choice), it is kept.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MACHINE_DIR_ENV } from '../../src/machine/place.js';

/** Sets the variable to a fresh directory; the returned function removes it (and any per-uid fallback beside it) and unsets the variable. */
export function useOwnMachineDir(prefix: string): () => void {
  if (process.env[MACHINE_DIR_ENV] !== undefined) return () => {};
  const parent = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(parent, 0o755);
  const dir = path.join(parent, 'disk-profiler');
  mkdirSync(dir);
  chmodSync(dir, 0o1777);
  process.env[MACHINE_DIR_ENV] = dir;
  return () => {
    if (process.env[MACHINE_DIR_ENV] === dir) delete process.env[MACHINE_DIR_ENV];
    rmSync(parent, { recursive: true, force: true });
  };
}
