/**
 * The summary's first screen: a headline of at most HEADLINE_MAX_WORDS words (what limited the
 * restore, and how much of its time) and the "What to do" box (the best measured fix with its saving
 * and the line that applies it; else the what-if of the resource the verdict names). Pure, composed
 * from structured data only (bottlenecks, phase durations, what-ifs, the experiments' outcomes),
 * never from the judge's sentences.
 *
 * Measured fixes outrank estimates: the experiments extract the same archive again on the same
 * runner, an intervention, while the verdict reads counters. When they contradict the verdict the
 * headline says what was measured, or why the measurement cannot overrule it (tar's CPU time not
 * recorded, so a saving on RAM may be file-system CPU work rather than the disk).
 */
import type { Bottleneck, DownloadStall, PhaseName, PhaseRecord, Profile, Resource, RestoreResult, Verdict, WhatIf } from '../profile/schema.js';
import { percent, seconds } from '../util/format.js';
import { segmentTimeoutMinutes, stallOpening } from './download-in-verdict.js';
import { BOTTLENECK_LABEL } from './judge.js';
import { HEADLINE_RESOURCE_NOUN, PHASE_NOUN } from './nouns.js';

export const HEADLINE_MAX_WORDS = 25;

/** A measured saving is a range when the baseline's runs spread more than this (percent of the median). */
export const NOISY_BASELINE_SPREAD_PERCENT = 25;

/** Phases under this share of the restore are not named in the headline beside a longer one. */
export const MINOR_PHASE_SHARE = 0.03;

type Experiments = NonNullable<Profile['experiments']>;
type AlternativeOutcome = Experiments['outcomes'][number];

export interface HeadlineInput {
  verdict: Verdict;
  /** The profiled phases (durations where the verdict's phases carry none). */
  phases: readonly PhaseRecord[];
  restore: RestoreResult | null;
  experiments?: Experiments | undefined;
  /** The experiments held against the verdict (experiment/against-verdict.ts); null without them. */
  check: { agrees: boolean | null } | null;
  /** The disk a disk verdict is about, where restore paths span several (Judgement.verdictDevice): named as the verdict names it. */
  device?: string | undefined;
}

/** How the headline relates the verdict to the experiments. */
export const HEADLINE_BASES = ['no-restore', 'verdict', 'verdict-measured', 'measured-over-verdict', 'verdict-unchecked-cpu'] as const;
export type HeadlineBasis = (typeof HEADLINE_BASES)[number];

export interface WhatToDo {
  /** measured-fix: an experiment saved time; what-if: an estimate only; nothing: no resource to relax. */
  kind: 'measured-fix' | 'what-if' | 'nothing';
  /** One or two sentences; Markdown only as `code`. */
  text: string;
  /** The shell line (or workflow input) that applies it; null when there is nothing to type. */
  command: string | null;
  /** What else to know about applying it (cost, what it leaves to later steps). */
  note: string | null;
}

export interface Headline {
  text: string;
  basis: HeadlineBasis;
  /** What the first screen names as the limit: the verdict's, or 'disk' / 'not-disk' when the measurement overruled it. */
  names: Bottleneck | 'disk' | 'not-disk';
  todo: WhatToDo;
}

/** What a user can do about each resource when no fix was measured. */
const RESOURCE_ADVICE: Record<Resource, string> = {
  network: 'A smaller archive (fewer or narrower cache paths) or a runner with more network bandwidth.',
  'disk-bandwidth': 'A disk with more write bandwidth, or a RAM disk for the cache path.',
  'disk-iops': 'A disk with more write IOPS, or a RAM disk for the cache path (many small files).',
  cpu: 'Faster or more CPU for tar and its decompressor (in a container, a larger CPU quota), or a cheaper compression level.',
};

const FIX_TITLE: Record<AlternativeOutcome['alternative'], string> = {
  baseline: 'the restore as it is',
  ram: 'Restore into a RAM disk',
  decompress: 'Decompression alone',
  'other-disk': 'Restore onto another disk',
  'page-cache': 'Let the page cache absorb the restore',
};

