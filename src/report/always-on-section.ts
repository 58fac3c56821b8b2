/**
 * The always-on parts of the step summary (issue 24): the hardware line, where the ceilings came
 * from and why the auto stages ran or not (under the verdict), a regression flag, and this run
 * against its label's history. Pure.
 */
import type { HistoryGroup, Percentiles } from '../profile/always-on.js';
import type { Profile } from '../profile/schema.js';
import { describeFingerprint } from '../sample/fingerprint.js';
import { experimentsAccount } from '../experiment/account.js';
import { escapeHtml, table } from './markdown.js';
import { capitalised, seconds } from '../util/format.js';

/** A few short lines for the top of the summary; empty for profiles without a fingerprint (older ones). */
export function alwaysOnLines(profile: Profile): string {
  const lines: string[] = [];
  const fp = profile.fingerprint;
  // Which disk is built on which, from the devices the profile resolved: a stack only where there is one.
  const below = new Map(profile.devices.map((d) => [d.name, d.below ?? []]));
  if (fp) lines.push(`Hardware \`${fp.id}\`: ${escapeHtml(describeFingerprint(fp, below))}`);
  if (profile.ceilingsSource) lines.push(escapeHtml(profile.ceilingsSource.sentence));
  if (profile.auto?.probes) lines.push(escapeHtml(capitalised(profile.auto.probes.reason)));
  // What ran and what was skipped, said once (experiment/account.ts); the Measured fixes fold has the figures.
  const account = experimentsAccount(profile);
  if (account) lines.push(escapeHtml(account.sentence));
  const regressions = profile.history?.regressions ?? [];
  if (regressions.length > 0) {
    const items = regressions.map(
      (r) =>
        `${r.metric === 'restore' ? 'restore' : 'until on disk'} ${seconds(r.thisMs)} against a p90 of ${seconds(r.p90Ms)} over ${r.comparedRuns} earlier runs`,
    );
    // A paragraph of its own: a line right after a quote would continue it (GFM lazy continuation).
    const alert = `> [!CAUTION]\n> **Regression**: this run is beyond p90 of its label's history on the same hardware with a cache of similar size: ${items.join('; ')}.`;
    return [alert, lines.join('  \n')].filter(Boolean).join('\n\n');
  }
  return lines.join('  \n');
}

function p(x: Percentiles | null): string {
  return x ? `${seconds(x.p50)} / ${seconds(x.p90)}` : '–';
}

/** This run against its label's history: p50/p90 per hardware kind, this run's kind first. */
export function historySection(profile: Profile): string {
  const h = profile.history;
  if (!h) return '';
  const thisId = profile.fingerprint?.id;
  const runs = h.earlierRuns + 1;
  const kinds = h.groups.length;
  const head = `${escapeHtml(h.label)}: ${kinds} hardware kind${kinds === 1 ? '' : 's'} over ${runs} run${runs === 1 ? '' : 's'} (this one included).`;
  const rows = h.groups.map((g: HistoryGroup) => [
    `${g.fingerprintId === thisId ? '**this hardware** ' : ''}\`${g.fingerprintId}\``,
    escapeHtml(g.hardware),
    String(g.runs),
    p(g.restoreMs),
    p(g.untilDurableMs),
  ]);
  const notes = h.notes.map((n) => `- ${escapeHtml(n)}`);
  return [
    '### History of this runner type',
    '',
    head,
    '',
    table(['Fingerprint', 'Hardware', 'Runs', 'Restore p50 / p90', 'Until on disk p50 / p90'], rows, ['l', 'l', 'r', 'r', 'r']),
    '',
    '<sub>Runs on other hardware are kept apart. A run is flagged when it is beyond p90 of at least 5 earlier runs on the same hardware with a cache within 25% of its size.</sub>',
    ...(notes.length > 0 ? ['', ...notes] : []),
  ].join('\n');
}

/** The always-on outputs: the hardware fingerprint, where the ceilings came from, and the regression flag. */
export function alwaysOnOutputs(profile: Profile): Record<string, string> {
  const regressions = profile.history?.regressions ?? [];
  return {
    'hardware-fingerprint': profile.fingerprint?.id ?? '',
    'ceilings-source': profile.ceilingsSource
      ? profile.ceilingsSource.kind === 'remembered'
        ? `run ${profile.ceilingsSource.runId}`
        : profile.ceilingsSource.kind
      : '',
    regression: profile.history ? String(regressions.length > 0) : '',
  };
}
