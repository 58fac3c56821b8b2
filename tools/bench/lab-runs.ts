/**
 * The lab in the benchmark: per scenario and run, one profiled restore and the intervention (the
 * same restore plain, then with each controlled resource relaxed 2×, each timed twice), checked against each other
 * (tools/lab/ground-truth.ts): verdict vs the intervention's answer, each what-if vs the measured
 * doubled time, the profile's restore + writeback vs the plain time until the files are on disk.
 */
import type { Lab } from '../lab/lab.js';
import { LAB_PROBE_BUDGET_MS, runScenario, type LabResult } from '../lab/lab.js';
import {
  checkAgainstIntervention,
  checkCpuRule,
  CPU_SINGLE_RUN_OVER,
  NOISE,
  profileFacts,
  SIGNIFICANT_SAVING,
  TIGHTNESS,
  TOTAL_TOLERANCE,
  type GroundTruthCheck,
  type WhatIfCheck,
} from '../lab/ground-truth.js';
import { intervene, type Intervention, type PlainTiming } from '../lab/intervention.js';
import { controlledResources, SCENARIOS, type LabScenarioName, type Resource, type ScenarioSpec } from '../lab/scenario-specs.js';
import { expectation } from '../lab/scenarios.js';
import type { RunnerUser } from '../lab/run-as.js';
import { judgeProfile } from '../../src/judge/judge.js';
import type { Profile } from '../../src/profile/schema.js';
import { errorMessage } from '../../src/util/errors.js';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BenchRow } from './table.js';
import { fixed, median } from './stats.js';

export interface LabRun {
  /** Set when the run could not complete (the row then counts it as not met). */
  error?: string;
  check?: GroundTruthCheck;
  /** The plain base runs (before and after the relaxed ones), to show their spread. */
  baseRuns?: PlainTiming[];
  /** Each relaxed variant's own runs, to show their spread. */
  relaxed?: Intervention['relaxed'];
  wallMs: number;
}

export interface ScenarioRuns {
  scenario: LabScenarioName;
  resources: Resource[];
  runs: LabRun[];
}

/**
 * One lab run as measured, kept on disk by `--keep DIR`: the profile (with its samples and probes) and
 * the plain intervention beside it, so the run can be judged again offline by a later judge
 * (`--rejudge DIR`) without measuring anything again.
 */
export interface KeptLabRun {
  scenario: LabScenarioName;
  run: number;
  profile: Profile;
  intervention: Intervention;
  cpuSeconds?: number;
  wallMs: number;
}

function checkRun(r: ScenarioRuns, profile: Profile, intervention: Intervention, cpuSeconds: number | undefined): GroundTruthCheck {
  const facts = { ...profileFacts(profile), ...(cpuSeconds !== undefined ? { cpuSeconds } : {}) };
  const check = checkAgainstIntervention(facts, intervention);
  // Nothing controlled (baseline): no relaxation to compare with, so the row would accept any
  // verdict; the scenario's own rule (not a disk verdict unless ≥ 80 % of a ceiling) decides.
  if (r.resources.length === 0) {
    const { right, expected } = expectation(r.scenario, profile);
    check.verdict = { ...check.verdict, right, expected };
  }
  return check;
}

/** The runs `--keep DIR` wrote, each profile judged again by this build's judge and checked as when measured. */
export function rejudgeLab(dir: string, scenarios: readonly LabScenarioName[], log: (line: string) => void = () => {}): ScenarioRuns[] {
  const kept = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as KeptLabRun)
    .sort((a, b) => a.run - b.run);
  const out: ScenarioRuns[] = [];
  for (const scenario of scenarios) {
    const mine = kept.filter((k) => k.scenario === scenario);
    if (mine.length === 0) continue;
    const r: ScenarioRuns = { scenario, resources: controlledResources(SCENARIOS[scenario]), runs: [] };
    for (const k of mine) {
      k.profile.verdict = judgeProfile(k.profile);
      const check = checkRun(r, k.profile, k.intervention, k.cpuSeconds);
      r.runs.push({ check, baseRuns: k.intervention.baseRuns, relaxed: k.intervention.relaxed, wallMs: k.wallMs });
      log(
        `  ${scenario} run ${k.run} (re-judged): verdict ${check.verdict.got} (intervention: ${check.verdict.expected}) ${check.verdict.right ? 'right' : 'WRONG'}`,
      );
    }
    out.push(r);
  }
  return out;
}

