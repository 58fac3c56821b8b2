import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  AUTO_EXPERIMENTS_MIN_RESTORE_MS,
  NOTHING_TO_MEASURE_KINDS,
  autoExperimentsReason,
  decideExperiments,
  decideProbes,
  judgeInDetail,
  judgedInRegime,
  restoreRates,
  sayProbeDecision
} from "./chunk-ML5WHONI.js";
import {
  describeFingerprint,
  fingerprintFrom
} from "./chunk-WM2BKT75.js";
import {
  cgroupDirtyScale,
  phaseFacts
} from "./chunk-OD2XKONF.js";
import {
  fixesCacheId,
  historyKeyPrefix,
  historyLabelOf,
  loadFixes,
  loadHistory,
  loadNewest,
  rememberedExperiments,
  runIdentity,
  storeDocument,
  storeFixes,
  updateHistory
} from "./chunk-YWZCO6QH.js";
import {
  historyRunOf
} from "./chunk-IU36LFFJ.js";
import {
  dirtyBytesFor
} from "./chunk-3V4773W6.js";
import {
  monotonicMs
} from "./chunk-PWWNCPHY.js";
import {
  expandPath,
  isPattern
} from "./chunk-JYT2JN4Z.js";
import {
  PROBE_NAMES
} from "./chunk-SGXIA4GN.js";
import {
  errorMessage
} from "./chunk-76DRRFYG.js";
import {
  nearestExisting
} from "./chunk-KMPHW5Q6.js";
import {
  utcMinute
} from "./chunk-QNSZTROI.js";
import {
  MiB
} from "./chunk-YRJ6SEFO.js";

// src/experiment/from-profile.ts
function durationMs(phases, name) {
  const p = phases.find((x) => x.name === name);
  return p ? p.endMs - p.startMs : 0;
}
function skippedExperiments(config, reason) {
  return {
    status: "skipped",
    reason,
    budgetMs: config.experimentsBudgetMs,
    wallMs: 0,
    refetch: null,
    outcomes: [],
    runs: [],
    skipped: [],
    fixBest: { alternative: "none", mountPoint: null, savingMs: null }
  };
}
function experimentsRequestFor(config, timed, phases) {
  const r = timed.restore;
  if (!r.cacheHit || r.error)
    return r.error ? `the restore failed during ${r.error.phase}, so there is no archive to experiment on` : "no cache entry matched, so there is no archive to experiment on";
  if (!timed.downloadUrl) return "the restore did not say where its archive came from";
  const given = config.paths.find((p) => !isPattern(p));
  if (!given) return "every restore path is a pattern, so there is no one path whose file system to compare with";
  return {
    experiments: config.experiments,
    budgetMs: config.experimentsBudgetMs,
    restorePath: expandPath(given, config.workspace),
    pathsAsGiven: config.paths.filter((p) => !isPattern(p)),
    patternPaths: config.paths.filter((p) => isPattern(p) && !p.startsWith("!")),
    workspace: config.workspace,
    restorePaths: config.paths.filter((p) => !isPattern(p)).map((p) => expandPath(p, config.workspace)),
    runnerTemp: config.runnerTemp,
    downloadUrl: timed.downloadUrl,
    serviceVersion: r.serviceVersion,
    compressionMethod: r.compressionMethod,
    archiveBytes: r.archiveBytes ?? 0,
    measured: { downloadMs: durationMs(phases, "download"), extractMs: durationMs(phases, "extract"), writebackMs: durationMs(phases, "writeback") },
    restoreUntilOnDiskMs: phases.some((p) => p.name === "writeback") ? durationMs(phases, "extract") + durationMs(phases, "writeback") : null,
    reportedExtraction: timed.reportedTree ? { files: timed.reportedTree.anatomy.files, extractedBytes: timed.reportedTree.anatomy.extractedBytes } : null
  };
}
async function experimentsAfterProfile(config, timed, phases, hooks, extra = {}) {
  if (config.experiments.length === 0) return null;
  const request = experimentsRequestFor(config, timed, phases);
  if (typeof request === "string") return skippedExperiments(config, request);
  try {
    const { runExperiments } = await import("./run-experiments-22ALNQSK.js");
    const result = await runExperiments({ ...request, ...extra }, hooks);
    if (result.status !== "ran" && result.reason) hooks.warn(`Experiments ${result.status}: ${result.reason}`);
    return result;
  } catch (error) {
    hooks.warn(`Experiments failed: ${errorMessage(error)}`);
    return { ...skippedExperiments(config, errorMessage(error)), status: "failed" };
  }
}

