import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  renderJudged
} from "./chunk-MEPGIO5W.js";
import {
  addToHistory,
  fixesEntryFor,
  judgeOnce,
  notOnDiskSentence,
  recordExperiments,
  rememberFixes,
  skippedExperiments,
  startFixesLoad,
  startHistoryLoad,
  toMeasureHeld,
  untilDurableMs
} from "./chunk-GJXNKRME.js";
import "./chunk-ML5WHONI.js";
import "./chunk-WM2BKT75.js";
import "./chunk-OD2XKONF.js";
import "./chunk-I5NRPR4P.js";
import {
  rememberedExperiments
} from "./chunk-YWZCO6QH.js";
import "./chunk-IU36LFFJ.js";
import "./chunk-HDZVFZKP.js";
import "./chunk-V6ICDZO4.js";
import "./chunk-RED6WLUR.js";
import {
  followedTail
} from "./chunk-5KNF22FP.js";
import "./chunk-XEJEEAGX.js";
import "./chunk-3V4773W6.js";
import "./chunk-G25BJ2M5.js";
import "./chunk-CGZR6LBH.js";
import "./chunk-PWWNCPHY.js";
import "./chunk-JYT2JN4Z.js";
import "./chunk-SGXIA4GN.js";
import "./chunk-76DRRFYG.js";
import "./chunk-KMPHW5Q6.js";
import "./chunk-X762GLLF.js";
import "./chunk-7JQLLQYS.js";
import "./chunk-YM4LQKTN.js";
import "./chunk-HNY43QLL.js";
import "./chunk-YUP7TFMP.js";
import "./chunk-QNSZTROI.js";
import "./chunk-YRJ6SEFO.js";
import "./chunk-5XWL5JNG.js";

// src/pipeline/post-judge.ts
async function judgeWithTail(profile, followed, config, handed, hooks, besideHistorySave) {
  const { log } = hooks;
  const line = completeTail(profile, followed, config.writebackTimeoutMs);
  const fixes = profile.fingerprint ? await startFixesLoad(config, profile.fingerprint, profile.restore, profile.phases, handed.fixes ? Promise.resolve(handed.fixes) : null) : null;
  const { judgement, experimentPlan } = judgeOnce(profile, config, profile.auto?.probes, log, fixes ?? null);
  const main = profile.experiments;
  const experiments = experimentsAfterJudging(main, experimentPlan, fixes ?? null, config);
  delete profile.experiments;
  recordExperiments(profile, { experiments, startMs: main?.startMs ?? 0 }, {});
  const entry = fixesEntryFor(experimentPlan, null, {
    restoreMs: null,
    judgedWithTail: followed !== null,
    nothingToMeasureHeld: false,
    inPostStep: true,
    toMeasureHeld: !!profile.fingerprint && toMeasureHeld(fixes ?? null, profile.fingerprint, profile.restore)
  });
  await rememberFixes(entry, experimentPlan, profile, (/* @__PURE__ */ new Date()).toISOString(), hooks, (line2) => profile.warnings.push(line2));
  if (profile.fingerprint) {
    const loading = handed.history ? Promise.resolve(handed.history) : startHistoryLoad(config, profile.restore);
    await addToHistory(config, profile, profile.fingerprint, loading, hooks, besideHistorySave, handed.historyEntry ?? null);
  }
  return { rendered: renderJudged(profile, judgement), line };
}
function experimentsAfterJudging(main, plan, fixes, config) {
  if (plan?.memory?.reason === "fresh" && fixes?.found) return rememberedExperiments(fixes);
  if (plan?.run)
    return skippedExperiments(
      config,
      "not run: the time until on disk was known only in the post step (main followed the tail in the background), and the post step runs no experiments; a run that probes or asks for experiments measures them"
    );
  return main && !main.measuredOn ? main : null;
}
function completeTail(profile, followed, timeoutMs) {
  const extract = profile.phases.find((p) => p.name === "extract");
  if (!followed || !extract) {
    const why = "the writeback follower left no result (ended early or killed), so the time until on disk was not measured";
    profile.warnings.push(`The restore's files were followed in the background, but ${why}.`);
    return `Until on disk: not measured: ${why}.`;
  }
  const { phase, tail, snapshots } = followedTail(extract, followed);
  profile.phases.push(phase);
  profile.writebackTail = tail;
  profile.samples.snapshots = [...profile.samples.snapshots, ...snapshots].sort((a, b) => a.tMs - b.tMs);
  if (!tail.complete) profile.warnings.push(notOnDiskSentence(timeoutMs, tail));
  const onDiskMs = untilDurableMs(profile);
  const tailS = ((phase.endMs - phase.startMs) / 1e3).toFixed(2);
  return tail.complete ? `Until on disk: ${onDiskMs === null ? "\u2013" : (onDiskMs / 1e3).toFixed(2)} s (the writeback tail ${tailS} s after extraction, followed in the background; the main step did not wait for it).` : `Until on disk: more than ${tailS} s after extraction (followed in the background): ${notOnDiskSentence(timeoutMs, tail)}`;
}
export {
  judgeWithTail
};