export async function benchLab(
  lab: Lab,
  scenarios: readonly LabScenarioName[],
  runs: number,
  log: (line: string) => void = () => {},
  keepDir?: string,
  /** The profiled step as this user (`--as-user`); the intervention's plain runs stay root, as the lab's setup. */
  asUser?: RunnerUser,
): Promise<ScenarioRuns[]> {
  if (keepDir) fs.mkdirSync(keepDir, { recursive: true });
  const out: ScenarioRuns[] = [];
  for (const scenario of scenarios) {
    const spec = SCENARIOS[scenario];
    const r: ScenarioRuns = { scenario, resources: controlledResources(spec), runs: [] };
    for (let i = 0; i < runs; i++) {
      const started = Date.now();
      try {
        // Alternate which side goes first, so a trend in the shared machine's load favours neither.
        const got: { result?: LabResult; intervention?: Intervention } = {};
        const profiled = async () => {
          got.result = await runScenario(lab, spec, asUser ? { asUser } : {});
        };
        const plain = async () => {
          got.intervention = await intervene(lab, spec);
        };
        for (const step of i % 2 === 0 ? [profiled, plain] : [plain, profiled]) await step();
        const { result, intervention } = got;
        if (!result || !intervention) throw new Error(`internal: ${scenario} run ${i + 1} lacks a side`);
        const check = checkRun(r, result.profile, intervention, result.cpuSeconds);
        const wallMs = Date.now() - started;
        r.runs.push({ check, baseRuns: intervention.baseRuns, relaxed: intervention.relaxed, wallMs });
        if (keepDir) {
          const kept: KeptLabRun = {
            scenario,
            run: i + 1,
            profile: result.profile,
            intervention,
            wallMs,
            ...(result.cpuSeconds !== undefined ? { cpuSeconds: result.cpuSeconds } : {}),
          };
          fs.writeFileSync(path.join(keepDir, `${scenario}-run${i + 1}.json`), JSON.stringify(kept));
        }
        log(
          `  ${scenario} run ${i + 1}: verdict ${check.verdict.got} (intervention: ${check.verdict.expected}) ${check.verdict.right ? 'right' : 'WRONG'}; total ${fixed(check.total.profileMs / 1000, 2)} s vs plain ${fixed(check.total.plainMs / 1000, 2)} s`,
        );
      } catch (error) {
        r.runs.push({ error: errorMessage(error), wallMs: Date.now() - started });
        log(`  ${scenario} run ${i + 1} failed: ${errorMessage(error)}`);
      }
    }
    out.push(r);
  }
  return out;
}

