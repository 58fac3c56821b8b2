// The kernel side of device resolution, on real restores (root): a restore into an overlay whose
// upper layer is on a loop device is measured on that loop device, and a restore whose paths span
// two loop devices samples both and is judged on the one that got most of its bytes.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CleanupStack } from '../../src/system/cleanup.js';
import { createLoopDisk, type LoopDisk } from '../../tools/lab/loop-disk.js';
import { withoutWorkflowCommands } from '../../tools/lab/quiet.js';
import { run } from '../../src/system/sys.js';
import { runProfile } from '../../src/pipeline/run-profile.js';
import type { Profile } from '../../src/profile/schema.js';
import { cacheClientEnv, seedCache, startLocalServices, withEnv, type LocalServices } from '../../tools/services/index.js';
import { MiB } from '../../src/util/units.js';
import { commandExists, isRoot, prerequisite } from '../helpers/prerequisites.js';
import { profileConfig } from '../helpers/profile-config.js';
import { copyPackages, removeDirs, tempDir } from '../helpers/tree.js';

const overlayfs = (() => {
  try {
    return /\toverlay$/m.test(readFileSync('/proc/filesystems', 'utf8'));
  } catch {
    return false;
  }
})();
const canRun =
  prerequisite('root (loop devices, mounts)', isRoot) &&
  prerequisite('losetup, mkfs.ext4 and mount', commandExists('losetup') && commandExists('mkfs.ext4') && commandExists('mount')) &&
  prerequisite('overlayfs in /proc/filesystems', overlayfs);

let services: LocalServices;
let root: string;
let upperDisk: LoopDisk;
let diskA: LoopDisk;
let diskB: LoopDisk;
const cleanup = new CleanupStack();

/** Bytes a device wrote over extraction and the writeback tail. */
function writtenOn(p: Profile, name: string): number {
  const i = p.devices.findIndex((d) => d.name === name);
  let sectors = 0;
  for (const phase of p.phases.filter((x) => x.name === 'extract' || x.name === 'writeback')) {
    const a = phase.start.disks[i];
    const b = phase.end.disks[i];
    if (a && b) sectors += b.sectorsWritten - a.sectorsWritten;
  }
  return sectors * 512;
}

async function profile(label: string, workspace: string, paths: string[], key: string): Promise<Profile> {
  const runnerTemp = path.join(root, `temp-${label}`);
  mkdirSync(runnerTemp);
  const config = profileConfig({ label, workspace, runnerTemp, paths, primaryKey: key, failOnCacheMiss: true, writebackTimeoutMs: 60_000 });
  const env = cacheClientEnv(services, { workspace, tempDir: runnerTemp });
  const p = await withoutWorkflowCommands(() => withEnv(env, () => runProfile(config, { log: () => {}, warn: () => {} })));
  expect(p.restore?.cacheHit).toBe(true);
  return p;
}

beforeAll(async () => {
  if (!canRun) return;
  services = await startLocalServices();
  root = await tempDir('devices-under');
  for (const d of ['upper', 'a', 'b', 'lower', 'seed-temp']) mkdirSync(path.join(root, d));
  upperDisk = createLoopDisk(cleanup, { dir: path.join(root, 'upper'), sizeBytes: 512 * MiB });
  diskA = createLoopDisk(cleanup, { dir: path.join(root, 'a'), sizeBytes: 512 * MiB });
  diskB = createLoopDisk(cleanup, { dir: path.join(root, 'b'), sizeBytes: 512 * MiB });

  // The overlay cache: real packages under deps/, relative to the workspace.
  const source = path.join(root, 'source');
  await copyPackages(path.join(source, 'deps'), ['tar', '@actions/core']);
  await withoutWorkflowCommands(() => seedCache({ services, paths: ['deps'], key: 'overlay-1', workspace: source, tempDir: path.join(root, 'seed-temp') }));

  // The two-disk cache: absolute paths, one on each disk (more bytes on A), saved then removed so the
  // restore writes them back where they were.
  await copyPackages(path.join(diskA.mountPoint, 'big'), ['typescript']);
  await copyPackages(path.join(diskB.mountPoint, 'small'), ['tar']);
  const twoPaths = [path.join(diskA.mountPoint, 'big'), path.join(diskB.mountPoint, 'small')];
  await withoutWorkflowCommands(() => seedCache({ services, paths: twoPaths, key: 'two-disks-1', workspace: source, tempDir: path.join(root, 'seed-temp') }));
  for (const p of twoPaths) rmSync(p, { recursive: true });
  run('sync', []);
}, 120_000);

