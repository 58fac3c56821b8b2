// The kernel side of attribution, against a real restore onto a throttled loop device (root):
// earlier steps' dirty pages are flushed before the lookup and do not change the tail; with the
// archive's temp dir on another disk the tail ends when the restore's own file system is on disk;
// and the archive's pages are dropped unwritten, as restoreCache's delete drops them.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttleDevice } from '../../tools/lab/blkio.js';
import { CleanupStack } from '../../src/system/cleanup.js';
import { createLoopDisk, type LoopDisk } from '../../tools/lab/loop-disk.js';
import { withoutWorkflowCommands } from '../../tools/lab/quiet.js';
import { runProfile } from '../../src/pipeline/run-profile.js';
import type { Profile } from '../../src/profile/schema.js';
import { sayAttribution } from '../../src/report/say/attribution.js';
import { cacheClientEnv, seedCache, startLocalServices, withEnv, type LocalServices } from '../../tools/services/index.js';
import { MiB } from '../../src/util/units.js';
import { commandExists, isRoot, prerequisite } from '../helpers/prerequisites.js';
import { profileConfig } from '../helpers/profile-config.js';
import { copyPackages, removeDirs, tempDir } from '../helpers/tree.js';
import { setDirtyBudget } from '../helpers/dirty-budget.js';

const canRun =
  prerequisite('root (loop devices, blkio throttles)', isRoot) && prerequisite('losetup and mkfs.ext4', commandExists('losetup') && commandExists('mkfs.ext4'));
const PATHS = ['deps'];
const KEY = 'attribution-1';
/** Slow enough that the tail is seconds long, fast enough that 1 GiB flushes in about 10 s. */
const WRITE_BYTES_PER_SECOND = 100 * MiB;

let services: LocalServices;
let root: string;
let disk: LoopDisk;
const cleanup = new CleanupStack();

beforeAll(async () => {
  if (!canRun) return;
  // 1 GiB left dirty must stay dirty until the profile starts, whatever budget another job left on this machine.
  cleanup.push('put vm.dirty_* back', setDirtyBudget());
  services = await startLocalServices();
  root = await tempDir('attribution');
  const source = path.join(root, 'source');
  // Real installed packages: about 26 MB in ~1,000 files.
  await copyPackages(path.join(source, 'deps'), ['typescript', 'tar', '@actions/core']);
  mkdirSync(path.join(root, 'seed-temp'));
  await withoutWorkflowCommands(() => seedCache({ services, paths: PATHS, key: KEY, workspace: source, tempDir: path.join(root, 'seed-temp') }));
  disk = createLoopDisk(cleanup, { dir: root, sizeBytes: 3 * 1024 * MiB });
  throttleDevice(cleanup, disk.devNumber, 'blkio.throttle.write_bps_device', WRITE_BYTES_PER_SECOND);
});

afterAll(async () => {
  await cleanup.runAll();
  await services?.stop();
  await removeDirs(root);
});

let run = 0;
async function profile(opts: { runnerTempOnLoop: boolean; before?: (workspace: string) => void }): Promise<Profile> {
  run++;
  const workspace = path.join(disk.mountPoint, `ws-${run}`);
  const runnerTemp = opts.runnerTempOnLoop ? path.join(disk.mountPoint, `temp-${run}`) : path.join(root, `temp-${run}`);
  mkdirSync(workspace);
  mkdirSync(runnerTemp);
  opts.before?.(workspace);
  const config = profileConfig({
    label: `attribution-${run}`,
    workspace,
    runnerTemp,
    paths: PATHS,
    primaryKey: KEY,
    failOnCacheMiss: true,
    writebackTimeoutMs: 120_000,
  });
  const env = cacheClientEnv(services, { workspace, tempDir: runnerTemp });
  const p = await withoutWorkflowCommands(() => withEnv(env, () => runProfile(config, { log: () => {}, warn: () => {} })));
  expect(p.restore?.cacheHit).toBe(true);
  return p;
}

const phaseMs = (p: Profile, name: string) => {
  const x = p.phases.find((q) => q.name === name);
  return x ? x.endMs - x.startMs : NaN;
};

describe.runIf(canRun)('attribution on a real restore', () => {
  it('1 GiB left dirty by an earlier step on the same file system is flushed first and does not change the tail', async () => {
    const clean = await profile({ runnerTempOnLoop: false });
    const dirty = await profile({
      runnerTempOnLoop: false,
      // An earlier step's output, written and not synced (below the default dirty thresholds of this machine).
      before: (workspace) => writeFileSync(path.join(workspace, 'earlier-step.bin'), Buffer.alloc(1024 * MiB, 7)),
    });
    console.log(
      `tail clean ${phaseMs(clean, 'writeback')} ms, with 1 GiB of others' dirty pages ${phaseMs(dirty, 'writeback')} ms; pre-flush wrote ${dirty.preflush?.deviceWrittenBytes} B in ${dirty.preflush?.durationMs} ms`,
    );
    expect(Math.abs(phaseMs(dirty, 'writeback') - phaseMs(clean, 'writeback'))).toBeLessThan(1000);
    // The earlier step's gigabyte went to disk before the lookup, outside the restore's time.
    expect(dirty.preflush?.deviceWrittenBytes).toBeGreaterThanOrEqual(1000 * MiB);
    // Said as the formatter says it: 1000-1023 MiB where background writeback took a little before the pre-flush.
    expect(sayAttribution(dirty.verdict?.attribution).join(' ')).toMatch(/Earlier steps' dirty pages: (1(\.\d+)? GiB|10[0-2]\d MiB) written/);
    // And it is not in what the disk wrote for the restore.
    const deviceBytes = dirty.verdict?.attribution?.deviceWrittenBytes ?? Infinity;
    expect(deviceBytes).toBeLessThan(300 * MiB);
  });

  it('with the archive temp dir on another disk, the tail ends when syncfs of the restore path returns', async () => {
    const p = await profile({ runnerTempOnLoop: false });
    const tailMs = phaseMs(p, 'writeback');
    const sync = p.writebackTail?.syncs.find((s) => s.mountPoint.startsWith(disk.mountPoint));
    expect(sync?.returned).toBe(true);
    expect(Math.abs(tailMs - (sync?.durationMs ?? Infinity))).toBeLessThan(500);
    // Independent check that it did not end early: the restore's file system owes nothing afterwards.
    const started = process.hrtime.bigint();
    execFileSync('sync', ['-f', disk.mountPoint]);
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(500);
    // ...nor late: the restore's own bytes at the throttle's rate bound the tail from above.
    const own = p.verdict?.attribution?.ownWrittenBytes ?? 0;
    expect(tailMs).toBeLessThan(((own * 1.5) / WRITE_BYTES_PER_SECOND) * 1000 + 2000);
  });

  it("the archive's pages are never written: deleted dirty right after extraction", async () => {
    const p = await profile({ runnerTempOnLoop: true });
    const archiveBytes = p.restore?.archiveBytes ?? 0;
    const cancelled = p.verdict?.attribution?.ownCancelledBytes ?? 0;
    console.log(`archive ${archiveBytes} B, dropped unwritten ${cancelled} B`);
    expect(archiveBytes).toBeGreaterThan(1 * MiB);
    expect(cancelled).toBeGreaterThanOrEqual(archiveBytes * 0.95);
  });
});
