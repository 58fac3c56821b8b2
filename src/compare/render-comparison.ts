/**
 * The compare step summary: the recommendation first, then one table sorted by what it uses, the
 * spread per label as a chart, and the runs. Words only: every figure comes from the comparison
 * (compare.ts) and the recommendation (recommend.ts), each judged by this version (judged-run.ts). Pure.
 */
import { PHASE_NOUN } from '../report/say/nouns.js';
import { RESOURCE_WORDS, verdictWords } from '../report/say/resources.js';
import { PHASES, type ProbeName } from '../profile/schema.js';
import { cell, denseTable, details } from '../report/markdown.js';
import { xyChartInit } from '../report/palette.js';
import { iops, mibPerSecond, percent, seconds } from '../util/format.js';
import type { Spread } from '../util/spread.js';
import { TOOL_VERSION } from '../version.js';
import { bestFixCell } from './best-fix.js';
import { renderHardwareKinds } from './hardware-kinds.js';
import type { CeilingName, Comparison, RunnerComparison, RunTimes } from './compare.js';
import { hardware, type JudgedRun } from './judged-run.js';
import { type Recommendation, slowKinds } from './recommend.js';

/** The two times, named and defined once for the whole summary. */
export const STEP_TIME = 'Restore step';
export const ON_DISK_TIME = 'Until on disk';
const DEFINITIONS = `*${STEP_TIME}*: lookup + download + extraction, until tar exited (what the step takes). *${ON_DISK_TIME}*: the restore step plus the writeback tail, until the restored files were on disk; labels rank by its p50. *Spread*: a label's fastest to slowest run until on disk; two labels whose spreads overlap tie (the difference is within the runs' spread). p50 and p90 interpolate between runs.`;

const CEILING_COLUMNS: Record<CeilingName, { header: string; probe: ProbeName; format: (v: number) => string }> = {
  seqWriteMiBps: { header: 'Seq write (MiB/s)', probe: 'seq-write', format: (v) => v.toFixed(0) },
  randWriteIops: { header: 'Rand write (IOPS)', probe: 'rand-write', format: (v) => v.toFixed(0) },
  seqReadMiBps: { header: 'Seq read (MiB/s)', probe: 'seq-read', format: (v) => v.toFixed(0) },
  randReadIops: { header: 'Rand read (IOPS)', probe: 'rand-read', format: (v) => v.toFixed(0) },
};

/** Seconds as the table prints them, so that every figure of the sentences can be read off the table. */
const s2 = (ms: number) => (ms / 1000).toFixed(2);
const sec = (ms: number) => `${s2(ms)} s`;
const usd = (x: number) => (x >= 1 ? `$${x.toFixed(2)}` : x >= 0.01 ? `$${x.toFixed(3)}` : `$${x.toPrecision(2)}`);
const runsWord = (n: number) => `${n} run${n === 1 ? '' : 's'}`;
const code = (label: string) => `\`${label.replace(/`/g, "'")}\``;

