// The sampler against independent ground truth on this machine's real disk:
// sysstat's iostat over the same window, and a real buffered write draining from the page cache.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { diskMetrics } from '../../src/sample/iostat.js';
import { resolveDevices } from '../../src/sample/devices.js';
import { Sampler } from '../../src/sample/sampler.js';
import { syncFileSystems } from '../../src/sample/syncfs.js';
import { commandExists, isRoot, prerequisite } from '../helpers/prerequisites.js';
import { setDirtyBudget } from '../helpers/dirty-budget.js';

const onLinux = process.platform === 'linux';
// A temp dir on the root filesystem (not tmpfs), whose disk the sampler tracks.
const dir = onLinux ? mkdtempSync('/var/tmp/dp-sampler-') : '';
const where = onLinux ? resolveDevices({ restorePath: dir }) : { devices: [] };
const primary = where.devices[0];

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function run(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface IostatDisk {
  disk_device: string;
  'w/s': number;
  'wkB/s': number;
}

describe.runIf(onLinux && primary && prerequisite('iostat (sysstat)', commandExists('iostat')))('against iostat', () => {
  it('bytes and writes over the same window agree with iostat -dx within 1%', async () => {
    const device = primary?.name ?? '';
    const intervalS = 2;
    const reports = 2;
    const sampler = new Sampler({ intervalMs: 100, devices: where.devices, originMs: performance.now() });
    sampler.start();
    // Window: the sampler's boundary snapshots bracket iostat's first and last diskstats reads by
    // milliseconds; the workload starts after iostat's first read and must end before its last one.
    const start = sampler.snapshot();
    const iostatStartMs = performance.now();
    const iostat = run(spawn('iostat', ['-dx', '-y', '-o', 'JSON', device, String(intervalS), String(reports)]));
    await sleep(300);
    const dd = await run(spawn('dd', ['if=/dev/zero', `of=${dir}/direct.bin`, 'bs=1M', 'count=512', 'oflag=direct', 'status=none']));
    const ddDoneMs = performance.now();
    const io = await iostat;
    const end = sampler.snapshot();
    sampler.stop();
    expect(dd.code).toBe(0);
    expect(io.code).toBe(0);
    // Both windows must hold all of the workload: dd finished well before iostat's last read,
    // which comes intervalS × reports after it started.
    expect(ddDoneMs - iostatStartMs).toBeLessThan(intervalS * reports * 1000 - 300);

    const parsed = JSON.parse(io.stdout) as { sysstat: { hosts: { statistics: { disk: IostatDisk[] }[] }[] } };
    const stats = parsed.sysstat.hosts[0]?.statistics ?? [];
    expect(stats).toHaveLength(reports);
    const disks = stats.map((s) => s.disk.find((d) => d.disk_device === device));
    // iostat prints rates over each interval: rate × interval gives the interval's amounts back.
    const iostatKiB = disks.reduce((sum, d) => sum + (d?.['wkB/s'] ?? NaN) * intervalS, 0);
    const iostatWrites = disks.reduce((sum, d) => sum + (d?.['w/s'] ?? NaN) * intervalS, 0);

    const before = start.disks[0];
    const after = end.disks[0];
    if (!before || !after) throw new Error(`sampler could not read ${device}`);
    const m = diskMetrics(before, after, end.tMs - start.tMs);
    console.log(`written: sampler ${m.writtenBytes / 1024} KiB / ${m.writes} writes, iostat ${iostatKiB} KiB / ${iostatWrites} writes`);
    expect(m.writtenBytes).toBeGreaterThanOrEqual(512 * 1024 * 1024);
    expect(Math.abs(m.writtenBytes / 1024 - iostatKiB) / iostatKiB).toBeLessThan(0.01);
    expect(Math.abs(m.writes - iostatWrites) / iostatWrites).toBeLessThan(0.01);
  });
});

describe.runIf(onLinux && primary)("syncfs and the restore's own bytes", () => {
  it('a real 200 MB buffered write: syncfs returns once the device has written it', async (ctx) => {
    // The 200 MB must still be dirty when syncfs starts: a dirty budget another job left small would write it during the write.
    if (!prerequisite('root (sets the dirty budget the 200 MB write needs)', isRoot)) return ctx.skip();
    const putBack = setDirtyBudget();
    ctx.onTestFinished(putBack);
    const sampler = new Sampler({ intervalMs: 100, devices: where.devices, originMs: performance.now() });
    sampler.start();
    writeFileSync(`${dir}/buffered.bin`, Buffer.alloc(200 * 1024 * 1024, 1)); // no fsync
    const start = sampler.snapshot();
    const [sync] = await syncFileSystems([dir], 60_000);
    const end = sampler.snapshot();
    sampler.stop();
    expect(sync?.returned).toBe(true);
    // Everything the write dirtied was on the device by the time syncfs returned.
    const sectors = (end.disks[0]?.sectorsWritten ?? 0) - (start.disks[0]?.sectorsWritten ?? Infinity);
    expect(sectors * 512).toBeGreaterThanOrEqual(200 * 1024 * 1024 * 0.99);
    expect(end.perCpu?.length).toBeGreaterThan(0);
  });

  it("counts a child's writes and the bytes its delete dropped unwritten (/proc/<pid>/io)", async (ctx) => {
    // The 32 MiB must still be dirty when rm drops them: a dirty budget another job left small would write them back first.
    if (!prerequisite('root (sets the dirty budget the 32 MiB must stay within)', isRoot)) return ctx.skip();
    const putBack = setDirtyBudget();
    ctx.onTestFinished(putBack);
    const sampler = new Sampler({ intervalMs: 100, devices: where.devices, originMs: performance.now() });
    const before = sampler.snapshot();
    // A reaped child's I/O is folded into ours: dd dirties 32 MiB, rm drops them before writeback.
    const child = await run(spawn('sh', ['-c', `dd if=/dev/zero of=${dir}/gone.bin bs=1M count=32 status=none && rm ${dir}/gone.bin`]));
    const after = sampler.snapshot();
    sampler.stop();
    expect(child.code).toBe(0);
    const written = (after.ownIo?.writeBytes ?? 0) - (before.ownIo?.writeBytes ?? Infinity);
    const cancelled = (after.ownIo?.cancelledWriteBytes ?? 0) - (before.ownIo?.cancelledWriteBytes ?? Infinity);
    expect(written).toBeGreaterThanOrEqual(32 * 1024 * 1024);
    expect(cancelled).toBeGreaterThanOrEqual(32 * 1024 * 1024 * 0.9);
  });
});
