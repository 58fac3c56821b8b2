import { existsSync } from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ChildRegistry, runTimed } from '../../src/experiment/processes.js';

const hasProc = existsSync('/proc/self/stat');

describe('runTimed: CPU time of the command', () => {
  it.skipIf(!hasProc)("runTimed measures a busy child's CPU, no more than its wall time on every core", async () => {
    const registry = new ChildRegistry();
    // A shell loop: all CPU in the child, none waiting.
    const timed = await runTimed({ program: 'sh', args: ['-c', 'i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done'] }, registry);
    expect(timed.cpuMs).not.toBeNull();
    expect(timed.cpuMs as number).toBeGreaterThan(0);
    // Ticks are 10 ms: allow one at each end.
    expect(timed.cpuMs as number).toBeLessThanOrEqual(timed.durationMs * os.availableParallelism() + 20);
  });

  it.skipIf(!hasProc)("counts a descendant the child waited for (tar's unzstd): the shell's own wait costs nothing", async () => {
    const registry = new ChildRegistry();
    const idle = await runTimed({ program: 'sh', args: ['-c', 'sleep 0.3'] }, registry);
    expect(idle.cpuMs as number).toBeLessThan(100);
    const nested = await runTimed({ program: 'sh', args: ['-c', "sh -c 'i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done'; true"] }, registry);
    // The outer shell only waits: what it reports is the inner loop's, folded in when the outer shell reaped it.
    expect(nested.cpuMs as number).toBeGreaterThan(idle.cpuMs as number);
    expect(nested.cpuMs as number).toBeLessThanOrEqual(nested.durationMs * os.availableParallelism() + 20);
  });
});
