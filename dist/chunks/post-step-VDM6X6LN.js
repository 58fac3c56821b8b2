import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  PhaseLog,
  exportAfterPost,
  postExportSettings,
  takeHanded,
  writeProfile
} from "./chunk-Z5SEBBA4.js";
import {
  readProfileFile
} from "./chunk-KTSP4B5H.js";
import {
  HANDED_STATE,
  STATE,
  acquireMachineLock,
  cleanUpExperiments,
  isOurs,
  parseConfig,
  parseReportStep,
  readRecord,
  recoverRecord,
  removeProbeDirectories
} from "./chunk-VGFHFWNW.js";
import "./chunk-SN27TOXG.js";
import {
  renderSaveSection
} from "./chunk-I5NRPR4P.js";
import {
  reserveHistoryFor
} from "./chunk-YWZCO6QH.js";
import "./chunk-IU36LFFJ.js";
import {
  isExactKeyMatch,
  saySave,
  saySavePhase
} from "./chunk-HDZVFZKP.js";
import "./chunk-V6ICDZO4.js";
import "./chunk-4NJHFO4N.js";
import "./chunk-I4M43YYT.js";
import "./chunk-RED6WLUR.js";
import {
  collectFollower,
  parseBackgroundTail
} from "./chunk-5KNF22FP.js";
import {
  parseDirtyChange
} from "./chunk-2VRVQZSV.js";
import {
  leftInPlace,
  putBackSentence,
  removedLeftBehind
} from "./chunk-CGZR6LBH.js";
import "./chunk-PWWNCPHY.js";
import "./chunk-JYT2JN4Z.js";
import {
  detectPrivileges
} from "./chunk-IDQY3AUZ.js";
import "./chunk-SGXIA4GN.js";
import {
  errorMessage
} from "./chunk-76DRRFYG.js";
import "./chunk-KMPHW5Q6.js";
import {
  getCacheServiceVersion
} from "./chunk-X762GLLF.js";
import "./chunk-7JQLLQYS.js";
import {
  debug,
  getInput,
  getState,
  info,
  summary,
  warning
} from "./chunk-YM4LQKTN.js";
import "./chunk-HNY43QLL.js";
import "./chunk-YUP7TFMP.js";
import "./chunk-QNSZTROI.js";
import "./chunk-YRJ6SEFO.js";
import "./chunk-5XWL5JNG.js";

// src/pipeline/post-step.ts
import { existsSync } from "node:fs";

// src/machine/after-main.ts
import path from "node:path";
var POST_LOCK_WAIT_MS = 1e4;
var WHOSE = "this job's main step";
function ownRecord(file) {
  const r = file ? readRecord(file) : null;
  return r && isOurs(r) ? r : null;
}
async function putRightAfterMain(x) {
  const record = ownRecord(x.ledgerFile);
  if (!record) {
    if (x.experimentDirs.length === 0 && !x.dirty) return;
    const r = cleanUpExperiments({ experimentDirs: x.experimentDirs, dirty: x.dirty, whose: WHOSE });
    report(r.dirtyPutBack, r.removed, [...r.dirtyLeftAlone, ...r.refused.map((f) => leftInPlace(f.dir, f.reason))], x);
    return;
  }
  if (record.endedEpochMs !== null) return;
  const dir = path.dirname(x.ledgerFile);
  const got = await acquireMachineLock({ waitMs: POST_LOCK_WAIT_MS, dir });
  try {
    const now = ownRecord(x.ledgerFile);
    if (!now || now.endedEpochMs !== null) {
      x.log("What the main step left on the machine was put right by the next profile here.");
      return;
    }
    if (!got.acquired) {
      x.warn(
        `another profile held the machine lock for ${POST_LOCK_WAIT_MS / 1e3} s; what the main step left (${describeOwed(now)}) is put right by the next profile that takes it.`
      );
      return;
    }
    const r = recoverRecord(dir, now, WHOSE, detectPrivileges());
    for (const line of r.done) x.log(line);
    for (const line of r.warnings) x.warn(line);
  } finally {
    if (got.acquired) got.lock.release();
  }
}
function describeOwed(r) {
  return [r.dirty ? "raised vm.dirty_*" : "", ...r.experimentDirs, ...r.probeDirs].filter(Boolean).join(", ");
}
function report(putBack, removed, warnings, x) {
  if (putBack.length > 0) x.log(putBackSentence(putBack));
  if (removed.length > 0) x.log(removedLeftBehind("experiment directories", removed));
  for (const w of warnings) x.warn(w);
}

