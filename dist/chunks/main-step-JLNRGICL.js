import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  PhaseLog,
  checkExportInputs,
  handToPost,
  profilePathFor,
  writeProfile
} from "./chunk-Z5SEBBA4.js";
import {
  runJudgedProfile
} from "./chunk-D2UOQEQI.js";
import "./chunk-GJXNKRME.js";
import {
  experimentOutputs,
  profileOutputs,
  restoredKey
} from "./chunk-ML5WHONI.js";
import "./chunk-WM2BKT75.js";
import "./chunk-HYBIDOFW.js";
import "./chunk-OD2XKONF.js";
import {
  HANDED_STATE,
  STATE,
  parseConfig
} from "./chunk-VGFHFWNW.js";
import "./chunk-SN27TOXG.js";
import "./chunk-YWZCO6QH.js";
import "./chunk-IU36LFFJ.js";
import {
  sayEvidence
} from "./chunk-HDZVFZKP.js";
import "./chunk-V6ICDZO4.js";
import "./chunk-4NJHFO4N.js";
import "./chunk-YGMIUWXV.js";
import "./chunk-IRNB227S.js";
import "./chunk-I4M43YYT.js";
import "./chunk-RED6WLUR.js";
import {
  startFollower
} from "./chunk-5KNF22FP.js";
import "./chunk-A2XADIQ6.js";
import "./chunk-XEJEEAGX.js";
import "./chunk-3V4773W6.js";
import "./chunk-G25BJ2M5.js";
import "./chunk-2VRVQZSV.js";
import "./chunk-CGZR6LBH.js";
import "./chunk-PWWNCPHY.js";
import "./chunk-JYT2JN4Z.js";
import "./chunk-IDQY3AUZ.js";
import "./chunk-SGXIA4GN.js";
import {
  errorMessage
} from "./chunk-76DRRFYG.js";
import "./chunk-OADOZV3O.js";
import "./chunk-KMPHW5Q6.js";
import "./chunk-BSPUIZYN.js";
import "./chunk-ST25SE5S.js";
import "./chunk-X762GLLF.js";
import "./chunk-7JQLLQYS.js";
import {
  debug,
  getInput,
  info,
  saveState,
  setFailed,
  setOutput,
  setSecret,
  summary,
  warning
} from "./chunk-YM4LQKTN.js";
import "./chunk-HNY43QLL.js";
import {
  sayPhase,
  sayVerdict
} from "./chunk-YUP7TFMP.js";
import "./chunk-QNSZTROI.js";
import "./chunk-YRJ6SEFO.js";
import "./chunk-5XWL5JNG.js";

