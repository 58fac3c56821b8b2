// A string another user wrote, printed in a log line: it stays on its line and starts no workflow command.
import { describe, expect, it } from 'vitest';
import { logSafe } from '../../src/util/log-safe.js';

describe('a string made log-safe', () => {
  it('keeps control characters visible and breaks up every command marker', () => {
    expect(logSafe('ubuntu-24.04 / x64: fast')).toBe('ubuntu-24.04 / x64: fast');
    expect(logSafe('a\n::error::b\r\n##[warning]c')).toBe('a\\n:%3Aerror:%3Ab\\r\\n##%5Bwarning]c');
    expect(logSafe('\u001b[31m\u0085\u2028:::')).toBe('\\u001b[31m\\u0085\\u2028:%3A:');
  });

  it('is idempotent: a string escaped twice reads as once', () => {
    const once = logSafe('x\n::set-output name=a::b\u2029');
    expect(logSafe(once)).toBe(once);
  });
});
