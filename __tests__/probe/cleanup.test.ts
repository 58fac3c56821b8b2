import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installSignalCleanup, MARKER_FILE_NAME, PROBE_DIR_PREFIX, ProbeRegistry, removeProbeDirectories, writeMarker } from '../../src/probe/cleanup.js';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-cleanup-test-'));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function ourDir(): string {
  const dir = fs.mkdtempSync(path.join(root, PROBE_DIR_PREFIX));
  writeMarker(dir);
  fs.writeFileSync(path.join(dir, 'probe.dat'), 'x');
  return dir;
}

/** Running, not a zombie (a container's PID 1 may never reap orphans). */
function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

describe('removeProbeDirectories', () => {
  it('removes a marked directory holding only the probe file', async () => {
    const dir = ourDir();
    const warnings: string[] = [];
    expect(await removeProbeDirectories([dir], (w) => warnings.push(w))).toEqual([dir]);
    expect(fs.existsSync(dir)).toBe(false);
    expect(warnings).toEqual([]);
  });

  it('leaves alone anything that is not provably ours, and says why', async () => {
    const unprefixed = fs.mkdtempSync(path.join(root, 'other-'));
    writeMarker(unprefixed);
    const unmarked = fs.mkdtempSync(path.join(root, PROBE_DIR_PREFIX));
    fs.writeFileSync(path.join(unmarked, 'probe.dat'), 'x');
    const extraFile = ourDir();
    fs.writeFileSync(path.join(extraFile, 'user-data.txt'), 'keep me');
    const subdir = ourDir();
    fs.mkdirSync(path.join(subdir, 'probe.dat.d'));
    const target = ourDir();
    const link = path.join(root, `${PROBE_DIR_PREFIX}link`);
    fs.symlinkSync(target, link);

    const warnings: string[] = [];
    const removed = await removeProbeDirectories([unprefixed, unmarked, extraFile, subdir, link, path.join(root, `${PROBE_DIR_PREFIX}gone`)], (w) =>
      warnings.push(w),
    );
    expect(removed).toEqual([]);
    for (const dir of [unprefixed, unmarked, extraFile, subdir, target]) expect(fs.existsSync(dir)).toBe(true);
    expect(fs.readFileSync(path.join(extraFile, 'user-data.txt'), 'utf8')).toBe('keep me');
    expect(warnings.join('\n')).toMatch(/does not start with/);
    expect(warnings.join('\n')).toMatch(new RegExp(`no ${MARKER_FILE_NAME} marker`));
    expect(warnings.join('\n')).toMatch(/user-data\.txt/);
    expect(warnings.join('\n')).toMatch(/symbolic link/);
    expect(warnings).toHaveLength(5);
  });

  it("removes an empty directory of this version's name that a kill left before its marker; not an empty one of another name", async () => {
    // suite.ts records the directory, makes it, then marks it: a SIGKILL between the two leaves it like this.
    const killedBeforeMarker = path.join(root, `${PROBE_DIR_PREFIX}0123456789ab`);
    fs.mkdirSync(killedBeforeMarker);
    const otherName = fs.mkdtempSync(path.join(root, PROBE_DIR_PREFIX));
    const warnings: string[] = [];
    expect(await removeProbeDirectories([killedBeforeMarker, otherName], (w) => warnings.push(w))).toEqual([killedBeforeMarker]);
    expect(fs.existsSync(killedBeforeMarker)).toBe(false);
    expect(fs.existsSync(otherName)).toBe(true);
    expect(warnings).toEqual([expect.stringMatching(new RegExp(`no ${MARKER_FILE_NAME} marker`))]);
  });
});

describe('installSignalCleanup', () => {
  it('on SIGTERM kills fio, removes the directories and uninstalls itself; other listeners decide the exit', () => {
    const registry = new ProbeRegistry();
    const dir = ourDir();
    registry.dirs.add(dir);
    const child: ChildProcess = spawn('sleep', ['30'], { stdio: 'ignore' });
    registry.children.add(child);
    const hostListener = () => {};
    process.on('SIGTERM', hostListener);
    const before = process.listenerCount('SIGTERM');
    const sigintBefore = process.listenerCount('SIGINT');
    const logs: string[] = [];
    try {
      installSignalCleanup(registry, (m) => logs.push(m));
      expect(process.listenerCount('SIGTERM')).toBe(before + 1);
      process.emit('SIGTERM', 'SIGTERM');
      expect(fs.existsSync(dir)).toBe(false);
      expect(child.killed).toBe(true);
      expect(process.listenerCount('SIGTERM')).toBe(before);
      expect(process.listenerCount('SIGINT')).toBe(sigintBefore);
      expect(logs.join('\n')).toMatch(/SIGTERM received.*removed 1/);
    } finally {
      process.removeListener('SIGTERM', hostListener);
      child.kill('SIGKILL');
    }
  });

  it('in a real process: SIGTERM removes the directory, kills the child and the process dies of SIGTERM', async () => {
    const bundle = path.join(root, 'cleanup.mjs');
    await build({
      entryPoints: [new URL('../../src/probe/cleanup.ts', import.meta.url).pathname],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: bundle,
      logLevel: 'silent',
    });
    const dir = ourDir();
    const script = path.join(root, 'victim.mjs');
    fs.writeFileSync(
      script,
      `import { spawn } from 'node:child_process';
import { installSignalCleanup, ProbeRegistry } from ${JSON.stringify(bundle)};
const registry = new ProbeRegistry();
registry.dirs.add(${JSON.stringify(dir)});
const child = spawn('sleep', ['60'], { stdio: 'ignore' });
registry.children.add(child);
installSignalCleanup(registry, (m) => console.error(m));
console.log(String(child.pid));
setInterval(() => {}, 1000);
`,
    );
    const victim = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    victim.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const childPid = await new Promise<number>((resolve, reject) => {
      victim.stdout.once('data', (c: Buffer) => resolve(Number(c.toString().trim())));
      victim.once('exit', () => reject(new Error(`victim exited early: ${stderr}`)));
    });
    expect(alive(childPid)).toBe(true);
    const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      victim.once('exit', (code, signal) => resolve({ code, signal })),
    );
    victim.kill('SIGTERM');
    expect(await exit).toEqual({ code: null, signal: 'SIGTERM' });
    expect(fs.existsSync(dir)).toBe(false);
    expect(stderr).toMatch(/SIGTERM received/);
    // SIGKILL was sent before the victim died; the child's exit needs CPU time too, which a loaded
    // machine gives late: wait for it to be gone (the test's timeout bounds the wait), not a fixed 100 ms.
    while (alive(childPid)) await new Promise((r) => setTimeout(r, 20));
    expect(alive(childPid)).toBe(false);
  });
});
