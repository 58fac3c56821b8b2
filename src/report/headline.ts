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
import { measuredOnWords } from './fix-memory.js';
import type {
  Bottleneck,
  DownloadStall,
  PhaseName,
  PhaseRecord,
  Profile,
  Resource,
  RestoreResult,
  StallLead,
  Verdict,
  WhatIf,
  WorkflowFix,
} from '../profile/schema.js';
import { isDiskResource } from '../profile/schema.js';
import { percent, seconds } from '../util/format.js';
import { stallLead } from '../judge/download-in-verdict.js';
import { segmentTimeoutMinutes, stallOpening } from './say/download.js';
import { verdictCarriers } from '../judge/restore-rules.js';
import { PHASE_NOUN } from './say/nouns.js';
import { RESOURCE_WORDS, verdictWords } from './say/resources.js';
import { sayStallToolkit } from './say/transfer.js';
import { WORTH_CHANGING, worthChanging } from './advice.js';
import { EXPERIMENTS_FOR } from '../judge/auto-rules.js';
import { FIX_PLACEMENT, workflowFix } from '../experiment/fix-step.js';
import { sampledSavingWords } from '../experiment/sample-words.js';
import { isPattern } from '../config/restore-roots.js';
import { experimentsAccount } from '../experiment/account.js';
import { descriptorOf } from '../experiment/descriptors.js';

export const HEADLINE_MAX_WORDS = 25;

/** Where the experiments contradict a disk verdict: the headline and the box both say it, in these words. */
export const NOT_CONFIRMED = 'the disk is not confirmed';

/** A measured saving is a range when the baseline's runs spread more than this (percent of the median). */
export const NOISY_BASELINE_SPREAD_PERCENT = 25;

type Experiments = NonNullable<Profile['experiments']>;
type AlternativeOutcome = Experiments['outcomes'][number];

export interface HeadlineInput {
  verdict: Verdict;
  /** The profiled phases (durations where the verdict's phases carry none). */
  phases: readonly PhaseRecord[];
  restore: RestoreResult | null;
  experiments?: Experiments | undefined;
  /** The experiments held against the verdict (judge/experiments-check.ts); null without them. */
  check: { agrees: boolean | null } | null;
  /** The disk a disk verdict is about, where restore paths span several (Judgement.verdictDevice): named as the verdict names it. */
  device?: string | undefined;
  /** The restore paths on that disk, as the workflow wrote them; the box's estimate and step are about them. */
  devicePaths?: readonly string[];
  /** The restore paths as the workflow wrote them (config.paths), for an estimated fix's step; absent: no step offered. */
  paths?: readonly string[];
  /** The restore's extracted size, for a RAM disk's size; absent: the step is not offered. */
  extractedBytes?: number | null;
  /** Why no experiment ran, said once for the run (experiment/account.ts); null when some ran or none were asked for. */
  experimentsNoneRan?: string | null;
}

/** How the headline relates the verdict to the experiments. */
export const HEADLINE_BASES = ['no-restore', 'verdict', 'verdict-measured', 'measured-over-verdict', 'verdict-unchecked-cpu'] as const;
export type HeadlineBasis = (typeof HEADLINE_BASES)[number];

export interface WhatToDo {
  /**
   * measured-fix: an experiment saved time; what-if: an estimate only; fast: the most it could save
   * is under WORTH_CHANGING (report/advice.ts); nothing: no resource to relax.
   */
  kind: 'measured-fix' | 'what-if' | 'fast' | 'nothing';
  /** One or two sentences; Markdown only as `code`. */
  text: string;
  /** What to add to the workflow, each with where it goes; empty when there is nothing to type. */
  pastes: Paste[];
  /** What else to know about applying it (cost, what it leaves to later steps). */
  note: string | null;
}

