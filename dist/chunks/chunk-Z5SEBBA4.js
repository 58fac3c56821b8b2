import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  exportFact,
  exportWarning
} from "./chunk-VGFHFWNW.js";
import {
  checkHeadersInput,
  ciAttributesFromEnv,
  envWithInputs,
  exportSettings,
  scrub,
  traceParent
} from "./chunk-SN27TOXG.js";
import {
  checkedRememberedFixes
} from "./chunk-YWZCO6QH.js";
import {
  sayAttribution,
  sayDevice,
  sayDownload,
  sayEvidence,
  saySave,
  saySavePhase,
  sayStallToolkit,
  sayUpload,
  sayWhatIf
} from "./chunk-HDZVFZKP.js";
import {
  InputError,
  errorMessage
} from "./chunk-76DRRFYG.js";
import {
  endGroup,
  getInput,
  info,
  setSecret,
  startGroup,
  warning
} from "./chunk-YM4LQKTN.js";
import {
  sayCeilingFacts,
  sayCeilingFrom,
  sayPhase,
  sayVerdict
} from "./chunk-YUP7TFMP.js";

// src/pipeline/phase-log.ts
var coreSink = { startGroup, endGroup, info };
var PHASE_TITLES = {
  lookup: "Restore: lookup (cache service)",
  download: "Restore: download",
  extract: "Restore: extraction (tar + zstd)",
  writeback: "Restore: writeback tail (page cache to disk)",
  probes: "fio probes",
  list: "Save: listing the paths",
  archive: "Save: creating the archive (tar + zstd)",
  reserve: "Save: reserving the entry",
  upload: "Save: upload",
  commit: "Save: commit"
};
var PhaseLog = class {
  constructor(sink = coreSink, progressEveryMs = 1e4, now = () => performance.now()) {
    this.sink = sink;
    this.progressEveryMs = progressEveryMs;
    this.now = now;
  }
  sink;
  progressEveryMs;
  now;
  open = null;
  /** Ends the open group and, with a phase, opens its group. */
  enter(phase) {
    this.close();
    if (phase === null) return;
    const title = PHASE_TITLES[phase] ?? phase;
    this.sink.startGroup(title);
    const startedMs = this.now();
    const timer = setInterval(() => this.sink.info(`${title}: still running after ${Math.round((this.now() - startedMs) / 1e3)} s`), this.progressEveryMs);
    timer.unref();
    this.open = { title, startedMs, timer };
  }
  close() {
    if (!this.open) return;
    clearInterval(this.open.timer);
    this.sink.endGroup();
    this.open = null;
  }
};

// src/pipeline/post-export.ts
var EXPORT_INPUTS = {
  endpoint: "otel-endpoint",
  headers: "otel-headers",
  timeoutSeconds: "otel-timeout-seconds",
  perRunMetricAttributes: "otel-per-run-metric-attributes",
  checkRunId: "otel-check-run-id",
  stepName: "otel-step-name"
};
function readExportInputs() {
  return Object.fromEntries(Object.entries(EXPORT_INPUTS).map(([field, name]) => [field, getInput(name)]));
}
function exportEnv(inputs) {
  return envWithInputs(process.env, inputs);
}
function postExportSettings(inputs = readExportInputs()) {
  checkHeadersInput(inputs.headers);
  const env = exportEnv(inputs);
  for (const raw of [env.OTEL_EXPORTER_OTLP_HEADERS, env.OTEL_EXPORTER_OTLP_TRACES_HEADERS, env.OTEL_EXPORTER_OTLP_METRICS_HEADERS]) {
    if (raw?.trim()) setSecret(raw.trim());
  }
  const settings = exportSettings(env);
  for (const secret of settings?.secrets ?? []) setSecret(secret);
  return settings;
}
async function exportAfterPost(profile, say = (line) => info(line)) {
  let settings;
  let parent;
  try {
    const inputs = readExportInputs();
    settings = postExportSettings(inputs);
    parent = traceParent(exportEnv(inputs));
  } catch (error) {
    warning(`OpenTelemetry export skipped: ${errorMessage(error)}`);
    return null;
  }
  if (!settings) return null;
  const { exportProfile } = await import("./export-profile-VNIGVEM6.js");
  const outcome = await exportProfile(profile, { settings, ci: ciAttributesFromEnv(process.env), env: process.env, parent });
  const warning2 = exportWarning(outcome);
  const fact = exportFact(outcome);
  if (warning2) warning(warning2);
  else say(scrub(fact, settings.secrets));
  return fact;
}
function checkExportInputs(warn) {
  const inputs = readExportInputs();
  try {
    postExportSettings(inputs);
    traceParent(exportEnv(inputs));
  } catch (error) {
    const fromInput = Object.keys(EXPORT_INPUTS).some(
      (field) => (inputs[field] ?? "").trim() !== "" && error instanceof InputError && error.input.startsWith(EXPORT_INPUTS[field])
    );
    if (fromInput) throw error;
    warn(`OpenTelemetry export will be skipped in the post step: ${errorMessage(error)}`);
  }
}

