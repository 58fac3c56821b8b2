/**
 * "Measured fixes": the archive extracted again under each alternative, right under the verdict:
 * time until on disk (median, spread, runs), the CPU time of tar and its decompressor where recorded,
 * the saving against the baseline, how to apply it, and one line holding the experiments against the
 * verdict. What ran and what was skipped is said once, in the experiments line at the top
 * (experiment/account.ts). Pure.
 */
import { measuredOnWords } from './fix-memory.js';
import { networkFixLine } from './network-fix.js';
import type { Profile, SampleMadeFrom, Verdict } from '../profile/schema.js';
import type { AlternativeOutcome, ExperimentsResult } from '../experiment/types.js';
import type { PageCachePrediction } from '../experiment/page-cache-prediction.js';
import { checkExperiments } from '../judge/experiments-check.js';
import { sayExperimentsCheck } from './say/experiments-check.js';
import { descriptorOf } from '../experiment/descriptors.js';
import { sampleReadingWords, sampleShareWords, sampledSavingWords } from '../experiment/sample-words.js';
import { percent, seconds } from '../util/format.js';
import { escapeHtml, table } from './markdown.js';

/** How the samples were made, after "made" (nothing for a profile that did not record it). */
const SAMPLE_MADE_FROM_WORDS: Record<SampleMadeFrom | 'unrecorded', string> = {
  archive: ' from the archive (decompressed whole, filtered, compressed again)',
  'restored-tree': ' from the restored tree (the files tar had just extracted, archived and compressed again: no decompression)',
  unrecorded: '',
};

function name(o: { alternative: AlternativeOutcome['alternative']; mountPoint: string | null }): string {
  if (o.alternative === 'other-disk') return o.mountPoint ? `other-disk: onto ${o.mountPoint}` : 'other-disk';
  return descriptorOf(o.alternative).words.label;
}

function timeCell(o: AlternativeOutcome, prediction: PageCachePrediction | null): string {
  const t = o.timeMs;
  const spreadText = t.runs > 1 ? ` ±${Math.round(t.spreadPercent / 2)}%` : '';
  const main = `${seconds(t.median)}${spreadText}`;
  if (descriptorOf(o.alternative).compares !== 'step') return main;
  const left = o.writebackLeftMs ? `, + ${seconds(o.writebackLeftMs.median)} of writeback left to later steps` : '';
  // The step as the profiled extraction predicts it: its busiest process's CPU time.
  const predicted = prediction ? `; the profile predicted ${seconds(prediction.stepMs)}` : '';
  return `${main} step${left}${predicted}`;
}

function savingCell(o: AlternativeOutcome, e: ExperimentsResult): string {
  if (o.savingMs === null || o.savingShare === null) return '–';
  const main = o.savingMs >= 0 ? `${seconds(o.savingMs)} (${percent(o.savingShare)})` : `${seconds(-o.savingMs)} slower (${percent(-o.savingShare)})`;
  const sampled = sampledSavingWords(e, o);
  return sampled ? `${main}, ${sampled}` : main;
}

function firstDownloadMs(profile: Profile): number | null {
  const p = profile.phases.find((x) => x.name === 'download');
  return p ? p.endMs - p.startMs : null;
}

export function fixesSection(profile: Profile, verdict: Verdict): string {
  const e: ExperimentsResult | undefined = profile.experiments;
  // What ran and what was skipped is said once, in the experiments line at the top (experiment/account.ts): here only the figures.
  if (!e || e.outcomes.length === 0) return '';
  const out: string[] = ['### Measured fixes'];
  {
    out.push(`**${escapeHtml(sayExperimentsCheck(checkExperiments(verdict, profile.phases, e, firstDownloadMs(profile))))}**`);
    // The CPU column only where the runs' CPU times were recorded (not in older profiles, nor without /proc).
    const withCpu = e.outcomes.some((o) => o.cpuMs);
    const rows = e.outcomes.map((o) => [
      name(o),
      timeCell(o, e.pageCachePrediction ?? null),
      ...(withCpu ? [o.cpuMs ? seconds(o.cpuMs.median) : '–'] : []),
      `${o.timeMs.runs}${o.failedRuns ? ` (+${o.failedRuns} failed)` : ''}`,
      savingCell(o, e),
      o.apply,
    ]);
    out.push(
      table(['Alternative', 'Until on disk (median)', ...(withCpu ? ['CPU time (median)'] : []), 'Runs', 'Saving vs baseline', 'How to apply it'], rows, [
        'l',
        'r',
        ...(withCpu ? (['r'] as const) : []),
        'r',
        'r',
        'l',
      ]),
    );
    const best = e.fixBest;
    out.push(
      best.alternative === 'none'
        ? 'Best fix: none saved 10% of the baseline here.'
        : `Best fix: **${best.alternative}${best.mountPoint && best.alternative === 'other-disk' ? ` (${escapeHtml(best.mountPoint)})` : ''}**, ${seconds(best.savingMs ?? 0)} saved.`,
    );
  }
  const network = networkFixLine(e);
  if (network) out.push(network);
  // Remembered fixes: measured by an earlier run, not this one (experiments: auto, issue 40).
  if (e.measuredOn)
    out.push(
      `<sub>Measured ${measuredOnWords(e.measuredOn)}, remembered for this hardware (fingerprint ${escapeHtml(e.measuredOn.fingerprintId)}) and a cache of this shape; this run did not extract the archive again.</sub>`,
    );
  // Measured on samples: what was sampled, how, and what the times are.
  const shares = sampleShareWords(e);
  if (e.sample && shares)
    out.push(
      `<sub>Full runs did not fit the budget (${escapeHtml(e.sample.why)}), so these were measured on a sample of ${shares}: whole subtrees, chosen by size class, made${SAMPLE_MADE_FROM_WORDS[e.sample.madeFrom ?? 'unrecorded']} in ${seconds(e.sample.buildMs)}. ${escapeHtml(sampleReadingWords(e))}</sub>`,
    );
  const refetch = e.refetch
    ? `The archive was fetched again in ${seconds(e.refetch.durationMs)} into ${escapeHtml(e.refetch.inRam ? 'RAM' : e.refetch.where)}; `
    : '';
  out.push(
    `<sub>${refetch}the experiments took ${seconds(e.wallMs)} of their ${seconds(e.budgetMs)} budget (experiments-budget-seconds). Each run extracts the same archive copy with the restore's own tar command into a directory of its own, timed until syncfs of that file system returns${e.outcomes.some((o) => o.cpuMs) ? ' (CPU time: tar and its decompressor, user + system)' : ''}; the directories are removed and any sysctl or mount is put back.</sub>`,
  );
  return out.join('\n\n');
}