// src/remember/ceilings.ts
function ceilingsKeyPrefix(fingerprintId) {
  return `disk-profiler-ceilings-${fingerprintId}-`;
}
function ceilingsKey(fingerprintId, nowMs, env = process.env) {
  const { runId, runAttempt } = runIdentity(env);
  return `${ceilingsKeyPrefix(fingerprintId)}${runId}-${runAttempt}-${nowMs.toString(36)}`;
}
var finite = (v) => typeof v === "number" && Number.isFinite(v);
function isProbe(v) {
  const p = v;
  return typeof p === "object" && p !== null && PROBE_NAMES.includes(p.name) && finite(p.bytesPerSecond) && finite(p.iops) && typeof p.latencyNs === "object" && p.latencyNs !== null && finite(p.latencyNs.mean);
}
function parseCeilingsDocument(v, fingerprintId) {
  const d = v;
  if (typeof d !== "object" || d === null) return "the entry is not a JSON object";
  if (d.fingerprintId !== fingerprintId) return `the entry is for fingerprint ${String(d.fingerprintId)}, not ${fingerprintId}`;
  if (typeof d.runId !== "string" || typeof d.probedAt !== "string" || !Array.isArray(d.probes)) return "the entry lacks its run, date or probes";
  if (!d.probes.every(isProbe)) return "the entry holds a probe result this version cannot read";
  return d;
}
async function loadCeilings(fingerprintId) {
  const loaded = await loadNewest("ceilings", ceilingsKeyPrefix(fingerprintId));
  if (!loaded.found) return loaded;
  const parsed = parseCeilingsDocument(loaded.document, fingerprintId);
  return typeof parsed === "string" ? { found: false, reason: `${loaded.key} was not usable: ${parsed}` } : { found: true, key: loaded.key, document: parsed };
}
async function storeCeilings(fingerprint, hardware, label, suite, probedAt) {
  const key = ceilingsKey(fingerprint.id, Date.now());
  const { runId, runAttempt } = runIdentity();
  const document = {
    fingerprintId: fingerprint.id,
    hardware,
    label,
    runId,
    runAttempt,
    probedAt,
    ...suite.fioVersion ? { fioVersion: suite.fioVersion } : {},
    ...suite.directory ? { directory: suite.directory } : {},
    probes: suite.probes.filter((p) => !p.error)
  };
  const stored = await storeDocument("ceilings", key, document);
  return stored.ok ? { ok: true, key } : { ok: false, key, reason: stored.reason };
}
function rememberedSuite(doc, reason) {
  return {
    status: "skipped",
    reason,
    ...doc.fioVersion ? { fioVersion: doc.fioVersion } : {},
    ...doc.directory ? { directory: doc.directory } : {},
    wallMs: 0,
    probes: doc.probes
  };
}
function rememberedSource(doc, key) {
  return {
    kind: "remembered",
    runId: doc.runId,
    runAttempt: doc.runAttempt,
    probedAt: doc.probedAt,
    fingerprintId: doc.fingerprintId,
    cacheKey: key,
    sentence: `Ceilings remembered from run ${doc.runId} (probed ${utcMinute(doc.probedAt)} UTC on the same hardware, fingerprint ${doc.fingerprintId}).`
  };
}

