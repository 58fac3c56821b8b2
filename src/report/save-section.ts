/**
 * The summary's "Save" section: the save's own verdict and what the post step saved (or why not) in one
 * paragraph, then its phases tiling the save and the evidence behind <details>. Pure; the post step appends it to the step summary, and
 * renderSummary adds it when a profile holding a save is re-rendered.
 */
import type { SaveResult } from '../profile/schema.js';
import { transferSection } from './download-section.js';
import { cell, details, escapeHtml, table } from './markdown.js';
import { MiB } from '../util/units.js';
import { saySave, saySavePhase } from './say/save.js';
import { sayUpload } from './say/transfer.js';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

export function renderSaveSection(save: SaveResult): string {
  const head = '### Save';
  if (save.status === 'skipped' || (save.status === 'failed' && save.phases.length === 0)) {
    return `${head}\n\n${escapeHtml(save.reason ?? 'The cache was not saved.')}`;
  }
  const what =
    save.status === 'saved'
      ? `Saved \`${cell(save.key)}\`: ${save.archiveBytes !== null ? `${mib(save.archiveBytes)} archive of ` : ''}${save.matchedPaths.map((p) => `\`${cell(p)}\``).join(', ')} in ${seconds(save.saveMs)} through cache service ${save.serviceVersion}.`
      : `Not saved: ${escapeHtml(save.reason ?? save.error?.message ?? 'the save failed')} (during ${save.error?.phase ?? 'the save'}, after ${seconds(save.saveMs)}).`;
  const verdict = save.verdict;
  const judged = new Map(verdict?.phases.map((p) => [p.phase, { bottleneck: p.bottleneck, ...saySavePhase(p, verdict.upload) }]) ?? []);
  const rows = save.phases.map((p) => {
    const ms = p.endMs - p.startMs;
    const j = judged.get(p.name);
    return [p.name, seconds(ms), save.saveMs > 0 ? `${Math.round((ms / save.saveMs) * 100)}%` : '', j?.bottleneck ?? '', j?.sentence ?? ''];
  });
  // The save's verdict right under what was saved; its phases and evidence behind one <details>, so no verdict sits between two tables.
  const parts = [head, '', verdict ? `**${escapeHtml(saySave(verdict))}** ${what}` : what];
  const evidence = [...judged.entries()]
    .filter(([, p]) => p.evidence.length > 0)
    .map(([phase, p]) => `**${phase}**\n\n${p.evidence.map((e) => `- ${escapeHtml(e)}`).join('\n')}`);
  const body = [table(['Phase', 'Time', 'Share', 'Limited by', 'Why'], rows, ['l', 'r', 'r', 'l', 'l']), ...evidence].join('\n\n');
  parts.push('', details(`Save phases${evidence.length > 0 ? ' and evidence' : ''}`, body));
  const timeline = save.phases.find((p) => p.name === 'upload')?.uploadTimeline;
  const upload = save.verdict?.upload;
  if (timeline && upload) {
    const section = transferSection(
      '#### Upload',
      sayUpload(upload),
      timeline,
      'Upload',
      "Lower bounds on the upload's time: stalls and waits for the store's answers stay unless the change removes them; a doubled rate halves at most the time bytes flowed.",
    );
    parts.push('', details(`Upload: ${upload.limit === 'stall' ? 'stalled' : upload.limit}, its requests over time`, section));
  }
  return parts.join('\n');
}
