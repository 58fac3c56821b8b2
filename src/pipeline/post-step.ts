/**
 * The post step (post-if: always()): removes any fio temp directory main may have left (a cancelled
 * job), writes a summary when main ended before writing one, and saves the cache as actions/cache's
 * post step does (only after no exact hit, when the job has not failed, unless `save: false`),
 * profiling that save too. The save goes into the profile JSON, the summary and the artifact.
 */
import * as core from '@actions/core';
import { existsSync } from 'node:fs';
import { parseConfig, type ProfileConfig } from '../config/config.js';
import type { Profile, SaveResult } from '../profile/schema.js';
import { readProfileFile } from '../profile/read-profile.js';
import { removeProbeDirectories } from '../probe/suite.js';
import { parseDirtyChange } from '../experiment/post-cleanup.js';
import { putRightAfterMain } from '../machine/after-main.js';
import { renderSaveSection } from '../report/save-section.js';
import { saySave, saySavePhase } from '../report/say/save.js';
import { decideSave } from '../save/decision.js';
import { getCacheServiceVersion } from '../restore/cache-service.js';
import { errorMessage } from '../util/errors.js';
import { writeProfile } from './profile-file.js';
import { PhaseLog } from './phase-log.js';
import { HANDED_STATE, parseReportStep, STATE } from './state.js';
import { removedLeftBehind } from '../util/cleanup-words.js';
import { exportAfterPost, postExportSettings } from './post-export.js';
import { collectFollower, parseBackgroundTail } from './follower.js';
import { takeHanded } from './handoff.js';
import { reserveHistoryFor } from '../history/store.js';

/** The hidden input whose default, `${{ job.status }}`, the runner evaluates when the post step starts. */
export const JOB_STATUS_INPUT = 'job-status';

export async function run(): Promise<void> {
  maskExportSecrets();
  const dirs = parseList(core.getState(STATE.probeDirectories));
  if (dirs.length > 0) {
    const removed = await removeProbeDirectories(dirs);
    if (removed.length > 0) core.info(removedLeftBehind('fio temp directories', removed));
  }
  await putRightAfterMain({
    ledgerFile: core.getState(STATE.machineLedger),
    experimentDirs: parseList(core.getState(STATE.experimentDirectories)),
    dirty: parseDirtyChange(core.getState(STATE.experimentDirtySettings)),
    log: (line) => core.info(line),
    warn: (line) => core.warning(`Post step: ${line}`),
  });
  // Taken (its file removed) whatever follows: nothing of main's is left in the state directory.
  const handedHistory = takeHanded('history', core.getState(HANDED_STATE.history));
  const handedFixes = takeHanded('fixes', core.getState(HANDED_STATE.fixes));
  const mainStarted = core.getState(STATE.mainStarted) === 'true';
  const reportStep = parseReportStep(core.getState(STATE.reportStep));
  const config = mainStarted ? profileConfig() : null;
  // This step adds the run to the history main read (post-judge.ts): its entry reserved now, so the round
  // trip runs beside collecting the tail and judging instead of after them.
  const historyEntry = config && reportStep === 'post' && handedHistory ? reserveHistoryFor(config) : null;
  // It ends by its deadline in any case, and nothing of it is left once the post step is done.
  const backgroundTail = parseBackgroundTail(core.getState(STATE.writebackFollower));
  const followed = backgroundTail ? await collectFollower(backgroundTail) : null;
  const summaryWritten = reportStep !== null;
  const profilePath = core.getState(STATE.profilePath);
  if (mainStarted && !summaryWritten) {
    const saved = profilePath && existsSync(profilePath) ? ` A partial profile is at ${profilePath}.` : '';
    await core.summary
      .addHeading('Disk profiler: no report', 3)
      .addRaw(`The main step ended before writing its report (failed or cancelled); see its log for the reason.${saved}`)
      .write();
  }
  if (!config) return;
  const save = await saveStep(config, summaryWritten, profilePath);

  const profile = profilePath && existsSync(profilePath) ? readOrNull(profilePath) : null;
  const lines: string[] = [];
  if (profile) profile.save = save;
  const artifactPending = core.getState(STATE.artifactPending) === 'true';
  // A repeat run whose main left the tail to the follower wrote no verdict: the report is made here, judged with the tail.
  let report: string | null = null;
  // The export, started beside the history's save where one is made (it reads nothing of the save), unless an artifact is to go up first.
  const exportBeside: { started: Promise<string | null> | null; said: string[] } = { started: null, said: [] };
  if (profile && reportStep === 'post') {
    // Loaded only on such a run: the judge and the renderer are no part of a first run's post step.
    const { judgeWithTail } = await import('./post-judge.js');
    const phaseLog = new PhaseLog();
    const hooks = { log: (l: string) => core.info(l), onPhase: (phase: string | null) => phaseLog.enter(phase) };
    const beside = artifactPending
      ? undefined
      : () => {
          exportBeside.started = exportAfterPost(profile, (line) => exportBeside.said.push(line));
          // Awaited below; should the judging fail first, a rejection must not end the post step unawaited.
          exportBeside.started.catch(() => undefined);
        };
    const { rendered, line } = await judgeWithTail(profile, followed, config, { history: handedHistory, fixes: handedFixes, historyEntry }, hooks, beside);
    phaseLog.close();
    core.info(line);
    const { sayVerdict } = await import('../report/say/verdict.js');
    core.info(sayVerdict(rendered.verdict, profile));
    report = rendered.markdown;
  }
  if (profile) writeProfile(profilePath, profile);
  if (artifactPending && profile) {
    // Loaded only when there is an artifact to upload: the artifact client is no part of every post step's load time.
    const { uploadProfileArtifact } = await import('../report/artifact.js');
    await uploadProfileArtifact(config.artifactName, profilePath, (message) => {
      core.warning(message);
      lines.push(`> [!WARNING]\n> ${message}`);
    });
  }
  // Last, so the profile sent is the one kept and the artifact is already up whatever the collector does;
  // or, on a repeat run without an artifact, beside the history's save (its line said here, in order).
  const exported = exportBeside.started ? await exportBeside.started : profile ? await exportAfterPost(profile) : null;
  for (const line of exportBeside.said) core.info(line);
  if (exported) lines.push(`<sub>${exported}</sub>`);
  // The main step's summary is above; a main that wrote none gets the no-report note instead of a save section's context.
  // A report made here holds the save section (the renderer's, as main's report would).
  if (summaryWritten) await core.summary.addRaw(`\n${[report ?? renderSaveSection(save), ...lines].join('\n\n')}\n`).write();
}

