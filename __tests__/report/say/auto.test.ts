// The auto decisions said (report/say/auto.ts): every kind of why probes: auto and experiments: auto
// decided as they did, in the words the profile stores as AutoDecision.reason.
import { describe, expect, it } from 'vitest';
import {
  EXPERIMENTS_DECISION_KINDS,
  type ExperimentsDecisionKind,
  type ExperimentsDecisionWhy,
  PROBE_DECISION_KINDS,
  type ProbeDecisionKind,
  type ProbeDecisionWhy,
  RATE_KINDS,
  type RateKind,
} from '../../../src/judge/auto-rules.js';
import { sayExperimentsDecision, sayProbeDecision, sayRanAbove } from '../../../src/report/say/auto.js';
import { MiB } from '../../../src/util/units.js';

const DAY = 86_400_000;

const PROBES: Record<ProbeDecisionKind, { why: ProbeDecisionWhy; says: string }> = {
  'none-remembered': {
    why: { kind: 'none-remembered', missing: 'no entry under x' },
    says: 'probes: auto probed because no ceilings are remembered for this hardware (no entry under x)',
  },
  'no-usable-ceiling': {
    why: { kind: 'no-usable-ceiling', runId: '4711' },
    says: 'probes: auto probed because the remembered entry of run 4711 holds no usable ceiling',
  },
  stale: {
    why: { kind: 'stale', runId: '4711', ageMs: 4 * DAY, maxAgeMs: 3 * DAY },
    says: 'probes: auto probed because the remembered ceilings (run 4711) are 4 days old, over ceilings-max-age-days (3 days)',
  },
  'ran-above': {
    why: { kind: 'ran-above', runId: '4711', above: { rate: 'write-bandwidth', measured: 320 * MiB, remembered: 200 * MiB } },
    says: 'probes: auto probed because the restore ran at 320 MiB/s written, above the remembered ceiling of 200 (run 4711)',
  },
  fresh: {
    why: { kind: 'fresh', runId: '4711', probedAt: '2026-11-20T10:00:00Z' },
    says: 'probes: auto used the ceilings remembered from run 4711 (probed 2026-11-20, same hardware fingerprint); the restore stayed under them',
  },
};

const EXPERIMENTS: Record<ExperimentsDecisionKind, { why: ExperimentsDecisionWhy; says: string }> = {
  'no-resource': { why: { kind: 'no-resource' }, says: 'experiments: auto skipped them: the verdict names no resource, so no fix can be aimed at one' },
  'no-bottleneck': { why: { kind: 'no-bottleneck' }, says: 'experiments: auto skipped them: the verdict names no bottleneck, so there is nothing to fix' },
  network: {
    why: { kind: 'network' },
    says: 'experiments: auto skipped them: the verdict names the network, which none of them changes (they extract the same archive again)',
  },
  'none-allowed': { why: { kind: 'none-allowed', bottleneck: 'cpu' }, says: 'experiments: auto skipped them: none of the allowed experiments changes cpu' },
  'not-completed': {
    why: { kind: 'not-completed' },
    says: 'experiments: auto skipped them: the restore did not complete, so there is no time a fix could save',
  },
  'too-short': {
    why: { kind: 'too-short', untilDurableMs: 3000, minMs: 10_000 },
    says: 'experiments: auto skipped them: the restore took 3.00 s until its files were on disk, under 10.0 s: a fix would save less than the experiments cost',
  },
  chose: {
    why: { kind: 'chose', experiments: ['ram', 'other-disk'], bottleneck: 'disk-iops', untilDurableMs: 79_900 },
    says: 'experiments: auto chose ram, other-disk: the verdict names disk-iops and the restore took 79.9 s until on disk',
  },
};

const RATES: Record<RateKind, [number, number, string]> = {
  'write-bandwidth': [320 * MiB, 200 * MiB, '320 MiB/s written, above the remembered ceiling of 200'],
  'read-bandwidth': [320 * MiB, 200 * MiB, '320 MiB/s read, above the remembered ceiling of 200'],
  'write-iops': [13_000, 8000, '13000 writes/s, above the remembered ceiling of 8000'],
  'read-iops': [13_000, 8000, '13000 reads/s, above the remembered ceiling of 8000'],
};

describe('probes: auto said', () => {
  it.each(PROBE_DECISION_KINDS)('%s', (kind) => {
    expect(PROBES[kind].why.kind).toBe(kind);
    expect(sayProbeDecision(PROBES[kind].why)).toBe(PROBES[kind].says);
  });

  it('says remembered ceilings of unknown age', () => {
    expect(sayProbeDecision({ kind: 'stale', runId: '1', ageMs: null, maxAgeMs: 12 * 3_600_000 })).toBe(
      'probes: auto probed because the remembered ceilings (run 1) are of unknown age old, over ceilings-max-age-days (0.5 days)',
    );
  });

  it.each(RATE_KINDS)('says a restore above the remembered %s ceiling', (rate) => {
    const [measured, remembered, says] = RATES[rate];
    expect(sayRanAbove({ rate, measured, remembered })).toBe(`the restore ran at ${says}`);
  });
});

describe('experiments: auto said', () => {
  it.each(EXPERIMENTS_DECISION_KINDS)('%s', (kind) => {
    expect(EXPERIMENTS[kind].why.kind).toBe(kind);
    expect(sayExperimentsDecision(EXPERIMENTS[kind].why)).toBe(EXPERIMENTS[kind].says);
  });

  it('chose under the gate, for the run whose post step could not measure', () => {
    const why: ExperimentsDecisionWhy = {
      kind: 'chose',
      experiments: ['ram'],
      bottleneck: 'disk-iops',
      untilDurableMs: 9_400,
      gateFrom: { runId: '603', untilDurableMs: 12_300 },
    };
    expect(sayExperimentsDecision(why)).toBe(
      "experiments: auto chose ram: the verdict names disk-iops and the restore took 9.40 s until on disk, under auto's 10.0 s, but run 603's took 12.3 s, judged with its tail in its post step, which could not measure (so this run waited for its tail)",
    );
  });
});
