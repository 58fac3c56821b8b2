/**
 * The profile pipeline, outside any GitHub specifics: stages in the order they run, each taking the
 * part of the config it uses (stages/). See the machine, flush what earlier steps left dirty, restore
 * under the sampler with exact phase boundaries and time the writeback tail with syncfs (a repeat run
 * leaves it to a detached follower: stages/restore.ts), read what the restore wrote, probe the disk, judge once, run the experiments, add the run to its history (the post step adds it
 * where it judges: on a run whose tail was left to the follower). Side
 * effects stay in the stages and the modules they call; the result is a plain Profile and its judgement.
 */
import type { ProfileConfig } from '../config/config.js';
import { experimentsRequestFor } from '../experiment/from-profile.js';
import type { Judgement } from '../judge/judge.js';
import { diskProbeSuite } from '../report/say/probe-notes.js';
import { MachineSession } from '../machine/session.js';
import type { Profile } from '../profile/schema.js';
import { earlyReads, type EarlyReads } from './always-on.js';
import type { ExtractStart } from '../restore/timed-restore.js';
import type { BackgroundTail } from './follower.js';
import type { LoadedHistory } from '../history/store.js';
import type { RememberedFixes } from '../remember/fixes.js';
import { distinctFileSystems } from '../sample/syncfs.js';
import { monotonicMs } from '../util/clock.js';
import { runExperimentStage, recordExperiments } from './stages/experiments.js';
import { lookUpAnatomy } from '../remember/anatomy.js';
import { rememberAnatomy } from './stages/anatomy.js';
import { addToHistory } from './stages/history.js';
import type { KernelRoots, PipelineHooks } from './stages/hooks.js';
import { judgeOnce } from './stages/judge.js';
import { machineHold } from './stages/machine-hold.js';
import { viewMachine } from './stages/machine-view.js';
import { placeRestore, readRestoredTree } from './stages/placement.js';
import { flushEarlier } from './stages/preflush.js';
import { probeStage } from './stages/probes.js';
import { measuredProfile } from './stages/profile.js';
import { fixesEntryFor, nothingToMeasureHeld, readRemembered, rememberCeilings, rememberFixes, toMeasureHeld } from './stages/remembered.js';
import { awaitFollowedTail, leaveTailToFollower, measureRestore, waitForTail } from './stages/restore.js';
import { tailWaitAfterAllLine, tailWaitLine, whoWaitsForTail } from './tail-decision.js';

export type { PipelineHooks } from './stages/hooks.js';

export async function runProfile(config: ProfileConfig, hooks: PipelineHooks): Promise<Profile> {
  return (await runJudgedProfile(config, hooks)).profile;
}

/** A profile and its one judgement: the report renders this judgement, and nothing judges the run again. */
export interface JudgedProfile {
  profile: Profile;
  judgement: Judgement;
  /** A repeat run's tail, left to the detached follower: the post step waits for it and completes the profile. */
  backgroundTail?: BackgroundTail;
  /** With backgroundTail: the label's history as read here, which the post step adds the run to once judged with the tail. */
  historyForPost?: LoadedHistory;
  /** With backgroundTail: the fixes read here for this hardware and cache, which the post step judges with where auto's gate passes. */
  fixesForPost?: RememberedFixes;
}

/**
 * Measures, probes, judges once, then runs the experiments (auto chooses them from that judgement; the
 * judge reads neither the experiments nor what comes after them, so judging again would say the same).
 */
export async function runJudgedProfile(config: ProfileConfig, hooks: PipelineHooks): Promise<JudgedProfile> {
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    hooks.warn(message);
  };
  // Registered machine-wide for the whole run, so other profiles here see it and it sees them.
  const machine = MachineSession.open(config.label, { log: hooks.log, warn });
  hooks.onLedger?.(machine.ledgerFile);
  try {
    await machine.recoverAtStart();
    return await profileOn(config, hooks, machine, warnings, warn);
  } finally {
    machine.end();
  }
}

