// Extraction faults through the bundled action: a truncated archive, a read-only restore path, and a
// small loop-mounted file system that fills up (then the probes must refuse it and leave nothing).
// The summary must say what was extracted and what failed, in tar's and zstd's own words.
import { readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServices, type LocalServices } from '../../tools/services/index.js';
import { copyPackages, removeDirs, tempDir } from '../helpers/tree.js';
import { commandExists, isRoot, prerequisite } from '../helpers/prerequisites.js';
import { buildDist, leftoverProbeDirs, makeArchive, makeLoopFs, makeReadOnly, runFault, seedArchiveBytes } from '../helpers/action-harness.js';

let services: LocalServices;
let root: string;
let smallArchive: Buffer;
const canMount = prerequisite('root with mount, losetup and mkfs.ext4', isRoot && commandExists('losetup') && commandExists('mkfs.ext4'));

beforeAll(async () => {
  buildDist();
  services = await startLocalServices();
  root = await tempDir('faults-archive');
  const source = path.join(root, 'source');
  await copyPackages(path.join(source, 'node_modules'), ['tar', '@actions/core']);
  smallArchive = makeArchive(source, 'node_modules', root);
});

afterAll(async () => {
  await services?.stop();
  await removeDirs(root);
});

async function seed(key: string, bytes: Buffer): Promise<void> {
  const seedTemp = path.join(root, `seed-${key}`);
  await mkdir(seedTemp, { recursive: true });
  await seedArchiveBytes(services, { paths: ['node_modules'], key, bytes, workspace: root, tempDir: seedTemp });
}

function countFiles(dir: string): number {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as { isFile(): boolean }[]).filter((e) => e.isFile()).length;
}

describe('archive and extraction faults', () => {
  it('a truncated archive: the summary says what tar and zstd said and how many files were extracted', async () => {
    await seed('truncated', smallArchive.subarray(0, Math.floor(smallArchive.length / 2)));
    const r = await runFault({ services, root, name: 'truncated', inputs: { path: 'node_modules', key: 'truncated' } });
    expect(r.mainExitCode).toBe(0);
    expect(r.outputs['cache-hit'], 'unset on a miss, as actions/cache leaves it').toBeUndefined();
    expect(r.profile?.restore?.error?.phase).toBe('extract');
    expect(r.problems).toContain('Failed to restore during extract');
    // zstd's or tar's own words, captured from the extraction's output.
    expect(r.problems).toMatch(/tar\/zstd said: .*(unexpected end|Unexpected EOF|premature end)/i);
    const present = countFiles(path.join(r.workspace, 'node_modules'));
    expect(present).toBeGreaterThan(0);
    expect(r.problems).toContain(`The failed extraction left ${present} files`);
    expect(r.summary.split('\n')[0]).toMatch(/restore failed during extract/);
  });

  it('fail-on-cache-miss fails the step on a corrupt archive, with the reason', async () => {
    const corrupt = Buffer.from(smallArchive);
    // Flip bytes in the middle: the frame checksum or the block decoder must catch it.
    for (let i = Math.floor(corrupt.length / 2); i < Math.floor(corrupt.length / 2) + 64; i++) corrupt[i] = corrupt[i]! ^ 0xff;
    await seed('corrupt', corrupt);
    const r = await runFault({ services, root, name: 'corrupt', inputs: { path: 'node_modules', key: 'corrupt', 'fail-on-cache-miss': 'true' } });
    expect(r.mainExitCode).toBe(1);
    expect(r.profile?.restore?.error?.phase).toBe('extract');
    expect(r.log).toMatch(/fail-on-cache-miss is set.*failed during extract/);
    expect(r.problems).toMatch(/tar\/zstd said: /);
  });

  it.runIf(canMount)('an unwritable restore path (read-only mount): tar says why, no file is left, the step goes on', async () => {
    await seed('readonly', smallArchive);
    const workspace = path.join(root, 'readonly', 'workspace');
    const target = path.join(workspace, 'node_modules');
    await mkdir(target, { recursive: true });
    const undo = makeReadOnly(target);
    try {
      const r = await runFault({ services, root, name: 'readonly', workspace, inputs: { path: 'node_modules', key: 'readonly' } });
      expect(r.mainExitCode).toBe(0);
      expect(r.profile?.restore?.error?.phase).toBe('extract');
      expect(r.problems).toContain('Read-only file system');
      expect(r.problems).toContain('The failed extraction left no files');
    } finally {
      undo();
    }
  });

  it.runIf(canMount && prerequisite('fio', commandExists('fio')))(
    'a file system that fills up during the restore: ENOSPC reported, then the probes refuse it and leave nothing',
    async () => {
      const big = path.join(root, 'big-source');
      await copyPackages(path.join(big, 'node_modules'), ['typescript']);
      await seed('full', makeArchive(big, 'node_modules', root));
      await removeDirs(big);
      const workspace = path.join(root, 'full', 'workspace');
      const disk = makeLoopFs(path.join(root, 'full.img'), path.join(workspace, 'node_modules'), 16);
      try {
        const r = await runFault({
          services,
          root,
          name: 'full',
          workspace,
          inputs: { path: 'node_modules', key: 'full', probes: 'seq-write', 'probe-budget-seconds': '6', 'install-fio': 'false' },
        });
        expect(r.mainExitCode).toBe(0);
        expect(r.profile?.restore?.error?.phase).toBe('extract');
        expect(r.problems).toContain('No space left on device');
        expect(r.problems).toMatch(/The failed extraction left \d+ files/);
        // The probes check free space first and refuse rather than fill the disk further.
        expect(r.profile?.probes?.status).toBe('skipped');
        expect(r.problems).toMatch(/fio probes skipped: .*(space|free)/i);
        expect(leftoverProbeDirs(disk.mountPoint)).toEqual([]);
      } finally {
        disk.dispose();
      }
    },
  );
});
