import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CleanupStack } from '../../src/system/cleanup.js';
import { readMachineState } from '../../tools/lab/machine-state.js';
import { LAB_PREFIX } from '../../tools/lab/paths.js';

describe('CleanupStack', () => {
  it('runs every undo action newest first, even after one fails, and names the failure', async () => {
    const ran: string[] = [];
    const stack = new CleanupStack();
    stack.push('first', () => void ran.push('first'));
    stack.push('broken', () => {
      throw new Error('umount: target is busy');
    });
    stack.push('async', async () => void ran.push('async'));
    await expect(stack.runAll()).rejects.toThrow(/broken: umount: target is busy/);
    expect(ran).toEqual(['async', 'first']);
    expect(stack.size).toBe(0);
  });

  it('holds one signal handler while any stack is live, and removes it once all have run', async () => {
    const before = process.listenerCount('SIGTERM');
    const session = new CleanupStack();
    const scenario = new CleanupStack();
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    await scenario.runAll();
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    await session.runAll();
    expect(process.listenerCount('SIGTERM')).toBe(before);
  });
});

describe.runIf(existsSync('/proc/self/cmdline'))('machine state: lab processes', () => {
  it('lists a process working in a lab dir (a second writer left running) until it is gone', async () => {
    const marker = `${LAB_PREFIX}state-test-${process.pid}`;
    // sh's $0 carries the marker, as fio's --filename carries the lab dir.
    const child = spawn('sh', ['-c', 'sleep 30', marker], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(readMachineState().processes.filter((p) => p.includes(marker))).toEqual([`sh -c sleep 30 ${marker}`]);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    expect(readMachineState().processes.filter((p) => p.includes(marker))).toEqual([]);
  });
});