/** Something to add to the workflow: a step of its own, an input of this action's step, or an environment variable of the restore step. */
export interface Paste {
  kind: 'step' | 'input' | 'env';
  /** YAML as it is pasted: `- name: …` for a step, `key: value` lines under `with:` / `env:` for the others. */
  yaml: string;
  /** Where it goes, in words. */
  placement: string;
  /** What placing it elsewhere does; null where nothing goes wrong. */
  misplaced: string | null;
  /** The restore paths a step covers (every one); empty for inputs, env and machine-wide settings. */
  paths: string[];
  /** What it costs or leaves to later steps. */
  note: string | null;
}

export interface Headline {
  text: string;
  basis: HeadlineBasis;
  /** What the first screen names as the limit: the verdict's, or 'disk' / 'not-disk' when the measurement overruled it. */
  names: Bottleneck | 'disk' | 'not-disk';
  todo: WhatToDo;
}

const MEASURE_PLACEMENT = "In this action's `with:`: the next run measures them on this runner (about a minute).";

/** A fix's title is its experiment's (src/experiment/descriptors.ts). */
const fixTitle = (a: AlternativeOutcome['alternative']) => descriptorOf(a).words.title;

/** Older recordings may carry a bottleneck no longer in the list (schema 1's 'writeback'): say/resources.ts verdictWords. */
function label(b: string): string {
  return verdictWords(b).label;
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
/**
 * The phases the verdict puts on its bottleneck, as the judge decided them (Verdict.decision); for a
 * verdict recorded before the decision, the judge's same rule over its phases.
 */
function decidedCarriers(input: HeadlineInput): { phase: PhaseName; share: number }[] {
  const v = input.verdict;
  return (
    v.decision?.carriers ??
    verdictCarriers(
      v.phases.map((p) => ({ phase: p.phase, bottleneck: p.bottleneck, durationMs: durationOf(v, input.phases, p.phase) })),
      v.bottleneck,
    )
  );
}

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

function whatIfSavingMs(w: WhatIf, totalMs: number): number {
  return w.savingAtMostMs ?? Math.max(0, totalMs - w.restoreLowerBoundMs);
}

function noRestoreHeadline(input: HeadlineInput): Headline {
  const r = input.restore;
  const nothing: WhatToDo = { kind: 'nothing', text: 'Nothing to apply: no restore was profiled.', pastes: [], note: null };
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

/** The experiments that change a resource, as this action's input; null for the network (none of them changes it). */
function measureInput(resource: Resource | null, why: string | null): Paste[] {
  const names = resource ? EXPERIMENTS_FOR[resource] : null;
  if (names?.length === 0) return [];
  const value = names ? names.join(', ') : 'default';
  return [
    {
      kind: 'input',
      yaml: `experiments: ${value}`,
      placement: `${MEASURE_PLACEMENT}${why ? ` They did not run here: ${why}.` : ''}`,
      misplaced: null,
      paths: [],
      note: null,
    },
  ];
}

function stepPaste(fix: WorkflowFix): Paste[] {
  if (fix.kind !== 'step' || !fix.yaml) return [];
  return [{ kind: 'step', yaml: fix.yaml, placement: fix.placement ?? FIX_PLACEMENT, misplaced: fix.misplaced, paths: fix.paths, note: fix.note }];
}

function fastBox(text: string): WhatToDo {
  return { kind: 'fast', text, pastes: [], note: null };
}

/** "under the 1 s", "under 10% of the 3.2 s": which part of WORTH_CHANGING a saving falls short of. */
function shortOf(savingMs: number, totalMs: number): string {
  const parts: string[] = [];
  if (savingMs < WORTH_CHANGING.savingMs) parts.push(seconds(WORTH_CHANGING.savingMs));
  if (totalMs <= 0 || savingMs / totalMs < WORTH_CHANGING.savingShare) parts.push(`${percent(WORTH_CHANGING.savingShare)} of the ${seconds(totalMs)}`);
  return `less than the ${parts.join(' and ')} worth changing a workflow for`;
}

function whatToDo(input: HeadlineInput, totalMs: number, untilOnDisk: boolean): WhatToDo {
  const scope = untilOnDisk ? 'the time until the files are on disk' : "the restore's time";
  const onDisk = untilOnDisk ? `The files were on disk in ${seconds(totalMs)}` : `The restore took ${seconds(totalMs)}`;
  const measured = measuredFix(input.experiments);
  if (measured) {
    const { fix, baseline } = measured;
    const s = savingRange(fix, baseline);
    const savedMs = Math.max(0, fix.savingMs ?? 0);
    const where = fix.alternative === 'other-disk' && fix.mountPoint ? ` (${fix.mountPoint})` : '';
    const baseMs = baseline?.timeMs.median ?? 0;
    if (!worthChanging(savedMs, baseMs)) {
      return fastBox(
        `${fixTitle(fix.alternative)}${where} saved ${s.ms} (${s.share}), measured: ${shortOf(savedMs, baseMs)}. This restore is fast enough: nothing needs changing.`,
      );
    }
    const what = fix.alternative === 'page-cache' ? 'off the step' : 'off the extraction until the files were on disk';
    const runs = fix.timeMs.runs === 1 ? 'one run' : `median of ${fix.timeMs.runs} runs`;
    const on = input.experiments?.measuredOn;
    // Measured on samples of the archive (issue 40): the words are experiment/sample-words.ts's, as in the table.
    const sampled = input.experiments ? sampledSavingWords(input.experiments, fix) : null;
    const text = `${fixTitle(fix.alternative)}${where}: measured ${s.ms} (${s.share}) ${what}, ${runs} ${on ? `${measuredOnWords(on)}, on this hardware and a cache of this shape` : 'on this runner'}${sampled ? `, ${sampled}` : ''}.`;
    if (!fix.fix) {
      return {
        kind: 'measured-fix',
        text,
        pastes: [],
        note: 'This profile was recorded before fixes were written as workflow steps: profile again for the step to paste.',
      };
    }
    return { kind: 'measured-fix', text, pastes: stepPaste(fix.fix), note: null };
  }
  const v = input.verdict;
  const ran = input.experiments && input.experiments.outcomes.length > 0;
  const none = ran ? `No measured fix saved ${percent(WORTH_CHANGING.savingShare)} of the extraction here. ` : '';
  const noneRan = input.experimentsNoneRan ?? null;
  if (!isResource(v.bottleneck)) {
    if (totalMs < WORTH_CHANGING.savingMs)
      return fastBox(`${onDisk}: less than the ${seconds(WORTH_CHANGING.savingMs)} worth changing a workflow for. Nothing needs changing.`);
    return {
      kind: 'nothing',
      text: `${none}${v.bottleneck === 'none' ? 'No resource was near its limit: nothing to relax.' : 'No resource could be named, so no fix is estimated.'}`,
      pastes: ran ? [] : measureInput(null, noneRan),
      note: null,
    };
  }
  const w = v.whatIf.find((x) => x.resource === v.bottleneck);
  // The phases the headline names as limited by it (the judge's decision), not a list of its own.
  const boundPhasesMs = decidedCarriers(input).reduce((sum, c) => sum + c.share * totalMs, 0);
  const mostMs = w && w.measured !== false ? Math.min(totalMs, whatIfSavingMs(w, totalMs)) : Math.min(totalMs, boundPhasesMs);
  const disk = isDiskResource(v.bottleneck);
  // Restore paths on several disks: the box is about the one the verdict names, and the paths it holds.
  const onDevice = disk && input.device ? (input.devicePaths ?? []) : [];
  const noun =
    disk && input.device
      ? `${RESOURCE_WORDS[v.bottleneck].writeNoun.replace("disk's", `${input.device}'s`)}${onDevice.length > 0 ? ` (${onDevice.join(', ')})` : ''}`
      : `the ${RESOURCE_WORDS[v.bottleneck].writeNoun}`;
  if (!worthChanging(mostMs, totalMs)) {
    const bound = w && w.measured !== false ? `twice ${noun} would save at most ${seconds(mostMs)}` : `the phases it limited took ${seconds(mostMs)}`;
    return fastBox(`${onDisk}; ${bound}, ${shortOf(mostMs, totalMs)}. Nothing needs changing.`);
  }
  const most = seconds(mostMs);
  const least = w?.savingAtLeastMs != null && w.savingAtLeastMs > 0 ? seconds(w.savingAtLeastMs) : null;
  const estimate = !w
    ? ''
    : w.measured === false
      ? `How much twice ${noun} would save is not measured: no ceiling for it was probed or sustained. `
      : least
        ? `Twice ${noun} would save ${least} to ${most} of ${scope} (an estimate, not measured). `
        : `Twice ${noun} would save at most ${most} of ${scope} (an estimate, not measured). `;
  // The estimated disk fix as a step, where one step can cover every restore path (no pattern among them);
  // on several disks, the paths on the verdict's disk.
  const paths = onDevice.length > 0 ? onDevice : (input.paths ?? []);
  const ramStep =
    disk && paths.length > 0 && !paths.some(isPattern) && input.extractedBytes
      ? stepPaste(workflowFix('ram', { paths, mountPoint: null, extractedBytes: input.extractedBytes }))
      : [];
  const advice =
    disk && ramStep.length === 0
      ? RESOURCE_WORDS[v.bottleneck].advice.replace(' (the step below, not measured here', ' (not measured here')
      : RESOURCE_WORDS[v.bottleneck].advice;
  return {
    kind: 'what-if',
    text: `${none}${estimate}${advice}`,
    pastes: [...ramStep, ...(ran ? [] : measureInput(v.bottleneck, noneRan))],
    note: null,
  };
}

/**
 * A download stall the judge put first (Verdict.leads): the headline says how long and what share of
 * the time (opened as the verdict's stallHeadline sentence is, but short), the box what would cut it
 * short (the Azure SDK's segment timeout) where that setting lets a normal segment finish
 * (the judge's cut, RestoreDecision.stall), or that no setting does.
 */
function stallFirstScreen(input: HeadlineInput, stall: DownloadStall, totalMs: number, scope: string): Headline {
  const share = totalMs > 0 ? percent(Math.min(1, stall.durationMs / totalMs)) : '';
  const text = `${stallOpening(stall)}): ${share} of the ${scope}.`;
  const lead = stallCutOf(input, stall);
  // The segment cuts carry the setting's figures; the others leave nothing to set (the toolkit's own words below).
  const t = lead?.segmentTimeout;
  if (lead && t) {
    const setting = segmentTimeoutMinutes(t.cutMs);
    const inForce = segmentTimeoutMinutes(t.inForceMs);
    if (lead.cut === 'no-safe-segment-timeout') {
      const normal = stall.normalSegmentMs != null ? `: a normal segment took ${seconds(stall.normalSegmentMs)} here` : '';
      return {
        text,
        basis: 'verdict',
        names: 'network',
        todo: {
          kind: 'nothing',
          text: `No setting cuts this stall short safely. SEGMENT_DOWNLOAD_TIMEOUT_MINS=${setting} (${inForce} in force) would, but would also abort normal segments as misses${normal}.`,
          pastes: [],
          note: null,
        },
      };
    }
    return {
      text,
      basis: 'verdict',
      names: 'network',
      todo: {
        kind: 'measured-fix',
        text: `SEGMENT_DOWNLOAD_TIMEOUT_MINS=${setting} or less (${inForce} in force) would have cut this stall short, aborting the restore as a miss instead of waiting.`,
        pastes: [
          {
            kind: 'env',
            yaml: `SEGMENT_DOWNLOAD_TIMEOUT_MINS: '${setting}'`,
            placement: "In the restore step's `env:` (this action's, or actions/cache's): @actions/cache reads it there.",
            misplaced: null,
            paths: [],
            note: null,
          },
        ],
        note: 'The Azure SDK has no timeout on a response body: this setting is the only one that ends such a stall.',
      },
    };
  }
  return { text, basis: 'verdict', names: 'network', todo: { kind: 'nothing', text: capitalised(sayStallToolkit(stall)), pastes: [], note: null } };
}

/**
 * What would cut the leading stall short, as the judge decided it (RestoreDecision.stall); for a verdict
 * recorded before, the judge's same rule over the download's limits.
 */
function stallCutOf(input: HeadlineInput, stall: DownloadStall): StallLead | null {
  const decided = input.verdict.decision?.stall;
  if (decided) return decided;
  const limits = input.phases.find((p) => p.name === 'download')?.downloadTimeline?.limits;
  return limits ? stallLead(stall, null, limits) : null;
}

function capitalised(s: string): string {
  const t = s.charAt(0).toUpperCase() + s.slice(1);
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/** The restore paths as the workflow wrote them; the config record is loosely typed (older profiles). */
function configPaths(profile: Profile): string[] {
  const p = profile.config.paths;
  return Array.isArray(p) ? p.filter((x): x is string => typeof x === 'string') : [];
}

/** The headline's input from a profile, its verdict and the experiments held against it. */
export function headlineInputOf(
  profile: Profile,
  verdict: Verdict,
  check: HeadlineInput['check'],
  device?: { name: string; paths: readonly string[] } | undefined,
): HeadlineInput {
  const paths = configPaths(profile);
  return {
    device: device?.name,
    // A workflow path is on the disk when the disk holds its absolute path (the restore's paths end with it).
    devicePaths: device ? paths.filter((p) => device.paths.some((abs) => abs === p || abs.endsWith(`/${p.replace(/^\.\//, '')}`))) : undefined,
    verdict,
    phases: profile.phases,
    restore: profile.restore,
    experiments: profile.experiments,
    check,
    paths,
    extractedBytes: profile.restore?.anatomy?.extractedBytes ?? null,
    experimentsNoneRan: experimentsAccount(profile)?.noneRan ?? null,
  };
}

export function headline(input: HeadlineInput): Headline {
  const v = input.verdict;
  if (v.phases.length === 0) return noRestoreHeadline(input);
  const names = v.phases.map((p) => p.phase);
  const totalMs = names.reduce((s, n) => s + durationOf(v, input.phases, n), 0);
  const untilOnDisk = names.includes('writeback');
  const scope = untilOnDisk ? `${seconds(totalMs)} until the files were on disk` : `${seconds(totalMs)} restore`;
  const stall = v.leads === 'download-stall' ? v.download?.stalls[0] : undefined;
  if (stall) return stallFirstScreen(input, stall, totalMs, scope);
  const todo = whatToDo(input, totalMs, untilOnDisk);

  const decided = decidedCarriers(input);
  const carriers = decided.map((c) => c.phase);
  const share = decided.reduce((s, c) => s + c.share, 0);
  const on = input.device && isDiskResource(v.bottleneck) ? ` on ${input.device}` : '';
  const base = `${label(v.bottleneck)}${on}: ${phaseList(carriers)} took ${percent(share)} of the ${scope}.`;

  const e = input.experiments;
  const ram = e?.outcomes.find((o) => o.alternative === 'ram');
  const baseline = e?.outcomes.find((o) => o.alternative === 'baseline');
  const agrees = input.check?.agrees ?? null;
  const disk = isDiskResource(v.bottleneck);
  if (agrees === false && ram && ram.savingShare !== null) {
    const s = savingRange(ram, baseline);
    if (disk) {
      return {
        // The saving is of the experiment's own extraction, which can be far shorter than the profiled one: name both figures.
        text: `${label(v.bottleneck)}${on} by its counters, but RAM saved only ${s.ms}${baseline ? ` of the experiments' ${seconds(baseline.timeMs.median)} extraction` : ''}: ${NOT_CONFIRMED}.`,
        basis: 'measured-over-verdict',
        names: 'not-disk',
        // The box says the same: whatever it offers, the measured figure is the headline's and the disk is not confirmed.
        todo: { ...todo, text: `${todo.text} Under half of what the counters put on the disk: ${NOT_CONFIRMED}.` },
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
