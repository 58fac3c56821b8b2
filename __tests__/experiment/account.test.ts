// One account of the experiments per run, from the auto decision and the stage's result, agreeing with the outputs.
import { describe, expect, it } from 'vitest';
import { experimentsAccount } from '../../src/experiment/account.js';
import { fixBest, outcomes } from '../../src/experiment/outcomes.js';
import { experimentOutputs } from '../../src/experiment/outputs.js';
import { planExperiments } from '../../src/experiment/plan.js';
import type { ExperimentsResult, RunRecord } from '../../src/experiment/types.js';
import { decideExperiments } from '../../src/judge/auto-rules.js';
import { EXPERIMENT_NAMES } from '../../src/experiment/alternatives.js';
import { sayExperimentsDecision } from '../../src/report/say/auto.js';

const run = (alternative: RunRecord['alternative'], ms: number): RunRecord => ({ alternative, mountPoint: '/', stepMs: ms, syncMs: 0, untilOnDiskMs: ms });

describe('the experiments account', () => {
  it('auto chose them and the budget held none: one sentence, "chose" and "none ran", never "ran"', () => {
    // Issue 34's restore: 79.9 s on disk, the experiments' 60 s budget.
    const decision = decideExperiments({ bottleneck: 'disk-bandwidth', untilDurableMs: 79_900, allowed: EXPERIMENT_NAMES });
    const plan = planExperiments(
      [{ alternative: 'baseline', mountPoint: null }, ...decision.experiments.map((alternative) => ({ alternative, mountPoint: null }))],
      { downloadMs: 2000, extractMs: 60_000, writebackMs: 19_900 },
      60_000,
    );
    const e: ExperimentsResult = {
      status: 'skipped',
      reason: plan.skipped[0]?.detail as string,
      budgetMs: 60_000,
      wallMs: 0,
      refetch: null,
      outcomes: [],
      runs: [],
      skipped: plan.skipped,
      fixBest: { alternative: 'none', mountPoint: null, savingMs: null },
    };
    const a = experimentsAccount({ auto: { experiments: { run: decision.run, reason: sayExperimentsDecision(decision.why) } }, experiments: e });
    expect(a?.sentence).toMatch(
      /^Experiments: auto chose ram, other-disk, page-cache: the verdict names disk-bandwidth and the restore took 79\.9 s until on disk\. None ran: fetching the archive again \(~2 s\) and one baseline run \(~[\d.]+ s\) do not fit the 60 s budget \(experiments-budget-seconds\)\.$/,
    );
    expect(a?.sentence).not.toMatch(/ ran (ram|baseline)/);
    expect(a?.ran).toEqual([]);
    expect(Object.values(experimentOutputs(e)).every((v) => v === '')).toBe(true);
  });

  it('some ran, some were skipped: each said once, the ran list the outputs report', () => {
    const runs = [run('baseline', 3000), run('ram', 400), run('baseline', 3100), run('ram', 420)];
    const all = outcomes(runs, { paths: ['deps'], extractedBytes: 1 });
    const e: ExperimentsResult = {
      status: 'ran',
      budgetMs: 60_000,
      wallMs: 12_000,
      refetch: null,
      outcomes: all,
      runs,
      skipped: [
        {
          alternative: 'other-disk',
          mountPoint: null,
          reason: 'no-such-file-system',
          detail: 'no other local, block-backed, writable file system is mounted (of 9 other mounts)',
        },
        { alternative: 'page-cache', mountPoint: null, reason: 'no-permission', detail: 'raising vm.dirty_bytes needs root or passwordless sudo' },
      ],
      fixBest: fixBest(all),
    };
    const a = experimentsAccount({ experiments: e });
    expect(a?.sentence).toBe(
      'Experiments: ran baseline ×2, ram ×2. Skipped other-disk (no-such-file-system: no other local, block-backed, writable file system is mounted (of 9 other mounts)); page-cache (no-permission: raising vm.dirty_bytes needs root or passwordless sudo).',
    );
    const out = experimentOutputs(e);
    expect(a?.ran.map((r) => r.name)).toEqual(['baseline', 'ram']);
    expect([out['experiment-baseline-seconds'], out['experiment-ram-seconds']].every((v) => v !== '')).toBe(true);
    expect(out['experiment-page-cache-seconds']).toBe('');
  });

  it('auto skipped them: its reason, once; experiments: none: no account', () => {
    const reason = 'experiments: auto skipped them: the verdict names no bottleneck, so there is nothing to fix';
    expect(experimentsAccount({ auto: { experiments: { run: false, reason } } })?.sentence).toBe(
      'Experiments: auto skipped them: the verdict names no bottleneck, so there is nothing to fix.',
    );
    expect(experimentsAccount({})).toBeNull();
  });
});
