import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  PhaseLog,
  checkExportInputs,
  handToPost,
  profilePathFor,
  writeProfile
} from "./chunk-MBXENBOF.js";
import {
  runJudgedProfile
} from "./chunk-ANYLYGGY.js";
import "./chunk-SIDBZUTO.js";
import "./chunk-6RVKPNBK.js";
import {
  HANDED_STATE,
  STATE,
  parseConfig
} from "./chunk-O73D27ER.js";
import "./chunk-DZCWGJXF.js";
import "./chunk-M5IMZPCP.js";
import "./chunk-Q3CPHSVP.js";
import "./chunk-POD4GJ2I.js";
import "./chunk-WNSMLK3G.js";
import {
  startFollower
} from "./chunk-5KNF22FP.js";
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
} from "./chunk-CVQ3LOP4.js";
import "./chunk-SN27TOXG.js";
import {
  experimentOutputs,
  profileOutputs,
  restoredKey
} from "./chunk-RV4NA6P6.js";
import {
  sayEvidence
} from "./chunk-NNTRNARP.js";
import "./chunk-3VR2TVOQ.js";
import "./chunk-V6ICDZO4.js";
import {
  errorMessage
} from "./chunk-76DRRFYG.js";
import "./chunk-EYLRBRMM.js";
import {
  sayPhase,
  sayVerdict
} from "./chunk-T5X3S7KI.js";
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
    const { runCompareStep } = await import("./compare-step-AHNJ3TGG.js");
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
    const { uploadProfileArtifact } = await import("./artifact-2P236CRI.js");
    await uploadProfileArtifact(config.artifactName, profilePath, (message) => {
      warning(message);
      profile.warnings.push(message);
    });
  }
  const { markdown, outputs } = inPost ? { markdown: `${BACKGROUND_NOTE}
`, outputs: profileOutputs(profile, judgement.verdict) } : (await import("./render-6ZYCBISV.js")).renderJudged(profile, judgement);
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