// src/pipeline/always-on.ts
var REMEMBERED_GROUP = "Always on: remembered ceilings and history (Actions cache)";
var HISTORY_GROUP = "Always on: this run added to the history (Actions cache)";
var STORE_GROUP = "Always on: remembering the ceilings (Actions cache)";
var FIXES_STORE_GROUP = "Always on: remembering the measured fixes (Actions cache)";
function fingerprintOf(where, host, context, restorePath) {
  let existing = null;
  try {
    existing = nearestExisting(restorePath);
  } catch {
  }
  const cgroup = context.cgroup;
  return fingerprintFrom({
    host,
    mounts: where.mounts ?? [],
    disks: where.devices.filter((d) => d.roles.includes("restore-path")).map((d) => ({ name: d.name, facts: where.diskFacts?.get(d.name) ?? { queue: {}, slaves: [] } })),
    restorePath: existing,
    fallback: {
      vcpus: context.cpuCount,
      memoryBytes: context.memoryBytes,
      ...context.cpuModel ? { cpuModel: context.cpuModel } : {},
      ...context.kernel ? { kernel: context.kernel } : {}
    },
    ...cgroup !== void 0 ? { cgroup } : {}
  });
}
function cacheTrouble(restore) {
  const phase = restore?.error?.phase;
  return phase === "lookup" || phase === "download" ? `the Actions cache failed during the restore's ${phase}` : null;
}
function readsCeilings(config) {
  return config.probesAuto && config.probes.length > 0 && config.rememberCeilings;
}
function readsFixes(config) {
  return config.experimentsAuto && config.experiments.length > 0;
}
async function planProbes(config, fingerprint, restore, phases, log, ceilingsRead = null) {
  if (!config.probesAuto || config.probes.length === 0) return {};
  const trouble = cacheTrouble(restore);
  if (trouble) return { decision: { run: true, reason: `probes: auto probed because ${trouble}, so remembered ceilings were not looked up` } };
  if (!config.rememberCeilings)
    return { decision: { run: true, reason: "probes: auto probed because remember-ceilings is false, so no ceilings are remembered" } };
  const remembered = await (ceilingsRead ?? loadCeilings(fingerprint.id));
  const decided = decideProbes({
    remembered: remembered.found ? remembered.document : { missing: remembered.reason },
    nowMs: Date.now(),
    maxAgeMs: config.ceilingsMaxAgeMs,
    rates: restoreRates(phases)
  });
  const decision = { run: decided.run, reason: sayProbeDecision(decided.why) };
  log(decision.reason);
  if (decision.run || !remembered.found) return { decision };
  return {
    decision,
    remembered: { suite: rememberedSuite(remembered.document, decision.reason), source: rememberedSource(remembered.document, remembered.key) }
  };
}
async function ceilingsSourceAfter(config, fingerprint, probes, plan, probedAt, profileRestore, warn) {
  if (plan.remembered) return plan.remembered.source;
  const usable = probes.status === "ran" && probes.probes.some((p) => !p.error);
  if (!usable) return { kind: "none", sentence: `No fio ceilings: ${probes.reason ?? `the probes ${probes.status}`}.` };
  const { runId } = runIdentity();
  const source = { kind: "this-run", runId, probedAt, fingerprintId: fingerprint.id, sentence: "Ceilings probed by this run." };
  if (!config.rememberCeilings) return source;
  const trouble = cacheTrouble(profileRestore);
  if (trouble) return { ...source, sentence: `Ceilings probed by this run (not remembered: ${trouble}).` };
  const stored = await storeCeilings(fingerprint, describeFingerprint(fingerprint), config.label, probes, probedAt);
  if (!stored.ok) {
    warn(`The ceilings were not remembered for later runs: ${stored.reason}`);
    return { ...source, sentence: "Ceilings probed by this run (not remembered: see the warning)." };
  }
  return {
    ...source,
    cacheKey: stored.key,
    sentence: `Ceilings probed by this run, remembered for later runs on this hardware (fingerprint ${fingerprint.id}).`
  };
}
function phaseMs(phases, name) {
  const p = phases.find((x) => x.name === name);
  return p ? p.endMs - p.startMs : null;
}
function untilDurableMs(profile) {
  const r = profile.restore;
  if (!r?.cacheHit || r.error || r.skipped) return null;
  return r.restoreMs + (phaseMs(profile.phases, "writeback") ?? 0);
}
function startFixesLoad(config, fingerprint, restore, phases, early = null) {
  if (!restore || cacheTrouble(restore) || !fixesLookedUp(config, untilDurableMs({ restore, phases: [...phases] }))) return null;
  return early ?? loadFixes(fixesCacheId(restore), fingerprint.id);
}
function fixesLookedUp(config, restoreMs) {
  return readsFixes(config) && restoreMs !== null && restoreMs >= AUTO_EXPERIMENTS_MIN_RESTORE_MS;
}
function regimeFactsOf(fingerprint, restore) {
  return { fingerprintId: fingerprint.id, nowMs: Date.now(), archiveBytes: restore?.archiveBytes ?? null, files: restore?.anatomy?.files ?? null };
}
function autoExperiments(config, judged, fixes = null, tailLeft = false) {
  if (!config.experimentsAuto || config.experiments.length === 0) return null;
  const r = judged.restore;
  const run = fixes && judged.fingerprint ? regimeFactsOf(judged.fingerprint, r) : null;
  const toMeasure = fixes && !fixes.found ? fixes.toMeasure : void 0;
  const decision = decideExperiments({
    bottleneck: judged.verdict?.bottleneck ?? null,
    untilDurableMs: untilDurableMs(judged),
    ...tailLeft ? { untilDurableIsLowerBound: true } : {},
    allowed: config.experiments,
    ...fixes && run ? {
      remembered: fixes.found ? fixes.against : { missing: fixes.reason },
      run,
      ...toMeasure && judgedInRegime(toMeasure, run) ? { toMeasure } : {}
    } : {}
  });
  return { ...decision, reason: autoExperimentsReason(decision) };
}
function withCeilingsSource(profile) {
  const source = profile.ceilingsSource;
  const decision = profile.verdict?.decision;
  if (!decision || !source) return;
  if (source.kind === "remembered" || source.kind === "this-run" && profile.auto?.probes?.run) decision.citesCeilingsSource = true;
}
function startHistoryLoad(config, restore, early = null) {
  return config.history && !cacheTrouble(restore) ? early ?? loadHistory(historyLabelOf(config)) : null;
}
function earlyReads(config, fingerprint, soFar) {
  return {
    ceilings: readsCeilings(config) ? loadCeilings(fingerprint.id) : null,
    history: config.history ? loadHistory(historyLabelOf(config)) : null,
    fixes: readsFixes(config) ? loadFixes(fixesCacheId(soFar), fingerprint.id) : null
  };
}
async function historyOf(config, profile, fingerprint, loading, onUnsaved, reservation = null) {
  if (!config.history) return null;
  const trouble = cacheTrouble(profile.restore);
  if (trouble || !loading) {
    return {
      label: historyLabelOf(config),
      keyPrefix: historyKeyPrefix(historyLabelOf(config)),
      restoredKey: null,
      startedNew: false,
      earlierRuns: 0,
      groups: [],
      regressions: [],
      saved: null,
      notes: [`The history was not read or added to this run: ${trouble ?? "it was not loaded"}.`]
    };
  }
  const { runId, runAttempt } = runIdentity();
  const probe = (name) => profile.probes?.probes.find((p) => p.name === name && !p.error);
  const r = profile.restore;
  const current = historyRunOf({
    createdAt: profile.createdAt,
    runId,
    runAttempt,
    fingerprintId: fingerprint.id,
    hardware: describeFingerprint(fingerprint),
    phasesMs: {
      lookup: phaseMs(profile.phases, "lookup"),
      download: phaseMs(profile.phases, "download"),
      extract: phaseMs(profile.phases, "extract"),
      writeback: phaseMs(profile.phases, "writeback")
    },
    restoreOk: !!r?.cacheHit && !r.error && !r.skipped,
    archiveBytes: r?.archiveBytes ?? null,
    bottleneck: profile.verdict?.bottleneck ?? "inconclusive",
    ceilings: {
      seqWriteMiBps: probe("seq-write") ? (probe("seq-write")?.bytesPerSecond ?? 0) / MiB : null,
      randWriteIops: probe("rand-write")?.iops ?? null
    }
  });
  return updateHistory({
    label: historyLabelOf(config),
    loaded: await loading,
    current,
    save: true,
    nowMs: Date.now(),
    reservation,
    ...onUnsaved ? { onUnsaved } : {}
  });
}

