// PhaseLog: one group per phase, closed before the next opens, and progress lines while a phase runs long.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhaseLog, type LogSink } from '../../src/pipeline/phase-log.js';

function recorder(): { sink: LogSink; lines: string[] } {
  const lines: string[] = [];
  return { lines, sink: { startGroup: (t) => lines.push(`group ${t}`), endGroup: () => lines.push('endgroup'), info: (l) => lines.push(l) } };
}

afterEach(() => vi.useRealTimers());

describe('PhaseLog', () => {
  it('opens one group per phase and closes it when the next begins or the last ends', () => {
    const { sink, lines } = recorder();
    const log = new PhaseLog(sink);
    log.enter('lookup');
    log.enter('download');
    log.enter('extract');
    log.enter(null);
    log.close();
    expect(lines).toEqual([
      'group Restore: lookup (cache service)',
      'endgroup',
      'group Restore: download',
      'endgroup',
      'group Restore: extraction (tar + zstd)',
      'endgroup',
    ]);
  });

  it('says a long phase is still running, every interval, and stops when it ends', () => {
    vi.useFakeTimers();
    let now = 0;
    const { sink, lines } = recorder();
    const log = new PhaseLog(sink, 10_000, () => now);
    log.enter('archive');
    now = 10_000;
    vi.advanceTimersByTime(10_000);
    now = 20_000;
    vi.advanceTimersByTime(10_000);
    log.enter(null);
    vi.advanceTimersByTime(30_000);
    expect(lines).toEqual([
      'group Save: creating the archive (tar + zstd)',
      'Save: creating the archive (tar + zstd): still running after 10 s',
      'Save: creating the archive (tar + zstd): still running after 20 s',
      'endgroup',
    ]);
  });
});