const nums = (xs: readonly (number | null | undefined)[]) => xs.filter((x): x is number => typeof x === 'number');
const s = (ms: number | null) => fixed(ms === null ? null : ms / 1000, 2, ' s');
const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(0)}%`;
/** A run's total against plain: on wall time, and where the CPU work was metered at the profiled run's CPU work too (the basis judged). */
const totalDifference = (c: GroundTruthCheck) =>
  c.total.differenceAtProfileCpu === null ? pct(c.total.difference) : `${pct(c.total.difference)} (${pct(c.total.differenceAtProfileCpu)} at its CPU work)`;

function failedNote(r: ScenarioRuns): string {
  const failed = r.runs.filter((x) => x.error);
  return failed.length ? `; ${failed.length} run(s) failed: ${failed[0]?.error}` : '';
}

export function labRows(results: readonly ScenarioRuns[]): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const r of results) {
    const checks = r.runs.flatMap((x) => (x.check ? [x.check] : []));
    const n = r.runs.length;
    const right = checks.filter((c) => c.verdict.right).length;
    const savings = r.resources.map(
      (res) => `${res} ×2 ${pct(-(median(nums(checks.map((c) => c.answer.savings.find((sv) => sv.resource === res)?.share))) ?? 0))}`,
    );
    const bases = r.runs.flatMap((x) => (x.baseRuns ? [x.baseRuns.map((b) => fixed(b.onDiskMs / 1000, 2)).join('/')] : []));
    const details = r.resources.length ? ` [${savings.join(', ')}; plain base ${bases.join(', ')} s]` : '';
    rows.push({
      section: 'Lab: verdict vs intervention',
      measure: r.scenario,
      result: `${right}/${n} right (${checks.map((c) => `${c.verdict.got} ${c.verdict.right ? '✓' : '✗'}`).join(', ')}); intervention: ${checks.map((c) => c.verdict.expected).at(-1) ?? 'n/a'}${details}${failedNote(r)}`,
      target: `names the 2× relaxation that saved most (when one saved ≥ ${SIGNIFICANT_SAVING * 100}%)`,
      met: n > 0 && right === n,
    });
    for (const res of r.resources) {
      const w = checks.map((c) => c.whatIfs.find((x) => x.resource === res));
      if (res === 'cpu') {
        rows.push(cpuRuleRow(r, w));
        continue;
      }
      const ok = w.filter((x) => x?.isLowerBound && x.tight).length;
      const ratios = w.map((x) => (x?.lowerBoundMs == null ? 'none' : `${((x.lowerBoundMs / x.measuredMs) * 100).toFixed(0)}%`));
      const spreads = r.runs.flatMap((x) => {
        const runs = x.relaxed?.find((v) => v.resource === res)?.runs;
        return runs ? [runs.map((t) => fixed(t.onDiskMs / 1000, 2)).join('/')] : [];
      });
      const measuredRuns = spreads.length ? `; measured runs ${spreads.join(', ')} s` : '';
      rows.push({
        section: 'Lab: what-if vs measured',
        measure: `${r.scenario}: ${res} ×2`,
        result: `${ok}/${n} ok; lower bound ${s(median(nums(w.map((x) => x?.lowerBoundMs))))} vs measured ${s(median(nums(w.map((x) => x?.measuredMs))))} (per run: ${ratios.join(', ')}${measuredRuns})`,
        target: `lower bound (≤ ${100 + NOISE * 100}%) and tight (≥ ${TIGHTNESS * 100}%)`,
        met: n > 0 && ok === n,
      });
    }
    const within = checks.filter((c) => c.total.within).length;
    rows.push({
      section: 'Lab: profile total vs plain',
      measure: `${r.scenario}: restore + writeback`,
      result: `${within}/${n} within; profile ${s(median(checks.map((c) => c.total.profileMs)))} vs plain ${s(median(checks.map((c) => c.total.plainMs)))} (per run: ${checks.map(totalDifference).join(', ')})`,
      target: `within ±${TOTAL_TOLERANCE * 100}% (at the profiled run's CPU work where metered)`,
      met: n > 0 && within === n,
    });
  }
  return rows;
}

const ratio = (x: number | null) => (x === null ? 'none' : `${(x * 100).toFixed(0)}%`);

/**
 * A CPU what-if by the rule over the runs (ground-truth.ts, checkCpuRule): the median ratio, each
 * run's, the basis (CPU-seconds when every side was metered, else wall time) and each run's measured
 * CPU-seconds, so the spread that made the rule necessary is on the page.
 */
function cpuRuleRow(r: ScenarioRuns, w: readonly (WhatIfCheck | undefined)[]): BenchRow {
  const rule = checkCpuRule(w);
  const n = r.runs.length;
  const halved = w.some((x) => x?.fromHalved);
  const measured = w.map((x) => (rule.basis === 'cpu-seconds' ? (x?.measuredAtProfileCpuMs ?? null) : (x?.measuredMs ?? null)));
  const cpuRuns = r.runs.flatMap((x) => {
    const runs = [...(x.baseRuns ?? []), ...(x.relaxed?.find((v) => v.resource === 'cpu')?.runs ?? [])];
    return runs.length && runs.every((t) => typeof t.cpuSeconds === 'number') ? [runs.map((t) => fixed(t.cpuSeconds as number, 2)).join('/')] : [];
  });
  const relaxedRuns = r.runs.flatMap((x) => {
    const runs = x.relaxed?.find((v) => v.resource === 'cpu')?.runs;
    return runs ? [runs.map((t) => fixed(t.onDiskMs / 1000, 2)).join('/')] : [];
  });
  const notes = [
    ...(relaxedRuns.length ? [`${halved ? 'halved' : 'doubled'} runs ${relaxedRuns.join(', ')} s`] : []),
    `basis ${rule.basis === 'cpu-seconds' ? "CPU-seconds (each doubled run brought to the profiled run's tar + unzstd CPU work)" : 'wall time'}`,
    ...(halved ? ['doubled time extrapolated from the halved CPU: 1.5·base − 0.5·halved'] : []),
    ...(cpuRuns.length ? [`tar + unzstd CPU-s (base/relaxed runs) ${cpuRuns.join(', ')}`] : []),
  ];
  return {
    section: 'Lab: what-if vs measured',
    measure: `${r.scenario}: cpu ×2 (median rule)`,
    result: `${rule.met ? 'ok' : 'not met'}; median ${ratio(rule.median)}, worst run ${ratio(rule.worst)}; lower bound ${s(median(nums(w.map((x) => x?.lowerBoundMs))))} vs doubled ${s(median(nums(measured)))} (per run: ${rule.ratios.map(ratio).join(', ')}; ${notes.join('; ')})${failedNote(r)}`,
    target: `median a lower bound (≤ ${100 + NOISE * 100}%) and tight (≥ ${TIGHTNESS * 100}%); no run over ${100 + CPU_SINGLE_RUN_OVER * 100}%`,
    met: n > 0 && rule.met && r.runs.every((x) => !x.error),
  };
}

