/** The action's main step: parse inputs once, run the pipeline, publish summary, outputs and artifact (src/main.ts runs it). */
import * as core from '@actions/core';
import { parseConfig, type ProfileConfig } from '../config/config.js';
import { runJudgedProfile } from './run-profile.js';
import { PhaseLog } from './phase-log.js';
import { checkExportInputs } from './post-export.js';
import { profilePathFor, writeProfile } from './profile-file.js';
import { HANDED_STATE, type ReportStep, STATE } from './state.js';
import { profileOutputs, restoredKey } from '../report/outputs.js';
import { sayVerdict } from '../report/say/verdict.js';
import { experimentOutputs } from '../experiment/outputs.js';
import { errorMessage } from '../util/errors.js';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type FollowerHandle, type FollowRequest, startFollower } from './follower.js';
import { handToPost, type Handed } from './handoff.js';
import { sayPhase } from '../report/say/phase.js';
import { sayEvidence } from '../report/say/evidence.js';

/**
 * Main's whole summary on a repeat run whose tail is followed in the background: the report (judged
 * with the tail) is the post step's, so main says no verdict of its own that the post step could contradict.
 */
export const BACKGROUND_NOTE =
  "Disk profiler: the report follows in the post step's summary: the restore's files were still being written to disk when this step ended (a repeat run does not wait for the disk, as plain restoreCache does not).";

/**
 * The outputs that need the tail (the verdict, the tail, the fixes judged with it, and `regression`, decided
 * where the run is added to its history: in the post step, whose outputs no step reads): empty on such a
 * run, whose main cannot know them.
 */
const TAIL_OUTPUTS = ['verdict', 'bottleneck', 'writeback-seconds', 'regression', ...Object.keys(experimentOutputs(undefined))];

/** The follower, its result and log in the profile's own directory (owner-only); null (the tail timed here) when it cannot start. */
function startFollowerIn(stateDir: string, request: Omit<FollowRequest, 'resultFile'>, warn: (line: string) => void): FollowerHandle | null {
  try {
    mkdirSync(stateDir, { recursive: true, mode: 0o700 });
    const resultFile = path.join(stateDir, `writeback-${process.pid}-${Date.now().toString(36)}.json`);
    return startFollower(process.argv[1] ?? '', { ...request, resultFile });
  } catch (error) {
    warn(`The writeback follower could not start (${errorMessage(error)}); the tail is timed by this step.`);
    return null;
  }
}

/** What was read here (the history, the fixes), for the post step that judges the run; without it the post step reads it itself. */
function hand<K extends Handed>(stateDir: string, kind: K, value: Parameters<typeof handToPost<K>>[2]): void {
  try {
    core.saveState(HANDED_STATE[kind], handToPost(stateDir, kind, value));
  } catch (error) {
    core.debug(`The ${kind} read here was not handed to the post step (${errorMessage(error)}); it reads it again.`);
  }
}

export async function run(): Promise<void> {
  core.saveState(STATE.mainStarted, 'true');
  const token = process.env.ACTIONS_RUNTIME_TOKEN;
  if (token) core.setSecret(token);
  const config = parseConfig((name) => core.getInput(name));
  if (config.mode === 'profile') for (const warning of config.inputWarnings) core.warning(warning);
  // The post step exports with these: a bad one fails here, with the other inputs.
  if (config.mode === 'profile') checkExportInputs((line) => core.warning(line));
  if (config.mode === 'compare') {
    // Loaded only here: the artifact client and the comparison are no part of a profile run's load time.
    const { runCompareStep } = await import('../compare/compare-step.js');
    await runCompareStep(config);
    core.saveState(STATE.reportStep, 'main' satisfies ReportStep);
    return;
  }
  await profileStep(config);
}