async function saveStep(config: ProfileConfig, mainFinished: boolean, profilePath: string): Promise<SaveResult> {
  const decision = decideSave({
    save: config.save,
    jobStatus: core.getInput(JOB_STATUS_INPUT),
    mainFinished,
    primaryKey: core.getState(STATE.primaryKey) || config.primaryKey,
    matchedKey: core.getState(STATE.matchedKey),
  });
  const key = core.getState(STATE.primaryKey) || config.primaryKey;
  if (!decision.save) {
    core.info(decision.reason);
    return skippedSave(config, key, decision.reason);
  }
  const main = profilePath && existsSync(profilePath) ? readOrNull(profilePath) : null;
  const probe = (name: string) => main?.probes?.probes.find((p) => p.name === name && !p.error);
  const phaseLog = new PhaseLog();
  // Loaded only to save: the transfers' modules are no part of a post step that saves nothing (restore/cache-service.ts).
  const { judgedSave } = await import('./judged-save.js');
  const save = await judgedSave({
    paths: config.paths,
    key,
    enableCrossOsArchive: config.enableCrossOsArchive,
    uploadChunkSize: config.uploadChunkSize ?? undefined,
    workspace: config.workspace,
    runnerTemp: config.runnerTemp,
    sampleIntervalMs: config.sampleIntervalMs,
    ceilings: { seqReadBytesPerSecond: probe('seq-read')?.bytesPerSecond, randReadIops: probe('rand-read')?.iops },
    log: (line) => core.info(line),
    onPhase: (phase) => phaseLog.enter(phase),
  });
  phaseLog.close();
  if (save.status === 'failed' && save.reason) {
    // As saveCache: a refused reservation (the entry exists, another job saves it) is info, the rest a warning.
    if (save.error?.phase === 'reserve') core.info(save.reason);
    else core.warning(save.reason);
  }
  const verdict = save.verdict;
  if (verdict) core.info(saySave(verdict));
  for (const p of verdict?.phases ?? []) {
    const said = saySavePhase(p, verdict?.upload);
    core.debug(`save ${p.phase}: ${p.bottleneck}: ${said.sentence} [${said.evidence.join('; ')}]`);
  }
  return save;
}

function skippedSave(config: ProfileConfig, key: string, reason: string): SaveResult {
  return {
    status: 'skipped',
    reason,
    key,
    paths: config.paths,
    serviceVersion: getCacheServiceVersion() === 'v2' ? 'v2' : 'v1',
    compressionMethod: '',
    matchedPaths: [],
    archiveBytes: null,
    cacheId: null,
    compressionThreads: null,
    phases: [],
    saveMs: 0,
    wallMs: 0,
    devices: [],
    samples: { intervalMs: config.sampleIntervalMs, keptEvery: 1, snapshots: [] },
    verdict: null,
  };
}

/** The inputs as main read them; compare mode and inputs main refused have nothing to save. */
function profileConfig(): ProfileConfig | null {
  try {
    const config = parseConfig((name) => core.getInput(name));
    return config.mode === 'profile' ? config : null;
  } catch {
    return null;
  }
}

function readOrNull(file: string): Profile | null {
  try {
    return readProfileFile(file);
  } catch (error) {
    core.warning(`Post step: the profile at ${file} could not be read: ${errorMessage(error)}`);
    return null;
  }
}

/** Masks the export's header values before the post step logs anything; a bad setting is reported by the export itself. */
function maskExportSecrets(): void {
  try {
    postExportSettings();
  } catch {
    // exportAfterPost warns about it.
  }
}

function parseList(value: string): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