// src/experiment/page-cache-prediction.ts
function predictPageCacheStep(extract, cpuBound = false) {
  const busiest = extract.busiestProcess;
  if (!busiest || busiest.cores <= 0 || extract.durationMs <= 0) return null;
  return {
    stepMs: cpuBound ? extract.durationMs : Math.min(extract.durationMs, busiest.cores * extract.durationMs),
    basis: { comm: busiest.comm, cores: busiest.cores, extractMs: extract.durationMs }
  };
}
function pageCachePredictionOf(profile) {
  if (profile.experiments?.skipped.some((s) => s.alternative === "page-cache" && s.reason === "already-fits")) return null;
  const extract = profile.phases.find((p) => p.name === "extract");
  const cpuBound = profile.verdict?.phases.find((p) => p.phase === "extract")?.bottleneck === "cpu";
  return extract ? predictPageCacheStep(phaseFacts(profile, extract), cpuBound || outgrowsCgroupBudget(profile)) : null;
}
function outgrowsCgroupBudget(profile) {
  const extracted = profile.restore?.anatomy?.extractedBytes;
  if (extracted === void 0) return false;
  return dirtyBytesFor(extracted).dirtyBytes * cgroupDirtyScale(profile.context) < extracted;
}
function predictedSavingMs(e) {
  const baseline = e.outcomes.find((o) => o.alternative === "baseline");
  if (!baseline || !e.pageCachePrediction) return null;
  return baseline.timeMs.median - e.pageCachePrediction.stepMs;
}