afterAll(async () => {
  await cleanup.runAll();
  await services?.stop();
  await removeDirs(root);
});

describe.runIf(canRun)('devices under a real restore', () => {
  it('a restore into an overlay is measured on the disk under its upper layer', async () => {
    const merged = path.join(root, 'merged');
    mkdirSync(merged);
    mkdirSync(path.join(upperDisk.mountPoint, 'upper'));
    mkdirSync(path.join(upperDisk.mountPoint, 'work'));
    run('mount', [
      '-t',
      'overlay',
      'overlay',
      '-o',
      `lowerdir=${path.join(root, 'lower')},upperdir=${path.join(upperDisk.mountPoint, 'upper')},workdir=${path.join(upperDisk.mountPoint, 'work')}`,
      merged,
    ]);
    cleanup.push(`unmount ${merged}`, () => void run('umount', [merged]));
    const workspace = path.join(merged, 'ws');
    mkdirSync(workspace);

    const p = await profile('overlay', workspace, ['deps'], 'overlay-1');
    const loop = path.basename(upperDisk.device);
    expect(p.context.fileSystems[0]).toMatchObject({ fsType: 'overlay', resolution: { method: 'overlay-upper', devNumber: upperDisk.devNumber } });
    expect(p.context.noBlockDeviceReason).toBeUndefined();
    expect(p.devices.find((d) => d.primary)?.name).toBe(loop);
    // What the loop device wrote is the restore's files (plus ext4's metadata and journal).
    const extracted = p.restore?.anatomy?.extractedBytes ?? 0;
    const written = writtenOn(p, loop);
    console.log(`overlay: restored ${extracted} B, ${loop} wrote ${written} B`);
    expect(extracted).toBeGreaterThan(1 * MiB);
    expect(written).toBeGreaterThanOrEqual(0.9 * extracted);
    expect(written).toBeLessThan(2 * extracted + 16 * MiB);
    expect(p.verdict?.phases.length).toBeGreaterThan(0);
  });

  it('a restore whose paths span two disks samples both and is judged on the one that got most bytes', async () => {
    const workspace = path.join(root, 'ws-two');
    mkdirSync(workspace);
    const paths = [path.join(diskA.mountPoint, 'big'), path.join(diskB.mountPoint, 'small')];
    const p = await profile('two-disks', workspace, paths, 'two-disks-1');
    const a = path.basename(diskA.device);
    const b = path.basename(diskB.device);
    const tops = p.devices.filter((d) => d.topFor?.includes('restore-path')).map((d) => d.name);
    expect(tops.sort()).toEqual([a, b].sort());
    // Both sampled: every snapshot has counters for both.
    for (const name of [a, b]) {
      const i = p.devices.findIndex((d) => d.name === name);
      expect(p.samples.snapshots.every((s) => s.disks[i] !== null)).toBe(true);
      expect(writtenOn(p, name)).toBeGreaterThan(256 * 1024);
    }
    const primary = p.devices.find((d) => d.primary);
    expect(primary?.name).toBe(a);
    expect(primary?.primaryBecause).toMatch(/restored files' bytes under its paths/);
    expect(writtenOn(p, a)).toBeGreaterThan(writtenOn(p, b));
    expect(p.verdict?.devices?.map((d) => d.device).sort()).toEqual([a, b].sort());
  });
});