// src/pipeline/profile-file.ts
import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";

// src/report/say/stored.ts
function storedTransfer(v, said) {
  return {
    ...v,
    sentence: said.sentence,
    evidence: said.evidence,
    stalls: v.stalls.map((s) => ({ ...s, toolkit: sayStallToolkit(s) })),
    whatIf: v.whatIf.map((w, i) => ({ ...w, sentence: said.whatIf[i] ?? "" }))
  };
}
function storedSave(save) {
  const v = save.verdict;
  if (!v) return save;
  return {
    ...save,
    verdict: {
      ...v,
      sentence: saySave(v),
      phases: v.phases.map((p) => ({ ...p, ...saySavePhase(p, v.upload) })),
      ...v.upload ? { upload: storedTransfer(v.upload, sayUpload(v.upload)) } : {}
    }
  };
}
function withStoredSentences(profile) {
  const v = profile.verdict;
  const save = profile.save ? { save: storedSave(profile.save) } : {};
  if (!v) return { ...profile, ...save };
  return {
    ...profile,
    verdict: {
      ...v,
      sentence: sayVerdict(v, profile),
      whatIf: v.whatIf.map((w) => ({ ...withCeilingWords(w), sentence: sayWhatIf(w) })),
      phases: v.phases.map((p) => ({ ...p, sentence: sayPhase(p), evidence: p.evidence.map((e) => ({ ...e, text: sayEvidence(e, p.phase) })) })),
      ...v.devices ? { devices: v.devices.map((d) => ({ ...withShareWords(d), sentence: sayDevice(d) })) } : {},
      ...v.attribution ? { attribution: { ...v.attribution, sentences: sayAttribution(v.attribution) } } : {},
      ...v.download ? { download: storedTransfer(v.download, sayDownload(v.download)) } : {}
    },
    ...save
  };
}
function withCeilingWords(w) {
  const f = w.facts;
  if (f?.ceilingFacts === void 0) return w;
  return { ...w, facts: { ...f, ceilingFrom: f.ceilingFacts && sayCeilingFacts(f.ceilingFacts) } };
}
function withShareWords(d) {
  const from = d.facts?.top?.from;
  if (!d.facts?.top || !from?.facts) return d;
  return { ...d, facts: { ...d.facts, top: { ...d.facts.top, from: { ...from, said: sayCeilingFrom(from) ?? "" } } } };
}

// src/pipeline/profile-file.ts
function profilePathFor(runnerTemp, label) {
  const safe = label.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 100) || "runner";
  return path.join(runnerTemp, "disk-profiler", `profile-${safe}.json`);
}
function writeProfile(file, profile) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(withStoredSentences(profile)));
}

// src/pipeline/handoff.ts
import { mkdirSync as mkdirSync2, readFileSync, rmSync, writeFileSync as writeFileSync2 } from "node:fs";
import * as path2 from "node:path";
var HANDED = {
  history: (v) => parseLoadedHistory(v),
  fixes: (v) => checkedRememberedFixes(v)
};
function handToPost(stateDir, kind, value) {
  mkdirSync2(stateDir, { recursive: true, mode: 448 });
  const file = path2.join(stateDir, `${kind}-${process.pid}-${Date.now().toString(36)}.json`);
  writeFileSync2(file, JSON.stringify(value), { mode: 384, flag: "wx" });
  return file;
}
function takeHanded(kind, file) {
  if (!file) return null;
  try {
    return HANDED[kind](JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return null;
  } finally {
    rmSync(file, { force: true });
  }
}
function parseLoadedHistory(v) {
  const d = v;
  if (typeof d !== "object" || d === null || !Array.isArray(d.earlier) || !Array.isArray(d.notes)) return null;
  if (d.restoredKey !== null && typeof d.restoredKey !== "string") return null;
  const earlier = d.earlier.filter(
    (r) => typeof r === "object" && r !== null && typeof r.fingerprintId === "string" && typeof r.runId === "string"
  );
  return { earlier, restoredKey: d.restoredKey ?? null, notes: d.notes.filter((n) => typeof n === "string") };
}

export {
  PhaseLog,
  postExportSettings,
  exportAfterPost,
  checkExportInputs,
  profilePathFor,
  writeProfile,
  handToPost,
  takeHanded
};