function list(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

function range(t: RunTimes): string {
  return t.runs > 1 ? `${s2(t.min)}–${sec(t.max)}` : `${sec(t.min)}, one run`;
}

/** "Disk-bound (IOPS): extraction and the writeback tail took 95% of its 8.99 s until on disk; …", from the judged decision. */
export function whySentence(run: JudgedRun): string {
  const parts: string[] = [verdictWords(run.bottleneck).label];
  const phases = list(run.phases.map((p) => PHASE_NOUN[p]));
  const clauses: string[] = [];
  if (phases && run.phasesShare !== null && run.untilOnDiskMs !== null)
    clauses.push(`${phases} took ${percent(run.phasesShare)} of its ${sec(run.untilOnDiskMs)} until on disk`);
  const d = run.diskShare;
  if (d) {
    const rate = d.resource === 'disk-iops' ? iops : mibPerSecond;
    clauses.push(`the disk ${d.direction === 'write' ? 'wrote' : 'read'} ${rate(d.rate)}, ${percent(d.share)} of its ${rate(d.ceiling)} ceiling`);
  }
  const w = run.whatIf;
  if (w)
    clauses.push(`${w.speedup === 2 ? 'twice' : `${w.speedup} times`} the ${RESOURCE_WORDS[w.resource].noun} would save at most ${seconds(w.savingAtMostMs)}`);
  return `${parts[0]}${clauses.length > 0 ? `: ${clauses.join('; ')}` : ''}.`;
}

function timesOf(r: RunnerComparison): string {
  const t = r.untilOnDiskMs;
  return t ? `${sec(t.p50)} at p50 and ${sec(t.p90)} at p90 (${runsWord(t.runs)})` : 'no restore';
}

function laterText(ms: number): string {
  return ms >= 0 ? `${sec(ms)} later` : `${sec(-ms)} sooner`;
}

/** The recommendation in sentences a person acts on. */
export function recommendationText(c: Comparison): string[] {
  const rec: Recommendation = c.recommendation;
  const byLabel = new Map(c.runners.map((r) => [r.label, r]));
  const pick = rec.pick ? byLabel.get(rec.pick) : undefined;
  if (rec.kind === 'none' || !pick?.untilOnDiskMs) return ['**No runner label restored the cache**, so there is no time to rank: see each run below.'];
  const out: string[] = [];
  const sooner = rec.slower.map((s) => `${sec(s.p50LaterMs)} at p50 and ${sec(s.p90LaterMs)} at p90 sooner than ${code(s.label)}`);
  const asFast = rec.asFast.map((l) => byLabel.get(l)).filter((r): r is RunnerComparison => r?.untilOnDiskMs != null);
  const spreads = (rs: readonly RunnerComparison[]) => rs.map((r) => `${code(r.label)} ${range(r.untilOnDiskMs as RunTimes)}`).join(', ');
  if (rec.kind === 'tie') {
    const all = [pick, ...asFast];
    out.push(
      `**${list(all.map((r) => code(r.label)))} tie for this cache**: their restores were on disk after ${list(all.map((r) => sec((r.untilOnDiskMs as RunTimes).p50)))} at p50, a difference within their runs' spread (${spreads(all)}). Either will do; a price per label (the \`prices\` input) would break the tie.`,
    );
    if (sooner.length > 0) out.push(`${code(pick.label)} was on disk ${list(sooner)}.`);
  } else if (rec.by === 'cheaper-as-fast' && pick.cost) {
    const dearer = asFast.map((r) => `${code(r.label)} (${usd(r.cost?.per1000RunsUsd ?? 0)})`);
    out.push(
      `**Use ${code(pick.label)} for this cache**: as fast as ${list(asFast.map((r) => code(r.label)))} within their runs' spread (${spreads([pick, ...asFast])}) and cheaper: ${usd(pick.cost.per1000RunsUsd)} per 1,000 runs against ${list(dearer)}. Its restores were on disk after ${timesOf(pick)}${sooner.length > 0 ? `, ${list(sooner)}` : ''}.`,
    );
  } else if (c.runners.filter((r) => r.untilOnDiskMs).length === 1) {
    out.push(`**Only ${code(pick.label)} restored the cache** (${timesOf(pick)}), so there is nothing to compare it with.`);
  } else {
    out.push(`**Use ${code(pick.label)} for this cache**: its restores were on disk after ${timesOf(pick)}, ${list(sooner)}.`);
  }
  if (rec.cheaper && pick.cost) {
    out.push(
      `${code(rec.cheaper.label)} costs ${usd(rec.cheaper.savedPer1000RunsUsd)} less per 1,000 runs at the given prices and is ${sec(rec.cheaper.p50LaterMs)} slower at p50: ${rec.cheaper.p50LaterMs < 1000 ? 'the cheaper choice where a second or less does not matter' : 'the cheaper choice if that time does not matter'}.`,
    );
  }
  const slower = rec.slower.map((s) => byLabel.get(s.label)).filter((r): r is RunnerComparison => r !== undefined);
  if (slower.length > 0) {
    out.push('', "Why the others are slower (the verdict of the run nearest each label's p50):", '');
    for (const r of slower) {
      const s = rec.slower.find((x) => x.label === r.label);
      const mixed = r.bottlenecks.length > 1 ? ` Its runs: ${r.bottlenecks.map((b) => `${verdictWords(b.bottleneck).limitedBy} ×${b.runs}`).join(', ')}.` : '';
      out.push(`- ${code(r.label)}, ${laterText(s?.p50LaterMs ?? 0)} at p50 (${laterText(s?.p90LaterMs ?? 0)} at p90): ${whySentence(r.typical)}${mixed}`);
    }
  }
  if (rec.oneRun.length > 0 && c.runners.length > 1) {
    out.push(
      '',
      `${list(rec.oneRun.map(code))} ran once: ${rec.oneRun.length === 1 ? 'its' : 'their'} spread is not measured, so a difference from ${rec.oneRun.length === 1 ? 'it' : 'them'} is not checked against the runs' noise. Run each label a few times (a second matrix axis, e.g. \`attempt: [1, 2, 3]\`) to tell one from the other.`,
    );
  }
  for (const l of rec.notRestored) out.push(`- ${code(l)}: no restore to rank (${noRestore(byLabel.get(l)?.typical.profile.restore ?? null)}).`);
  return out;
}

/** Why a run has no time to rank, from its restore's record. */
function noRestore(r: JudgedRun['profile']['restore']): string {
  if (!r) return 'no restore was profiled';
  if (r.error) return `the restore failed during ${r.error.phase}`;
  if (r.skipped) return 'the restore was skipped by request';
  return r.cacheHit ? 'no phase was recorded' : 'a cache miss';
}

/** Labels whose runs landed on several hardware kinds: which, and which of them is slow. */
function kindsText(c: Comparison): string[] {
  return slowKinds(c.kinds).map(({ label, kinds: k, slow }) => {
    const each = k.kinds.map(
      (g) => `${code(g.fingerprintId)} (${g.hardware}; ${runsWord(g.runs)}${g.untilDurableMs ? `, ${sec(g.untilDurableMs.p50)} p50` : ''})`,
    );
    const which = slow
      ? `${code(slow.slow.fingerprintId)} is the slow one: ${sec(slow.p50LaterMs)} later at p50 than ${code(slow.fast.fingerprintId)}, beyond its p90.`
      : 'They are alike within their spread: no kind is slower beyond the p90 of another.';
    return `⚠ ${code(label)} landed on ${k.kinds.length} hardware kinds over ${runsWord(k.runs)} (${k.basis === 'history' ? "its history's" : 'this matrix'}): ${list(each)}. ${which} Which one a job gets is the runner service's choice.`;
  });
}

function timeCell(t: RunTimes | null): string {
  return t ? `${s2(t.p50)} / ${s2(t.p90)}` : '–';
}

function spreadCell(t: RunTimes | null): string {
  return t ? (t.runs > 1 ? `${s2(t.min)}–${s2(t.max)}` : `${s2(t.min)} <sub>1 run</sub>`) : '–';
}

function ceilingCell(s: Spread | null, format: (v: number) => string): string {
  if (!s) return '–';
  return s.runs > 1 ? `${format(s.median)} <sub>±${Math.round(s.spreadPercent / 2)}%</sub>` : format(s.median);
}

function verdictCell(r: RunnerComparison): string {
  return r.bottlenecks
    .map((b) => (r.bottlenecks.length > 1 ? `${verdictWords(b.bottleneck).limitedBy} ×${b.runs}` : verdictWords(b.bottleneck).limitedBy))
    .join(', ');
}

/** A label some of whose runs shared their machine (the note under the table says with what). */
function marks(r: RunnerComparison): string {
  return r.sharedRuns > 0 ? ` <sub>⚠ shared ${r.sharedRuns}/${r.runs.length}</sub>` : '';
}

function mainTable(c: Comparison): string {
  const rank = (r: RunnerComparison) => {
    const rec = c.recommendation;
    if (r.label === rec.pick) return '1';
    if (rec.asFast.includes(r.label)) return '1 (tie)';
    const i = rec.slower.findIndex((s) => s.label === r.label);
    return i >= 0 ? String(i + 2) : '–';
  };
  const header = [
    '#',
    'Runner',
    'Runs',
    `${ON_DISK_TIME} p50 / p90 (s)`,
    'Spread (s)',
    `${STEP_TIME} p50 / p90 (s)`,
    '$ per restore / 1,000 runs',
    'Verdict',
    'Best fix (measured)',
  ];
  const rows = c.runners.map((r) => [
    rank(r),
    `${r.label}${marks(r)}`,
    String(r.runs.length),
    timeCell(r.untilOnDiskMs),
    spreadCell(r.untilOnDiskMs),
    timeCell(r.stepMs),
    r.cost ? `${usd(r.cost.perRestoreUsd)} / ${usd(r.cost.per1000RunsUsd)}` : '–',
    verdictCell(r),
    bestFixCell(r.bestFix),
  ]);
  return denseTable(header, rows, ['r', 'l', 'r', 'r', 'r', 'r', 'r', 'l', 'l']);
}

/** The fio ceilings per label (medians, the spread over runs); a probe that measured the page cache is named, never a figure. */
function ceilingsTable(c: Comparison): string {
  const columns = Object.entries(CEILING_COLUMNS) as [CeilingName, (typeof CEILING_COLUMNS)[CeilingName]][];
  const rows = c.runners.map((r) => [
    r.label,
    ...columns.map(([name, col]) => (r.pageCache.includes(name) ? 'page cache, not ranked' : ceilingCell(r.ceilings[name], col.format))),
  ]);
  if (rows.every((row) => row.slice(1).every((x) => x === '–'))) return '';
  return denseTable(['Runner', ...columns.map(([, col]) => col.header)], rows, ['l', 'r', 'r', 'r', 'r']);
}

function mermaidLabel(label: string): string {
  return `"${label.replace(/["\n\r]/g, ' ').slice(0, 40)}"`;
}

/** The spread per label: the slowest run's bar, the fastest run's bar over it, and the p50 as a line. */
export function spreadChart(runners: readonly RunnerComparison[]): string {
  const rows = runners.filter((r): r is RunnerComparison & { untilOnDiskMs: RunTimes } => r.untilOnDiskMs !== null);
  if (rows.length === 0) return '';
  const values = (f: (t: RunTimes) => number) => rows.map((r) => Number((f(r.untilOnDiskMs) / 1000).toFixed(2))).join(', ');
  return [
    '```mermaid',
    xyChartInit(),
    'xychart-beta',
    `  title "${ON_DISK_TIME} per label (s): slowest run, fastest run, p50 line"`,
    `  x-axis [${rows.map((r) => mermaidLabel(r.label)).join(', ')}]`,
    `  y-axis "seconds" 0 --> ${Math.ceil(Math.max(...rows.map((r) => r.untilOnDiskMs.max)) / 1000)}`,
    `  bar [${values((t) => t.max)}]`,
    `  bar [${values((t) => t.min)}]`,
    `  line [${values((t) => t.p50)}]`,
    '```',
  ].join('\n');
}

function phasesTable(c: Comparison): string {
  const rows = c.runners.map((r) => [r.label, ...PHASES.map((p) => timeCell(r.phasesMs[p]))]);
  return denseTable(['Runner', ...PHASES.map((p) => `${PHASE_NOUN[p].replace(/^the /, '')} p50 / p90 (s)`)], rows, ['l', 'r', 'r', 'r', 'r']);
}

function runsTable(c: Comparison): string {
  const rows = c.runners.flatMap((r) =>
    r.runs.map((run) => [
      r.label,
      run.source,
      run.untilOnDiskMs === null ? '–' : s2(run.untilOnDiskMs),
      run.stepMs === null ? '–' : s2(run.stepMs),
      verdictWords(run.bottleneck).limitedBy,
      run.recordedBy === TOOL_VERSION
        ? run.recordedBy
        : `${run.recordedBy}${run.recordedBottleneck && run.recordedBottleneck !== run.bottleneck ? ` (it said ${verdictWords(run.recordedBottleneck).limitedBy})` : ''}`,
      hardware(run.profile),
    ]),
  );
  const header = ['Runner', 'Profile', `${ON_DISK_TIME} (s)`, `${STEP_TIME} (s)`, `Verdict (${TOOL_VERSION})`, 'Recorded by', 'Hardware'];
  return denseTable(header, rows, ['l', 'l', 'r', 'r', 'l', 'l', 'l']);
}

export function renderComparison(comparison: Comparison, problems: readonly string[] = []): string {
  const { runners } = comparison;
  const out: string[] = ['## Disk profiler: runners compared', ''];
  if (runners.length === 0) {
    out.push('No profiles to compare.');
    for (const p of problems) out.push(`- ${p}`);
    return out.join('\n');
  }
  out.push(...recommendationText(comparison), '');
  const kinds = kindsText(comparison);
  if (kinds.length > 0) out.push(...kinds, '');
  out.push(mainTable(comparison), '', DEFINITIONS, '');
  const chart = spreadChart(runners);
  if (chart) out.push(chart, '');
  const cached = runners.filter((r) => r.pageCache.length > 0);
  if (cached.length > 0) {
    out.push(
      `Probes that measured the page cache, not a disk, are not ranked or output as ceilings: ${list(cached.map((r) => `${code(r.label)} (${r.pageCache.map((n) => CEILING_COLUMNS[n].probe).join(', ')})`))}; a loop device over a file turns fio's direct writes into buffered ones.`,
      '',
    );
  }
  const elsewhere = runners.filter((r) => r.otherVersionRuns.length > 0);
  if (elsewhere.length > 0) {
    const n = elsewhere.reduce((s, r) => s + r.otherVersionRuns.length, 0);
    out.push(
      `Every profile is judged by disk-profiler ${TOOL_VERSION}'s rules, as \`disk-profiler render\` judges it; ${n} of ${runners.reduce((s, r) => s + r.runs.length, 0)} were recorded by another release (${list([...new Set(elsewhere.flatMap((r) => r.otherVersionRuns.map((x) => x.recordedBy)))])}): their figures are that release's recording, their verdicts this release's (the runs below say where they differ).`,
      '',
    );
  }
  const shared = runners.filter((r) => r.sharedRuns > 0);
  if (shared.length > 0) {
    out.push(
      `⚠ Shared machine: ${shared.map((r) => `${cell(r.label)} (${r.sharedRuns} of ${r.sources.length} runs)`).join(', ')} ran while another disk-profiler run used the same machine; those figures include its work. Give each job a machine of its own to compare runner types.`,
      '',
    );
  }
  const left = [
    ...problems,
    ...comparison.pricedButAbsent.map((l) => `prices: ${l} is priced, but no profile has that label`),
    ...comparison.unpricedLabels.map((l) => `prices: ${l} has no price, so its cost is not shown`),
  ];
  if (left.length > 0) {
    out.push('### Profiles left out and notes', '');
    for (const p of left) out.push(`- ${p}`);
    out.push('');
  }
  const ceilings = ceilingsTable(comparison);
  if (ceilings) out.push(details('Disk ceilings per label (fio)', ceilings), '');
  const kindsTables = renderHardwareKinds(comparison.kinds);
  if (kindsTables) out.push(`<details><summary>Hardware kinds per label</summary>\n\n${kindsTables}\n</details>`, '');
  out.push(details('Phases per label', phasesTable(comparison)), '');
  out.push(details('Each run', runsTable(comparison)));
  return out.join('\n');
}
