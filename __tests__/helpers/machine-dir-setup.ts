import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { MACHINE_DIR_ENV } from '../../src/machine/place.js';

// Tests profile for real, and every profile keeps its ledger record in the machine directory
// (/run/lock/disk-profiler by default) for an hour after it ends. Each test file gets a directory of its
// own, shaped as /run/lock's (root's, world-writable, sticky, so `runner` and `svcrunner` use it too), and
// removes it with any per-uid fallbacks beside it: the machine's directory is left as found. Tests of the
// default place, or of several profiles sharing one directory, set or delete the variable themselves.
if (process.env[MACHINE_DIR_ENV] === undefined) {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'dp-test-machine-'));
  chmodSync(parent, 0o755);
  const dir = path.join(parent, 'disk-profiler');
  mkdirSync(dir);
  chmodSync(dir, 0o1777);
  process.env[MACHINE_DIR_ENV] = dir;
  afterAll(() => {
    delete process.env[MACHINE_DIR_ENV];
    rmSync(parent, { recursive: true, force: true });
  });
}