/** Older recordings may carry a bottleneck no longer in the list (schema 1's 'writeback'). */
function label(b: string): string {
  return BOTTLENECK_LABEL[b as Bottleneck] ?? `Limited by ${b}`;
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function durationOf(verdict: Verdict, phases: readonly PhaseRecord[], name: PhaseName): number {
  const given = verdict.phases.find((p) => p.phase === name)?.durationMs;
  if (given !== undefined) return given;
  const r = phases.find((p) => p.name === name);
  return r ? r.endMs - r.startMs : 0;
}

function isResource(b: Bottleneck): b is Resource {
  return b !== 'none' && b !== 'inconclusive';
}

/** "extraction", "extraction and the writeback tail". */
function phaseList(names: readonly PhaseName[]): string {
  const nouns = names.map((n) => PHASE_NOUN[n]);
  return nouns.length <= 1 ? (nouns[0] ?? '') : `${nouns.slice(0, -1).join(', ')} and ${nouns[nouns.length - 1]}`;
}

/** The saving a user can count on: against the fastest baseline run and the fix's slowest, when the baseline was noisy. */
function savingRange(o: AlternativeOutcome, baseline: AlternativeOutcome | undefined): { ms: string; share: string } {
  const median = Math.max(0, o.savingMs ?? 0);
  const share = Math.max(0, o.savingShare ?? 0);
  if (!baseline || baseline.timeMs.runs < 2 || baseline.timeMs.spreadPercent <= NOISY_BASELINE_SPREAD_PERCENT) {
    return { ms: seconds(median), share: percent(share) };
  }
  const low = Math.max(0, baseline.timeMs.min - o.timeMs.max);
  const lowShare = baseline.timeMs.min > 0 ? low / baseline.timeMs.min : 0;
  return { ms: `${seconds(low).replace(/ s$/, '')}–${seconds(median)}`, share: `${percent(lowShare).replace(/%$/, '')}–${percent(share)}` };
}

/** The command inside an apply text ("...: before the restore step, `cmd` (note)"), and the rest. */
function splitApply(apply: string): { command: string | null; note: string | null } {
  const m = /`([^`]+)`/.exec(apply);
  if (!m) return { command: null, note: null };
  const rest = apply.slice((m.index ?? 0) + m[0].length).trim();
  const note = rest
    .replace(/^[(;,]\s*/, '')
    .replace(/\)$/, '')
    .trim();
  return { command: m[1] as string, note: note ? `${note.charAt(0).toUpperCase()}${note.slice(1)}.` : null };
}

function whatIfSavingMs(w: WhatIf, totalMs: number): number {
  return w.savingAtMostMs ?? Math.max(0, totalMs - w.restoreLowerBoundMs);
}

function noRestoreHeadline(input: HeadlineInput): Headline {
  const r = input.restore;
  const nothing: WhatToDo = { kind: 'nothing', text: 'Nothing to apply: no restore was profiled.', command: null, note: null };
  if (!r) return { text: 'No cache restore was profiled, so there is nothing to judge.', basis: 'no-restore', names: input.verdict.bottleneck, todo: nothing };
  if (r.error && !r.cacheHit)
    return {
      text: `The restore failed during ${r.error.phase}: nothing was restored, so there is nothing to judge.`,
      basis: 'no-restore',
      names: input.verdict.bottleneck,
      todo: { ...nothing, text: 'Fix the failure under "Problems met"; the next restore that succeeds is profiled.' },
    };
  if (r.skipped)
    return {
      text:
        r.skipped.reason === 'lookup-only'
          ? 'Lookup only: nothing was downloaded or extracted, so there is nothing to judge.'
          : 'The restore was skipped: nothing was downloaded or extracted.',
      basis: 'no-restore',
      names: input.verdict.bottleneck,
      todo: { ...nothing, text: 'Nothing to apply: a restore that downloads and extracts is needed to judge one.' },
    };
  if (!r.cacheHit)
    return {
      text: 'Cache miss: no entry matched the keys, so nothing was restored or judged.',
      basis: 'no-restore',
      names: input.verdict.bottleneck,
      todo: { ...nothing, text: 'Nothing to apply: the post step saves the cache, and the next run that hits it is profiled.' },
    };
  return { text: 'The profile recorded no phase to judge.', basis: 'no-restore', names: input.verdict.bottleneck, todo: nothing };
}

function measuredFix(e: Experiments | undefined): { fix: AlternativeOutcome; baseline: AlternativeOutcome | undefined } | null {
  if (!e || e.fixBest.alternative === 'none') return null;
  const fix = e.outcomes.find(
    (o) => o.alternative === e.fixBest.alternative && (o.mountPoint === e.fixBest.mountPoint || e.fixBest.alternative !== 'other-disk'),
  );
  if (!fix || fix.savingMs === null) return null;
  return { fix, baseline: e.outcomes.find((o) => o.alternative === 'baseline') };
}

function whatToDo(input: HeadlineInput, totalMs: number, untilOnDisk: boolean): WhatToDo {
  const measured = measuredFix(input.experiments);
  if (measured) {
    const { fix, baseline } = measured;
    const s = savingRange(fix, baseline);
    const where = fix.alternative === 'other-disk' && fix.mountPoint ? ` (${fix.mountPoint})` : '';
    const what = fix.alternative === 'page-cache' ? 'off the step' : 'off the extraction until the files were on disk';
    const runs = fix.timeMs.runs === 1 ? 'one run' : `median of ${fix.timeMs.runs} runs`;
    const { command, note } = splitApply(fix.apply);
    return {
      kind: 'measured-fix',
      text: `${FIX_TITLE[fix.alternative]}${where}: measured ${s.ms} (${s.share}) ${what}, ${runs} on this runner.`,
      command,
      note,
    };
  }
  const v = input.verdict;
  const ran = input.experiments && input.experiments.outcomes.length > 0;
  const none = ran ? 'No measured fix saved 10% of the extraction here. ' : '';
  const measure = ran ? null : 'experiments: default';
  // Skipped by `experiments: auto`, by `experiments: none`, or unable to run: say which, where the profile knows.
  const why =
    input.experiments?.status === 'skipped' && input.experiments.reason ? ` (they did not run here: ${input.experiments.reason.replace(/[.]$/, '')})` : '';
  const measureNote = ran ? null : `Set this input to measure the fixes on this runner${why}.`;
  if (!isResource(v.bottleneck)) {
    return {
      kind: 'nothing',
      text: `${none}${v.bottleneck === 'none' ? 'No resource was near its limit: nothing to relax.' : 'No resource could be named, so no fix is estimated.'}`,
      command: measure,
      note: measureNote,
    };
  }
  const w = v.whatIf.find((x) => x.resource === v.bottleneck);
  const scope = untilOnDisk ? 'the time until the files are on disk' : "the restore's time";
  const most = w ? seconds(Math.min(totalMs, whatIfSavingMs(w, totalMs))) : '';
  const least = w?.savingAtLeastMs != null && w.savingAtLeastMs > 0 ? seconds(w.savingAtLeastMs) : null;
  const noun = HEADLINE_RESOURCE_NOUN[v.bottleneck];
  const estimate = !w
    ? ''
    : w.measured === false
      ? `How much twice the ${noun} would save is not measured: no ceiling for it was probed or sustained. `
      : least
        ? `Twice the ${noun} would save ${least} to ${most} of ${scope} (an estimate, not measured). `
        : `Twice the ${noun} would save at most ${most} of ${scope} (an estimate, not measured). `;
  return { kind: 'what-if', text: `${none}${estimate}${RESOURCE_ADVICE[v.bottleneck]}`, command: measure, note: measureNote };
}

/**
 * A download stall is the first thing to fix (Verdict.download): the headline says how long and what
 * share of the time (opened as the verdict's stallHeadline sentence is, but short), the box what would
 * cut it short (the Azure SDK's segment timeout), or that no setting does.
 */
function stallFirstScreen(input: HeadlineInput, stall: DownloadStall, totalMs: number, scope: string): Headline {
  const timeline = input.phases.find((p) => p.name === 'download')?.downloadTimeline;
  const share = totalMs > 0 ? percent(Math.min(1, stall.durationMs / totalMs)) : '';
  const text = `${stallOpening(stall)}): ${share} of the ${scope}.`;
  const l = timeline?.limits;
  if (l && l.path === 'azure-sdk' && stall.kind !== 'first-byte') {
    const { setting, inForce } = segmentTimeoutMinutes(stall, l);
    return {
      text,
      basis: 'verdict',
      names: 'network',
      todo: {
        kind: 'measured-fix',
        text: `SEGMENT_DOWNLOAD_TIMEOUT_MINS=${setting} or less (${inForce} in force) would have cut this stall short, aborting the restore as a miss instead of waiting.`,
        command: `env:\n  SEGMENT_DOWNLOAD_TIMEOUT_MINS: '${setting}'`,
        note: 'The Azure SDK has no timeout on a response body: this setting is the only one that ends such a stall.',
      },
    };
  }
  return { text, basis: 'verdict', names: 'network', todo: { kind: 'nothing', text: capitalised(stall.toolkit), command: null, note: null } };
}

function capitalised(s: string): string {
  const t = s.charAt(0).toUpperCase() + s.slice(1);
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

export function headline(input: HeadlineInput): Headline {
  const v = input.verdict;
  if (v.phases.length === 0) return noRestoreHeadline(input);
  const names = v.phases.map((p) => p.phase);
  const totalMs = names.reduce((s, n) => s + durationOf(v, input.phases, n), 0);
  const untilOnDisk = names.includes('writeback');
  const scope = untilOnDisk ? `${seconds(totalMs)} until the files were on disk` : `${seconds(totalMs)} restore`;
  const stall = v.download?.limit === 'stall' ? v.download.stalls[0] : undefined;
  if (stall) return stallFirstScreen(input, stall, totalMs, scope);
  const todo = whatToDo(input, totalMs, untilOnDisk);

  // The phases the verdict puts on its bottleneck; for none/inconclusive the longest phase.
  // A phase of under MINOR_PHASE_SHARE (the lookup's round trip, a burst of a download) is left out of the
  // list, and of the share, where a longer one carries the resource.
  const ms = (n: PhaseName) => durationOf(v, input.phases, n);
  const onIt = v.phases.filter((p) => p.bottleneck === v.bottleneck).map((p) => p.phase);
  const major = onIt.filter((n) => totalMs > 0 && ms(n) >= MINOR_PHASE_SHARE * totalMs);
  const longest = names.reduce((a, b) => (ms(b) > ms(a) ? b : a));
  const carriers = major.length > 0 ? major : onIt.length > 0 ? onIt : [longest];
  const share = totalMs > 0 ? carriers.reduce((s, n) => s + durationOf(v, input.phases, n), 0) / totalMs : 0;
  const on = input.device && (v.bottleneck === 'disk-bandwidth' || v.bottleneck === 'disk-iops') ? ` on ${input.device}` : '';
  const base = `${label(v.bottleneck)}${on}: ${phaseList(carriers)} took ${percent(share)} of the ${scope}.`;

  const e = input.experiments;
  const ram = e?.outcomes.find((o) => o.alternative === 'ram');
  const baseline = e?.outcomes.find((o) => o.alternative === 'baseline');
  const agrees = input.check?.agrees ?? null;
  const disk = v.bottleneck === 'disk-bandwidth' || v.bottleneck === 'disk-iops';
  if (agrees === false && ram && ram.savingShare !== null) {
    const s = savingRange(ram, baseline);
    if (disk) {
      return {
        text: `${label(v.bottleneck)} by its counters, yet extracting into RAM saved only ${s.share} (${s.ms}): the disk did not limit this restore.`,
        basis: 'measured-over-verdict',
        names: 'not-disk',
        todo,
      };
    }
    if (v.bottleneck === 'cpu' && !ram.cpuMs) {
      // Under a CPU limit, RAM also removes the file system's CPU work: without tar's CPU time the two cannot be told apart.
      return {
        text: `CPU-bound by its counters, yet extracting into RAM saved ${s.share}: file-system CPU work or the disk; tar's CPU time was not recorded.`,
        basis: 'verdict-unchecked-cpu',
        names: v.bottleneck,
        todo,
      };
    }
    return {
      text: `Disk-bound, measured: extracting into RAM saved ${s.share} (${s.ms}), though the counters pointed at ${v.bottleneck === 'cpu' ? 'the CPU' : v.bottleneck}.`,
      basis: 'measured-over-verdict',
      names: 'disk',
      todo,
    };
  }
  if (agrees === true && ram && disk) {
    const s = savingRange(ram, baseline);
    return { text: `${base.replace(/\.$/, '')}; RAM saved ${s.share}, measured.`, basis: 'verdict-measured', names: v.bottleneck, todo };
  }
  return { text: base, basis: agrees === true ? 'verdict-measured' : 'verdict', names: v.bottleneck, todo };
}