// src/save/decision.ts
var JOB_STATUSES = ["success", "failure", "cancelled"];
function decideSave(d) {
  if (!d.save) return { save: false, reason: "Not saving the cache: the save input is false." };
  const status = d.jobStatus.trim().toLowerCase();
  if (JOB_STATUSES.includes(status)) {
    if (status !== "success")
      return { save: false, reason: `Not saving the cache: the job's status is ${status} (actions/cache saves only when the job has not failed).` };
  } else if (!d.mainFinished) {
    return { save: false, reason: "Not saving the cache: the job status is unknown here and the main step did not finish." };
  }
  if (!d.primaryKey) return { save: false, reason: "Not saving the cache: no key (the main step did not start the restore)." };
  if (isExactKeyMatch(d.primaryKey, d.matchedKey)) {
    return { save: false, reason: `Cache hit occurred on the primary key ${d.primaryKey}, not saving cache.` };
  }
  return { save: true };
}

// src/pipeline/post-step.ts
var JOB_STATUS_INPUT = "job-status";
async function run() {
  maskExportSecrets();
  const dirs = parseList(getState(STATE.probeDirectories));
  if (dirs.length > 0) {
    const removed = await removeProbeDirectories(dirs);
    if (removed.length > 0) info(removedLeftBehind("fio temp directories", removed));
  }
  await putRightAfterMain({
    ledgerFile: getState(STATE.machineLedger),
    experimentDirs: parseList(getState(STATE.experimentDirectories)),
    dirty: parseDirtyChange(getState(STATE.experimentDirtySettings)),
    log: (line) => info(line),
    warn: (line) => warning(`Post step: ${line}`)
  });
  const handedHistory = takeHanded("history", getState(HANDED_STATE.history));
  const handedFixes = takeHanded("fixes", getState(HANDED_STATE.fixes));
  const mainStarted = getState(STATE.mainStarted) === "true";
  const reportStep = parseReportStep(getState(STATE.reportStep));
  const config = mainStarted ? profileConfig() : null;
  const historyEntry = config && reportStep === "post" && handedHistory ? reserveHistoryFor(config) : null;
  const backgroundTail = parseBackgroundTail(getState(STATE.writebackFollower));
  const followed = backgroundTail ? await collectFollower(backgroundTail) : null;
  const summaryWritten = reportStep !== null;
  const profilePath = getState(STATE.profilePath);
  if (mainStarted && !summaryWritten) {
    const saved = profilePath && existsSync(profilePath) ? ` A partial profile is at ${profilePath}.` : "";
    await summary.addHeading("Disk profiler: no report", 3).addRaw(`The main step ended before writing its report (failed or cancelled); see its log for the reason.${saved}`).write();
  }
  if (!config) return;
  const save = await saveStep(config, summaryWritten, profilePath);
  const profile = profilePath && existsSync(profilePath) ? readOrNull(profilePath) : null;
  const lines = [];
  if (profile) profile.save = save;
  const artifactPending = getState(STATE.artifactPending) === "true";
  let report2 = null;
  const exportBeside = { started: null, said: [] };
  if (profile && reportStep === "post") {
    const { judgeWithTail } = await import("./post-judge-MX42T2ZT.js");
    const phaseLog = new PhaseLog();
    const hooks = { log: (l) => info(l), onPhase: (phase) => phaseLog.enter(phase) };
    const beside = artifactPending ? void 0 : () => {
      exportBeside.started = exportAfterPost(profile, (line2) => exportBeside.said.push(line2));
      exportBeside.started.catch(() => void 0);
    };
    const { rendered, line } = await judgeWithTail(profile, followed, config, { history: handedHistory, fixes: handedFixes, historyEntry }, hooks, beside);
    phaseLog.close();
    info(line);
    const { sayVerdict } = await import("./verdict-IEQZUK3F.js");
    info(sayVerdict(rendered.verdict, profile));
    report2 = rendered.markdown;
  }
  if (profile) writeProfile(profilePath, profile);
  if (artifactPending && profile) {
    const { uploadProfileArtifact } = await import("./artifact-AQOVN23Z.js");
    await uploadProfileArtifact(config.artifactName, profilePath, (message) => {
      warning(message);
      lines.push(`> [!WARNING]
> ${message}`);
    });
  }
  const exported = exportBeside.started ? await exportBeside.started : profile ? await exportAfterPost(profile) : null;
  for (const line of exportBeside.said) info(line);
  if (exported) lines.push(`<sub>${exported}</sub>`);
  if (summaryWritten) await summary.addRaw(`
${[report2 ?? renderSaveSection(save), ...lines].join("\n\n")}
`).write();
}
async function saveStep(config, mainFinished, profilePath) {
  const decision = decideSave({
    save: config.save,
    jobStatus: getInput(JOB_STATUS_INPUT),
    mainFinished,
    primaryKey: getState(STATE.primaryKey) || config.primaryKey,
    matchedKey: getState(STATE.matchedKey)
  });
  const key = getState(STATE.primaryKey) || config.primaryKey;
  if (!decision.save) {
    info(decision.reason);
    return skippedSave(config, key, decision.reason);
  }
  const main = profilePath && existsSync(profilePath) ? readOrNull(profilePath) : null;
  const probe = (name) => main?.probes?.probes.find((p) => p.name === name && !p.error);
  const phaseLog = new PhaseLog();
  const { judgedSave } = await import("./judged-save-HYREGLUA.js");
  const save = await judgedSave({
    paths: config.paths,
    key,
    enableCrossOsArchive: config.enableCrossOsArchive,
    uploadChunkSize: config.uploadChunkSize ?? void 0,
    workspace: config.workspace,
    runnerTemp: config.runnerTemp,
    sampleIntervalMs: config.sampleIntervalMs,
    ceilings: { seqReadBytesPerSecond: probe("seq-read")?.bytesPerSecond, randReadIops: probe("rand-read")?.iops },
    log: (line) => info(line),
    onPhase: (phase) => phaseLog.enter(phase)
  });
  phaseLog.close();
  if (save.status === "failed" && save.reason) {
    if (save.error?.phase === "reserve") info(save.reason);
    else warning(save.reason);
  }
  const verdict = save.verdict;
  if (verdict) info(saySave(verdict));
  for (const p of verdict?.phases ?? []) {
    const said = saySavePhase(p, verdict?.upload);
    debug(`save ${p.phase}: ${p.bottleneck}: ${said.sentence} [${said.evidence.join("; ")}]`);
  }
  return save;
}
function skippedSave(config, key, reason) {
  return {
    status: "skipped",
    reason,
    key,
    paths: config.paths,
    serviceVersion: getCacheServiceVersion() === "v2" ? "v2" : "v1",
    compressionMethod: "",
    matchedPaths: [],
    archiveBytes: null,
    cacheId: null,
    compressionThreads: null,
    phases: [],
    saveMs: 0,
    wallMs: 0,
    devices: [],
    samples: { intervalMs: config.sampleIntervalMs, keptEvery: 1, snapshots: [] },
    verdict: null
  };
}
function profileConfig() {
  try {
    const config = parseConfig((name) => getInput(name));
    return config.mode === "profile" ? config : null;
  } catch {
    return null;
  }
}
function readOrNull(file) {
  try {
    return readProfileFile(file);
  } catch (error) {
    warning(`Post step: the profile at ${file} could not be read: ${errorMessage(error)}`);
    return null;
  }
}
function maskExportSecrets() {
  try {
    postExportSettings();
  } catch {
  }
}
function parseList(value) {
  if (!value) return [];
  try {
    const parsed = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((x) => typeof x === "string") : [];
  } catch {
    return [];
  }
}
export {
  JOB_STATUS_INPUT,
  run
};