// src/pipeline/main-step.ts
import { mkdirSync } from "node:fs";
import path from "node:path";
var BACKGROUND_NOTE = "Disk profiler: the report follows in the post step's summary: the restore's files were still being written to disk when this step ended (a repeat run does not wait for the disk, as plain restoreCache does not).";
var TAIL_OUTPUTS = ["verdict", "bottleneck", "writeback-seconds", "regression", ...Object.keys(experimentOutputs(void 0))];
function startFollowerIn(stateDir, request, warn) {
  try {
    mkdirSync(stateDir, { recursive: true, mode: 448 });
    const resultFile = path.join(stateDir, `writeback-${process.pid}-${Date.now().toString(36)}.json`);
    return startFollower(process.argv[1] ?? "", { ...request, resultFile });
  } catch (error) {
    warn(`The writeback follower could not start (${errorMessage(error)}); the tail is timed by this step.`);
    return null;
  }
}
function hand(stateDir, kind, value) {
  try {
    saveState(HANDED_STATE[kind], handToPost(stateDir, kind, value));
  } catch (error) {
    debug(`The ${kind} read here was not handed to the post step (${errorMessage(error)}); it reads it again.`);
  }
}
async function run() {
  saveState(STATE.mainStarted, "true");
  const token = process.env.ACTIONS_RUNTIME_TOKEN;
  if (token) setSecret(token);
  const config = parseConfig((name) => getInput(name));
  if (config.mode === "profile") for (const warning2 of config.inputWarnings) warning(warning2);
  if (config.mode === "profile") checkExportInputs((line) => warning(line));
  if (config.mode === "compare") {
    const { runCompareStep } = await import("./compare-step-L673K53F.js");
    await runCompareStep(config);
    saveState(STATE.reportStep, "main");
    return;
  }
  await profileStep(config);
}
async function profileStep(config) {
  const profilePath = profilePathFor(config.runnerTemp, config.label);
  saveState(STATE.profilePath, profilePath);
  saveState(STATE.primaryKey, config.primaryKey);
  const probeDirectories = [];
  const phaseLog = new PhaseLog();
  const experimentDirectories = [];
  const stateDir = path.dirname(profilePath);
  const { profile, judgement, backgroundTail, historyForPost, fixesForPost } = await runJudgedProfile(config, {
    log: (line) => info(line),
    warn: (line) => warning(line),
    onPhase: (phase) => phaseLog.enter(phase),
    onProbeDirectory: (dir) => {
      probeDirectories.push(dir);
      saveState(STATE.probeDirectories, JSON.stringify(probeDirectories));
    },
    onExperimentDirectory: (dir) => {
      experimentDirectories.push(dir);
      saveState(STATE.experimentDirectories, JSON.stringify(experimentDirectories));
    },
    onExperimentDirtySettings: (change) => saveState(STATE.experimentDirtySettings, change ? JSON.stringify(change) : ""),
    onLedger: (file) => saveState(STATE.machineLedger, file),
    followWriteback: (request) => startFollowerIn(stateDir, request, (line) => warning(line))
  });
  if (backgroundTail) saveState(STATE.writebackFollower, JSON.stringify(backgroundTail));
  if (historyForPost) hand(stateDir, "history", historyForPost);
  if (fixesForPost) hand(stateDir, "fixes", fixesForPost);
  const reportStep = backgroundTail ? "post" : "main";
  const inPost = reportStep === "post";
  phaseLog.close();
  for (const p of profile.verdict?.phases ?? [])
    debug(`${p.phase}: ${p.bottleneck}: ${sayPhase(p)} [${p.evidence.map((e) => sayEvidence(e, p.phase)).join("; ")}]`);
  saveState(STATE.matchedKey, restoredKey(profile.restore) ?? "");
  let saved = true;
  try {
    writeProfile(profilePath, profile);
  } catch (error) {
    saved = false;
    const message = `The profile JSON could not be written to ${profilePath}: ${errorMessage(error)}. The summary and outputs below are all there is.`;
    warning(message);
    profile.warnings.push(message);
  }
  if (config.uploadArtifact && saved && (config.save || inPost)) saveState(STATE.artifactPending, "true");
  else if (config.uploadArtifact && saved) {
    const { uploadProfileArtifact } = await import("./artifact-AQOVN23Z.js");
    await uploadProfileArtifact(config.artifactName, profilePath, (message) => {
      warning(message);
      profile.warnings.push(message);
    });
  }
  const { markdown, outputs } = inPost ? { markdown: `${BACKGROUND_NOTE}
`, outputs: profileOutputs(profile, judgement.verdict) } : (await import("./render-WXIL36ZC.js")).renderJudged(profile, judgement);
  for (const [name, value] of Object.entries(outputs)) setOutput(name, inPost && TAIL_OUTPUTS.includes(name) ? "" : value);
  if (saved) setOutput("profile-path", profilePath);
  await summary.addRaw(markdown).write();
  saveState(STATE.reportStep, reportStep);
  info(inPost ? BACKGROUND_NOTE : profile.verdict ? sayVerdict(profile.verdict, profile) : "No verdict.");
  const restore = profile.restore;
  if (config.failOnCacheMiss && restoredKey(restore) === void 0) {
    const why = restore?.error ? ` The restore failed during ${restore.error.phase}: ${restore.error.message}` : "";
    setFailed(`Failed to restore cache entry. Exiting as fail-on-cache-miss is set. Input key: ${config.primaryKey}.${why}`);
    return;
  }
  const bottleneck = profile.verdict?.bottleneck;
  if (bottleneck && config.failOnBottleneck.includes(bottleneck)) {
    setFailed(`The verdict names '${bottleneck}', which fail-on-bottleneck lists: ${profile.verdict ? sayVerdict(profile.verdict, profile) : ""}`);
  }
}
export {
  BACKGROUND_NOTE,
  run
};