// src/pipeline/stages/experiments.ts
async function runExperimentStage(config, run, machine, holdMachine, hooks, warn) {
  if (run.plan?.memory?.reason === "fresh" && run.fixes?.found) return { experiments: rememberedExperiments(run.fixes), startMs: 0 };
  const chosen = run.plan ? { ...config, experiments: run.plan.experiments } : config;
  const busy = chosen.experiments.length > 0 && run.canRun ? await holdMachine() : null;
  if (chosen.experiments.length > 0 && !busy) machine.enter("experiments");
  const startMs = monotonicMs() - run.originMs;
  const { target } = run.placement;
  const experiments = busy ? skippedExperiments(chosen, busy) : await experimentsAfterProfile(
    chosen,
    run.restore.timed,
    run.restore.phases,
    {
      log: hooks.log,
      warn,
      ...hooks.signal ? { signal: hooks.signal } : {},
      onDirectory: (dir) => {
        machine.addExperimentDir(dir);
        hooks.onExperimentDirectory?.(dir);
      },
      onDirtySettings: (change) => {
        machine.setDirty(change);
        hooks.onExperimentDirtySettings?.(change);
      },
      whoSetDirty: (name, value) => machine.whoSetDirty(name, value)
    },
    {
      ...hooks.experimentOtherDisks ? { extraOtherDisks: hooks.experimentOtherDisks } : {},
      ...hooks.experimentFullRunRounds ? { fullRunRounds: hooks.experimentFullRunRounds } : {},
      // On the device that got most of the restore's bytes, when the paths span several.
      ...run.placement.chosen && target.restorePath ? { restorePath: target.restorePath } : {},
      restoreBottleneck: run.bottleneck ?? null
    }
  );
  return { experiments, startMs };
}
function recordExperiments(profile, run, met) {
  const { experiments } = run;
  if (met.otherProfiles && met.otherProfiles.length > 0) profile.context.otherProfiles = met.otherProfiles;
  if (met.machineDirectory) profile.context.machineDirectory = met.machineDirectory;
  if (experiments?.status === "ran" && !experiments.measuredOn) experiments.startMs = run.startMs;
  if (experiments) profile.experiments = experiments;
  if (experiments) experiments.pageCachePrediction = pageCachePredictionOf(profile);
  withCeilingsSource(profile);
}

// src/pipeline/stages/history.ts
async function addToHistory(config, profile, fingerprint, historyLoad, hooks, beside, reservation = null) {
  if (config.history) hooks.onPhase?.(HISTORY_GROUP);
  const onUnsaved = beside ? (view) => {
    profile.history = view;
    beside();
  } : void 0;
  const history = await historyOf(config, profile, fingerprint, historyLoad, onUnsaved, reservation);
  hooks.onPhase?.(null);
  if (history) profile.history = history;
}

// src/pipeline/stages/judge.ts
function judgeOnce(profile, config, probeDecision, log, fixes = null, tailLeft = false) {
  const judgement = judgeInDetail(profile);
  profile.verdict = judgement.verdict;
  const experimentPlan = autoExperiments(config, profile, fixes, tailLeft);
  if (probeDecision || experimentPlan) {
    profile.auto = {
      ...probeDecision ? { probes: probeDecision } : {},
      ...experimentPlan ? { experiments: { run: experimentPlan.run, reason: experimentPlan.reason, ...experimentPlan.memory ? { memory: experimentPlan.memory } : {} } } : {}
    };
  }
  if (experimentPlan) log(experimentPlan.reason);
  return { judgement, experimentPlan };
}