async function profileOn(
  config: ProfileConfig,
  hooks: PipelineHooks,
  machine: MachineSession,
  warnings: string[],
  warn: (m: string) => void,
): Promise<JudgedProfile> {
  const originMs = monotonicMs();
  const createdAt = new Date().toISOString();
  const kernel: KernelRoots = { procRoot: hooks.procRoot ?? '/proc', ...(hooks.sysRoot ? { sysRoot: hooks.sysRoot } : {}) };

  const view = await viewMachine(config, kernel, warn);
  const { context, fingerprint } = view;
  const restoreFileSystems = distinctFileSystems(view.restorePaths);
  const preflush = view.hasProc ? await flushEarlier(config, restoreFileSystems, view.where.devices, kernel.procRoot, context, warn) : null;

  machine.enter('restore');
  // The always-on reads beside tar (always-on.ts earlyReads), started on the turn after extraction's
  // boundary snapshot, so nothing of them falls in the download's phase.
  let early: EarlyReads | null = null;
  const onExtractStart = (soFar: ExtractStart) => setImmediate(() => (early ??= earlyReads(config, fingerprint, soFar)));
  const restored = await measureRestore(
    config,
    view,
    restoreFileSystems,
    originMs,
    kernel.procRoot,
    { ...hooks, onExtractStart, lookUpTree: lookUpAnatomy },
    warn,
  );
  machine.leave();
  const { timed, phases } = restored;
  const { restore } = timed;
  // Beside what follows (a first restore of this entry only): awaited before the step ends.
  const anatomyStored = rememberAnatomy(timed);

  const bytesByRoot = readRestoredTree(view.roots, timed, warn);
  const placement = placeRestore(config, view.where.devices, bytesByRoot, phases, hooks.log);

  // Read while the tail is being timed: a few HTTP round trips (begun during extraction where they could be), no disk write of the restore's.
  const { probePlan, historyLoad, fixes } = await readRemembered(config, fingerprint, restore, phases, hooks, early);
  const runProbes = config.probes.length > 0 && !probePlan.remembered;
  const nothingHeld = nothingToMeasureHeld(fixes, fingerprint, restore);
  // Lookup + download + extraction of a restore that hit; null without one.
  const restoreMs = restore?.cacheHit && !restore.error ? restore.restoreMs : null;
  const experimentsCanRun = config.experiments.length > 0 && typeof experimentsRequestFor(config, timed, phases) !== 'string';
  const waiter = whoWaitsForTail({
    ...restored.atExtractEnd,
    runProbes,
    experimentsCanRun,
    experimentsAuto: config.experimentsAuto,
    restoreMs,
    fixesRemembered: fixes?.found === true,
    nothingToMeasureRemembered: nothingHeld,
    toMeasureRemembered: toMeasureHeld(fixes, fingerprint, restore),
    failOnBottleneck: config.failOnBottleneck.length > 0,
  });
  const left = waiter.who === 'follower' ? leaveTailToFollower(restored, config) : null;
  const waitLine = tailWaitLine(waiter);
  if (waitLine) hooks.log(waitLine);
  let measured = left?.measured ?? (await waitForTail(restored, config, hooks, warn));
  const holdMachine = machineHold(machine, config, { runProbes, experimentsCanRun }, hooks.signal, warn);
  const probes = await probeStage(
    config,
    { runProbes, plan: probePlan, target: placement.target, cpuCount: context.cpuCount, originMs },
    machine,
    holdMachine,
    kernel,
    hooks,
    warn,
  );
  // A probe that measured the page cache is never remembered as the disk's ceiling.
  const ceilingsSource = await rememberCeilings(config, fingerprint, diskProbeSuite(placement, probes), probePlan, restore, hooks, warn);

  const facts = { createdAt, context, devices: placement.devices, probes, warnings, preflush, fingerprint, ceilingsSource };
  let profile = measuredProfile(config, { ...facts, restore: measured });
  // Judged before the tail is on disk when it was left to the follower: the judgement stands unless it
  // chooses experiments, which need the tail; then main waits for it after all and the run is judged on it.
  const quiet: string[] = [];
  let judged = judgeOnce(profile, config, probePlan.decision, left ? (line) => quiet.push(line) : hooks.log, fixes, left !== null);
  if (left && judged.experimentPlan?.run) {
    hooks.log(tailWaitAfterAllLine(judged.experimentPlan.reason));
    measured = await awaitFollowedTail(measured, left.follower, config, hooks, warn);
    profile = measuredProfile(config, { ...facts, restore: measured });
    judged = judgeOnce(profile, config, probePlan.decision, hooks.log, fixes);
  } else if (left) {
    left.follower.detach();
    for (const line of quiet) hooks.log(line);
    hooks.log(`The restore's files are followed until on disk in the background (${waiter.why}); figures in the post step's summary.`);
  }
  const { judgement, experimentPlan } = judged;

  const experiments = await runExperimentStage(
    config,
    { plan: experimentPlan, canRun: experimentsCanRun, restore: measured, placement, originMs, fixes, bottleneck: profile.verdict?.bottleneck ?? null },
    machine,
    holdMachine,
    hooks,
    warn,
  );
  machine.leave();
  machine.release();
  recordExperiments(profile, experiments, machine.met());
  const entry = fixesEntryFor(experimentPlan, experiments.experiments, {
    restoreMs,
    judgedWithTail: !measured.backgroundTail,
    nothingToMeasureHeld: nothingHeld,
  });
  await rememberFixes(entry, experimentPlan, profile, new Date().toISOString(), hooks, warn);
  // The history row holds the run's tail and the verdict judged with it: where the post step judges, it adds the run.
  if (!measured.backgroundTail) {
    const [, anatomyLine] = await Promise.all([addToHistory(config, profile, fingerprint, historyLoad, hooks), anatomyStored]);
    if (anatomyLine) hooks.log(anatomyLine);
    return { profile, judgement };
  }
  const [loaded, anatomyLine] = await Promise.all([historyLoad, anatomyStored]);
  if (anatomyLine) hooks.log(anatomyLine);
  return {
    profile,
    judgement,
    backgroundTail: measured.backgroundTail,
    ...(loaded ? { historyForPost: loaded } : {}),
    ...(fixes ? { fixesForPost: fixes } : {}),
  };
}
