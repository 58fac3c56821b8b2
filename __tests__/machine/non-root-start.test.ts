// Issue 38: a root-owned ledger record that ended over an hour ago (root's tests and lab leave them in
// the shared directory) must not fail a non-root main step on that host: the record cannot be pruned
// by another user in a sticky directory, so it is skipped. The machine's start runs for real as uid
// 65534 (setpriv), from a bundle of the action's own machine code.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { LEDGER_KEEP_MS, type LedgerRecord, writeRecord } from '../../src/machine/ledger.js';
import { MACHINE_DIR_ENV } from '../../src/machine/place.js';
import { commandExists, isRoot, prerequisite } from '../helpers/prerequisites.js';
import { repoRoot } from '../helpers/tree.js';

const ready = prerequisite('root with setpriv (a non-root user beside root-owned records)', isRoot && commandExists('setpriv'));
const top = mkdtempSync(path.join(os.tmpdir(), 'dp-non-root-'));
chmodSync(top, 0o755);
afterAll(() => rmSync(top, { recursive: true, force: true }));

describe.runIf(ready)('a non-root main beside an old root record', () => {
  it('starts and ends, the record skipped (left as it is)', async () => {
    const machineDir = path.join(top, 'machine');
    execFileSync('mkdir', ['-m', '1777', machineDir]);
    const ended = Date.now() - LEDGER_KEEP_MS - 60_000;
    const record: LedgerRecord = {
      version: 1,
      id: 'root-old',
      owner: { pid: 1, startTicks: 1, label: 'root lab' },
      createdEpochMs: ended - 1000,
      updatedEpochMs: ended,
      endedEpochMs: ended,
      phases: [{ phase: 'restore', startEpochMs: ended - 1000, endEpochMs: ended }],
      experimentDirs: [],
      probeDirs: [],
      dirty: null,
    };
    writeRecord(machineDir, record);
    const script = path.join(top, 'start.mjs');
    await build({
      entryPoints: [path.join(repoRoot, '__tests__/machine/non-root-start.ts')],
      outfile: script,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
    });
    chmodSync(script, 0o644);
    const out = execFileSync('setpriv', ['--reuid', '65534', '--regid', '65534', '--clear-groups', process.execPath, script], {
      encoding: 'utf8',
      env: { ...process.env, [MACHINE_DIR_ENV]: machineDir },
      cwd: top,
    });
    expect(out).toMatch(new RegExp(`^STARTED ${machineDir}\\n`));
    expect(readdirSync(machineDir)).toContain('profile-root-old.json');
  });
});