// src/pipeline/stages/remembered.ts
async function readRemembered(config, fingerprint, restore, phases, hooks, early = null) {
  const fixesLoad = early?.fixes ?? startFixesLoad(config, fingerprint, restore, phases);
  if (config.probesAuto || config.history || fixesLoad) hooks.onPhase?.(REMEMBERED_GROUP);
  const historyLoad = startHistoryLoad(config, restore, early?.history ?? null);
  const [probePlan, , fixes] = await Promise.all([
    planProbes(config, fingerprint, restore, phases, hooks.log, early?.ceilings ?? null),
    historyLoad,
    fixesLoad
  ]);
  hooks.onPhase?.(null);
  return { probePlan, historyLoad, fixes: fixes ?? null };
}
async function rememberCeilings(config, fingerprint, probes, plan, restore, hooks, warn) {
  if (config.rememberCeilings && probes.status === "ran") hooks.onPhase?.(STORE_GROUP);
  const source = await ceilingsSourceAfter(config, fingerprint, probes, plan, (/* @__PURE__ */ new Date()).toISOString(), restore, warn);
  hooks.onPhase?.(null);
  return source;
}
function nothingToMeasureHeld(fixes, fingerprint, restore) {
  return heldFor(fixes && !fixes.found ? fixes.nothingToMeasure : void 0, fingerprint, restore);
}
function toMeasureHeld(fixes, fingerprint, restore) {
  return heldFor(fixes && !fixes.found ? fixes.toMeasure : void 0, fingerprint, restore);
}
function heldFor(entry, fingerprint, restore) {
  return !!entry && !!restore && judgedInRegime(entry, regimeFactsOf(fingerprint, restore));
}
function fixesEntryFor(plan, experiments, run) {
  if (!plan || !run.judgedWithTail) return null;
  if (run.inPostStep) return plan.run && !run.toMeasureHeld ? { kind: "to-measure" } : null;
  if (plan.memory && plan.run && experiments?.status === "ran" && experiments.outcomes.length > 0 && !experiments.measuredOn)
    return { kind: "measured", experiments };
  const nothing = !plan.run && NOTHING_TO_MEASURE_KINDS.includes(plan.why.kind);
  const longEnough = run.restoreMs !== null && run.restoreMs >= AUTO_EXPERIMENTS_MIN_RESTORE_MS;
  return nothing && longEnough && !run.nothingToMeasureHeld ? { kind: "nothing-to-measure" } : null;
}
var REMEMBERED_LINE_START = "Remembered for later runs";
var ENTRY_WORDS = {
  measured: "the measured fixes",
  "nothing-to-measure": "that the experiments have nothing to measure for this verdict",
  "to-measure": "that the experiments have fixes to measure (the next run waits for its tail and measures them)"
};
async function rememberFixes(entry, plan, profile, measuredAt, hooks, warn) {
  const r = profile.restore;
  const onDiskMs = untilDurableMs(profile);
  if (!entry || !plan || !r || !profile.fingerprint || !profile.verdict || onDiskMs === null || r.archiveBytes === null) return;
  hooks.onPhase?.(FIXES_STORE_GROUP);
  const stored = await storeFixes(
    fixesCacheId(r),
    {
      archiveBytes: r.archiveBytes,
      files: r.anatomy?.files ?? null,
      bottleneck: profile.verdict.bottleneck,
      untilDurableMs: onDiskMs,
      experiments: entry.kind === "measured" ? plan.experiments : []
    },
    profile.fingerprint.id,
    entry,
    measuredAt
  );
  hooks.onPhase?.(null);
  if (stored.ok) hooks.log(`${REMEMBERED_LINE_START} on this hardware and cache (${stored.key}): ${ENTRY_WORDS[entry.kind]}.`);
  else warn(`Not remembered for later runs (${stored.reason}): ${ENTRY_WORDS[entry.kind]}.`);
}

// src/report/say/tail.ts
function notOnDiskSentence(timeoutMs, tail) {
  const pending = tail.syncs.filter((s) => !s.returned).map((s) => s.mountPoint).join(", ");
  if (tail.cutBy === "post-step")
    return `The restore's files were not all on disk when the post step began (syncfs had not returned on ${pending}); it does not wait for them, as actions/cache does not, so the tail is cut there.`;
  return `The restore's files were not all on disk after ${timeoutMs / 1e3} s (writeback-timeout-seconds): syncfs had not returned on ${pending}; the tail is cut there.`;
}

export {
  skippedExperiments,
  experimentsRequestFor,
  fingerprintOf,
  untilDurableMs,
  startFixesLoad,
  startHistoryLoad,
  earlyReads,
  predictedSavingMs,
  runExperimentStage,
  recordExperiments,
  addToHistory,
  judgeOnce,
  readRemembered,
  rememberCeilings,
  nothingToMeasureHeld,
  toMeasureHeld,
  fixesEntryFor,
  REMEMBERED_LINE_START,
  rememberFixes,
  notOnDiskSentence
};