/**
 * A rough model of one scenario's bench time, from its settings and the lab cache's size, to print
 * before starting (not a measurement: the shared machine's load moves it). Constants are the lab
 * recordings' figures (fixtures/profiles/lab-*.json).
 */
const MODEL = {
  /** The lab cache: ~125 MB in ~12.9k files, a 12.9 MB archive. */
  cacheBytes: 125e6,
  archiveBytes: 12.9e6,
  /** Bios of its writeback with merging off (disk-iops: ~17 s at 1000 IOPS). */
  unmergedWrites: 17_000,
  /** tar + unzstd CPU (cpu: ~29 s at 0.3 of a core). */
  cpuCoreSeconds: 9,
  /** A restore on an unthrottled runner, with its tail (baseline recordings: 3–11 s). */
  plainSeconds: 6,
  setupSeconds: { vm: 0.5, loop: 3, 'cloud-volume': 8, overlay: 3.5, 'dm-linear': 3.5, 'two-disks': 6 },
  /** A whole-step scenario starts the bundled CLI in a child for each restore. */
  childStartSeconds: 1,
  /** Writing the earlier step's pages, then the anatomy, outputs and the like around a profile. */
  profileExtraSeconds: 5,
} as const;

function restoreSeconds(spec: ScenarioSpec): number {
  const c = spec.controls;
  const terms: number[] = [MODEL.plainSeconds];
  if (c.downloadBytesPerSecond) terms.push(MODEL.archiveBytes / c.downloadBytesPerSecond);
  if (c.cpuCores) terms.push(MODEL.cpuCoreSeconds / c.cpuCores);
  if (c.writeBytesPerSecond) terms.push(MODEL.cacheBytes / c.writeBytesPerSecond);
  // blkio counts bios before merging; only the cloud volume's lower device receives merged requests.
  if (c.writeIops) terms.push((spec.disk === 'cloud-volume' ? MODEL.unmergedWrites / 10 : MODEL.unmergedWrites) / c.writeIops);
  const preFlush = spec.earlierDirtyBytes && c.writeBytesPerSecond ? spec.earlierDirtyBytes / c.writeBytesPerSecond : 0;
  return Math.max(...terms) + preFlush;
}

export function estimateLabSeconds(scenarios: readonly LabScenarioName[], runs: number): number {
  let total = 0;
  for (const name of scenarios) {
    const spec = SCENARIOS[name];
    const setup = MODEL.setupSeconds[spec.disk] + (spec.cpuScope === 'step' ? MODEL.childStartSeconds : 0);
    const profile = setup + restoreSeconds(spec) + LAB_PROBE_BUDGET_MS / 1000 + MODEL.profileExtraSeconds;
    // The relaxed variants (each timed twice) are faster; counting them at full time keeps the estimate an upper one.
    const relaxedCount = controlledResources(spec).length;
    // A halved variant takes about twice the base time.
    const halvedCount = spec.halved?.length ?? 0;
    const plain = (1 + 2 * relaxedCount + 2 * halvedCount + (relaxedCount > 0 ? 1 : 0)) * (setup + restoreSeconds(spec));
    total += runs * (profile + plain);
  }
  return total;
}
