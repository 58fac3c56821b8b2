// The restore's processes against real ones: a busy child started after the reader is counted, one
// that was already running (a local cache service in the lab, say) is not.
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { ProcessTreeReader } from '../../src/sample/process-tree.js';

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
