// The restore's processes against real ones: a busy child started after the reader is counted, one
// that was already running (a local cache service in the lab, say) is not.
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_FOLLOWED, ProcessTreeReader } from '../../src/sample/process-tree.js';

const children: ChildProcess[] = [];
const busy = () => {
  const child = spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' });
  children.push(child);
  return child;
};
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

describe.runIf(process.platform === 'linux')('ProcessTreeReader', () => {
  it('counts descendants started after it, not those already running', async () => {
    const earlier = busy();
    await sleep(100);
    const reader = new ProcessTreeReader('/proc', 'readFile');
    const later = busy();
    await sleep(50);
    const a = reader.read();
    await sleep(700);
    const b = reader.read();
    reader.close();
    const pids = (b?.processes ?? []).map((p) => p.pid);
    expect(pids).toContain(later.pid);
    expect(pids).not.toContain(earlier.pid);
    // The children's CPU is the later one's alone, whatever else the machine was doing.
    const own = (p: ProcessTreeReader['read'] extends () => infer R ? R : never) => p?.processes.find((x) => x.pid === later.pid)?.cpuTicks ?? NaN;
    const ticks = (b?.childCpuTicks ?? 0) - (a?.childCpuTicks ?? 0);
    expect(ticks).toBeGreaterThan(0);
    expect(Math.abs(ticks - (own(b) - own(a)))).toBeLessThanOrEqual(2);
  });
});

describe.runIf(process.platform === 'linux')('ProcessTreeReader reads a bounded number of files per tick', () => {
  const idle = () => {
    const child = spawn('sleep', ['60'], { stdio: 'ignore' });
    children.push(child);
    return child;
  };

  it('follows at most its bound of descendants, keeps those it follows, and takes a new one when a place frees', async () => {
    const bound = 4;
    const reader = new ProcessTreeReader('/proc', 'readFile', bound);
    const started = Array.from({ length: 10 }, idle);
    await sleep(200);
    const first = reader.read();
    expect(first?.processes).toHaveLength(bound);
    expect(first?.filesRead).toBe(3 + 4 * bound);
    const followed = (first?.processes ?? []).map((p) => p.pid).sort();
    // Ten more: the same four are followed, and no more is read.
    started.push(...Array.from({ length: 10 }, idle));
    await sleep(200);
    const second = reader.read();
    expect((second?.processes ?? []).map((p) => p.pid).sort()).toEqual(followed);
    expect(second?.filesRead).toBe(3 + 4 * bound);
    // One of them ends (and is reaped): its place goes to one not followed yet.
    const ending = started.find((c) => c.pid === followed[0]);
    const exited = new Promise((resolve) => ending?.once('exit', resolve));
    ending?.kill('SIGKILL');
    await exited;
    await sleep(100);
    const third = reader.read();
    reader.close();
    const now = (third?.processes ?? []).map((p) => p.pid);
    expect(now).toHaveLength(bound);
    expect(now).not.toContain(followed[0]);
    for (const pid of followed.slice(1)) expect(now).toContain(pid);
  });

  it('is bounded by default', () => {
    expect(MAX_FOLLOWED).toBeGreaterThanOrEqual(3);
    expect(MAX_FOLLOWED).toBeLessThanOrEqual(64);
  });
});
