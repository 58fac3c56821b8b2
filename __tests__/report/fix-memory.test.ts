// Remembered fixes in words (src/report/fix-memory.ts): every reason fixMemory can give is said with
// its figures, none missing. The memories are fixMemory's own answers, not written by hand.
import { describe, expect, it } from 'vitest';
import { type ExperimentDecision, FIX_MAX_AGE_MS, fixMemory, type FixRunFacts } from '../../src/judge/auto-rules.js';
import { rememberedFix } from '../helpers/remembered-fix.js';
import { FIX_MEMORY_REASONS, type FixMemoryReason } from '../../src/profile/schema.js';
import { autoExperimentsReason, fixMemoryWords } from '../../src/report/fix-memory.js';

const MiB = 1024 * 1024;
const { measuredOn, against: measured, facts: shape } = rememberedFix({ runAttempt: '2', nowMs: Date.parse('2026-11-21T10:00:00Z') });
const against = { ...measured, experiments: ['ram'] as const };
const facts: FixRunFacts = { ...shape, experiments: ['ram'] };

const changes: Record<FixMemoryReason, [Partial<FixRunFacts> | 'missing', RegExp]> = {
  fresh: [{}, /the same hardware, a cache within 25% of its size and file count.*after 7 days/],
  'none-remembered': ['missing', /no measured fix is remembered for this hardware and cache \(no entry under x\)/],
  stale: [{ nowMs: Date.parse(measuredOn.measuredAt) + FIX_MAX_AGE_MS + 86_400_000 }, /run 4711 are 8 days old, over 7 days/],
  'hardware-changed': [{ fingerprintId: 'bbbbbbbbbbbb' }, /run 4711 on other hardware \(fingerprint aaaaaaaaaaaa, this run bbbbbbbbbbbb\)/],
  'size-changed': [{ archiveBytes: 900 * MiB }, /the archive is 900 MiB, more than 25% from the 600 MiB run 4711 measured/],
  'files-changed': [{ files: 9_000 }, /holds 9000 files, more than 25% from the 19000 run 4711/],
  'verdict-changed': [{ bottleneck: 'cpu' }, /the verdict names cpu, where run 4711 measured the fixes for disk-iops/],
  'time-outside': [{ untilDurableMs: 200_000 }, /took 200 s until on disk, outside 1.5× of the 80 s run 4711/],
  'not-measured': [{ experiments: ['ram', 'page-cache'] }, /run 4711 did not measure page-cache \(it measured ram\)/],
};

describe('fixMemoryWords', () => {
  it.each(FIX_MEMORY_REASONS)('%s', (reason) => {
    const [change, words] = changes[reason];
    const memory = fixMemory(change === 'missing' ? { missing: 'no entry under x' } : against, { ...facts, ...(change === 'missing' ? {} : change) });
    expect(memory.reason).toBe(reason);
    const said = fixMemoryWords(memory);
    expect(said).toMatch(words);
    expect(said).not.toMatch(/NaN|undefined|null/);
  });

  it('auto says which run measured reused fixes, and why it measured again', () => {
    const chose: ExperimentDecision = {
      run: true,
      why: { kind: 'chose', experiments: ['ram'], bottleneck: 'disk-iops', untilDurableMs: 80_000 },
      experiments: ['ram'],
    };
    const choseWords = 'experiments: auto chose ram: the verdict names disk-iops and the restore took 80.0 s until on disk';
    expect(autoExperimentsReason({ ...chose, run: false, experiments: [], memory: fixMemory(against, facts) })).toMatch(
      /^experiments: auto reused the fixes measured on run 4711 \(attempt 2\) \(2026-11-20 10:00 UTC\): the same hardware/,
    );
    expect(autoExperimentsReason({ ...chose, memory: fixMemory(against, { ...facts, bottleneck: 'cpu' }) })).toBe(
      `${choseWords}; measured because the verdict names cpu, where run 4711 measured the fixes for disk-iops`,
    );
    expect(autoExperimentsReason(chose)).toBe(choseWords);
  });
});
