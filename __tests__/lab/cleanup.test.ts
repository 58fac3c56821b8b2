import { describe, expect, it } from 'vitest';
import { CleanupStack } from '../../src/lab/cleanup.js';

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