async function profileStep(config: ProfileConfig): Promise<void> {
  const profilePath = profilePathFor(config.runnerTemp, config.label);
  core.saveState(STATE.profilePath, profilePath);
  core.saveState(STATE.primaryKey, config.primaryKey);
  const probeDirectories: string[] = [];
  const phaseLog = new PhaseLog();
  const experimentDirectories: string[] = [];
  const stateDir = path.dirname(profilePath);
  const { profile, judgement, backgroundTail, historyForPost, fixesForPost } = await runJudgedProfile(config, {
    log: (line) => core.info(line),
    warn: (line) => core.warning(line),
    onPhase: (phase) => phaseLog.enter(phase),
    onProbeDirectory: (dir) => {
      probeDirectories.push(dir);
      core.saveState(STATE.probeDirectories, JSON.stringify(probeDirectories));
    },
    onExperimentDirectory: (dir) => {
      experimentDirectories.push(dir);
      core.saveState(STATE.experimentDirectories, JSON.stringify(experimentDirectories));
    },
    onExperimentDirtySettings: (change) => core.saveState(STATE.experimentDirtySettings, change ? JSON.stringify(change) : ''),
    onLedger: (file) => core.saveState(STATE.machineLedger, file),
    followWriteback: (request) => startFollowerIn(stateDir, request, (line) => core.warning(line)),
  });
  if (backgroundTail) core.saveState(STATE.writebackFollower, JSON.stringify(backgroundTail));
  if (historyForPost) hand(stateDir, 'history', historyForPost);
  if (fixesForPost) hand(stateDir, 'fixes', fixesForPost);
  // Decided once: the post step judges with the tail and reports on a run whose main left the tail to the follower.
  const reportStep: ReportStep = backgroundTail ? 'post' : 'main';
  const inPost = reportStep === 'post';
  phaseLog.close();
  // The evidence behind each phase's judgement, for ACTIONS_STEP_DEBUG readers (the summary folds it away too).
  for (const p of profile.verdict?.phases ?? [])
    core.debug(`${p.phase}: ${p.bottleneck}: ${sayPhase(p)} [${p.evidence.map((e) => sayEvidence(e, p.phase)).join('; ')}]`);
  core.saveState(STATE.matchedKey, restoredKey(profile.restore) ?? '');
  let saved = true;
  try {
    writeProfile(profilePath, profile);
  } catch (error) {
    // A full RUNNER_TEMP must not cost the report: say so and go on without the file.
    saved = false;
    const message = `The profile JSON could not be written to ${profilePath}: ${errorMessage(error)}. The summary and outputs below are all there is.`;
    core.warning(message);
    profile.warnings.push(message);
  }
  // With the save on, or the report made in the post step, the post step uploads the profile once it holds them (an artifact cannot be replaced).
  if (config.uploadArtifact && saved && (config.save || inPost)) core.saveState(STATE.artifactPending, 'true');
  // Upload before rendering, so a failed upload is in the summary's problems, not only in the log.
  else if (config.uploadArtifact && saved) {
    const { uploadProfileArtifact } = await import('../report/artifact.js');
    await uploadProfileArtifact(config.artifactName, profilePath, (message) => {
      core.warning(message);
      profile.warnings.push(message);
    });
  }

  // Rendered only where main reports: on a background-tail run the post step renders the report judged with the tail.
  // The renderer is loaded only then (the post step loads it on such a run): no part of a repeat run's main.
  const { markdown, outputs } = inPost
    ? { markdown: `${BACKGROUND_NOTE}\n`, outputs: profileOutputs(profile, judgement.verdict) }
    : (await import('../report/render.js')).renderJudged(profile, judgement);
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, inPost && TAIL_OUTPUTS.includes(name) ? '' : value);
  if (saved) core.setOutput('profile-path', profilePath);
  await core.summary.addRaw(markdown).write();
  core.saveState(STATE.reportStep, reportStep);
  core.info(inPost ? BACKGROUND_NOTE : profile.verdict ? sayVerdict(profile.verdict, profile) : 'No verdict.');

  const restore = profile.restore;
  if (config.failOnCacheMiss && restoredKey(restore) === undefined) {
    const why = restore?.error ? ` The restore failed during ${restore.error.phase}: ${restore.error.message}` : '';
    core.setFailed(`Failed to restore cache entry. Exiting as fail-on-cache-miss is set. Input key: ${config.primaryKey}.${why}`);
    return;
  }
  const bottleneck = profile.verdict?.bottleneck;
  if (bottleneck && (config.failOnBottleneck as string[]).includes(bottleneck)) {
    core.setFailed(`The verdict names '${bottleneck}', which fail-on-bottleneck lists: ${profile.verdict ? sayVerdict(profile.verdict, profile) : ''}`);
  }
}
