/**
 * Why `probes: auto` probed or used remembered ceilings, and why `experiments: auto` chose experiments
 * or skipped them, said (judge/auto-rules.ts decideProbes and decideExperiments decide, with their
 * figures). The profile stores these words as AutoDecision.reason. Nothing here decides. Pure.
 */
import { AUTO_EXPERIMENTS_MIN_RESTORE_MS, type ExperimentsDecisionWhy, type ProbeDecisionWhy, type RanAbove, type RateKind } from '../../judge/auto-rules.js';
import { MiB } from '../../util/units.js';

/** "12.3 s", as these reasons have always said a time (two decimals under 10 s). */
const seconds = (ms: number): string => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
const days = (ms: number): string => `${(ms / 86_400_000).toFixed(ms < 86_400_000 ? 1 : 0)} days`;

/** Each rate's unit and whether its figures are bytes/s (said in MiB/s). */
const RATE_WORDS: Record<RateKind, { unit: string; bytes: boolean }> = {
  'write-bandwidth': { unit: 'MiB/s written', bytes: true },
  'read-bandwidth': { unit: 'MiB/s read', bytes: true },
  'write-iops': { unit: 'writes/s', bytes: false },
  'read-iops': { unit: 'reads/s', bytes: false },
};

/** "the restore ran at 320 MiB/s written, above the remembered ceiling of 200". */
export function sayRanAbove(a: RanAbove): string {
  const { unit, bytes } = RATE_WORDS[a.rate];
  const fmt = (v: number) => (bytes ? (v / MiB).toFixed(0) : v.toFixed(0));
  return `the restore ran at ${fmt(a.measured)} ${unit}, above the remembered ceiling of ${fmt(a.remembered)}`;
}

/** probes: auto's reason, as the profile stores it and the summary shows it. */
export function sayProbeDecision(why: ProbeDecisionWhy): string {
  switch (why.kind) {
    case 'none-remembered':
      return `probes: auto probed because no ceilings are remembered for this hardware (${why.missing})`;
    case 'no-usable-ceiling':
      return `probes: auto probed because the remembered entry of run ${why.runId} holds no usable ceiling`;
    case 'stale':
      return `probes: auto probed because the remembered ceilings (run ${why.runId}) are ${why.ageMs !== null ? days(why.ageMs) : 'of unknown age'} old, over ceilings-max-age-days (${days(why.maxAgeMs)})`;
    case 'ran-above':
      return `probes: auto probed because ${sayRanAbove(why.above)} (run ${why.runId})`;
    case 'fresh':
      return `probes: auto used the ceilings remembered from run ${why.runId} (probed ${why.probedAt.slice(0, 10)}, same hardware fingerprint); the restore stayed under them`;
  }
}

/** Why experiments: auto skipped them, after "experiments: auto skipped them: ". */
function skipped(why: Exclude<ExperimentsDecisionWhy, { kind: 'chose' }>): string {
  switch (why.kind) {
    case 'no-resource':
      return 'the verdict names no resource, so no fix can be aimed at one';
    case 'no-bottleneck':
      return 'the verdict names no bottleneck, so there is nothing to fix';
    case 'network':
      return 'the verdict names the network, which none of them changes (they extract the same archive again)';
    case 'none-allowed':
      return `none of the allowed experiments changes ${why.bottleneck}`;
    case 'not-completed':
      return 'the restore did not complete, so there is no time a fix could save';
    case 'too-short':
      return `the restore took ${seconds(why.untilDurableMs)} until its files were on disk, under ${seconds(why.minMs)}: a fix would save less than the experiments cost`;
  }
}

/** experiments: auto's choice, without what a remembered fix adds (report/fix-memory.ts autoExperimentsReason adds it). */
export function sayExperimentsDecision(why: ExperimentsDecisionWhy): string {
  if (why.kind === 'chose') {
    const chose = `experiments: auto chose ${why.experiments.join(', ')}: the verdict names ${why.bottleneck} and the restore took ${seconds(why.untilDurableMs)} until on disk`;
    const from = why.gateFrom;
    return from
      ? `${chose}, under auto's ${seconds(AUTO_EXPERIMENTS_MIN_RESTORE_MS)}, but run ${from.runId}'s took ${seconds(from.untilDurableMs)}, judged with its tail in its post step, which could not measure (so this run waited for its tail)`
      : chose;
  }
  return `experiments: auto skipped them: ${skipped(why)}`;
}
