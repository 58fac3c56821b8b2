import { describe, expect, it } from 'vitest';
import { RunnerLog } from '../../../tools/runner/log-filter.js';
import { inputVariable, parseFileCommands } from '../../../tools/runner/file-commands.js';

describe('RunnerLog', () => {
  it('applies masks, hides debug unless asked, and shows warnings, also across chunk boundaries', () => {
    const lines: string[] = [];
    const log = new RunnerLog((l) => lines.push(l));
    log.push('::add-mask::s3cr');
    log.push('et\nplain s3cret line\n::debug::hidden\n::warning file=a.ts::careful%0Anow\nlast');
    log.flush();
    expect(lines).toEqual(['plain *** line', 'Warning: careful\nnow', 'last']);
  });
});

describe('file commands', () => {
  it('reads heredoc blocks as @actions/core 3 writes them, and name=value lines', () => {
    const text = 'a<<ghadelimiter_1\nline 1\nline 2\nghadelimiter_1\nb=plain\nempty<<EOF\nEOF\n';
    expect(parseFileCommands(text)).toEqual({ a: 'line 1\nline 2', b: 'plain', empty: '' });
  });

  it('refuses a block without its closing delimiter', () => {
    expect(() => parseFileCommands('a<<X\nvalue\n')).toThrow(/no closing delimiter/);
  });

  it('names input variables as getInput reads them', () => {
    expect(inputVariable('restore-keys')).toBe('INPUT_RESTORE-KEYS');
    expect(inputVariable('my input')).toBe('INPUT_MY_INPUT');
  });
});
