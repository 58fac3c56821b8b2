import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  TOOL_VERSION
} from "./chunk-V6ICDZO4.js";
import {
  InputError
} from "./chunk-76DRRFYG.js";

// src/export/receiver-ids.ts
import { createHash } from "node:crypto";
var hexSha256 = (input) => createHash("sha256").update(input, "utf8").digest("hex");
function receiverTraceId(runId, runAttempt) {
  return hexSha256(`${runId}${runAttempt}t`).slice(0, 32);
}
function receiverStepSpanId(checkRunId, stepName) {
  return hexSha256(`${checkRunId}-${stepName}-s`).slice(16, 32);
}
function postStepName(stepName) {
  return `Post ${stepName}`;
}

// src/export/trace-parent.ts
var PARENT_IDS = [
  { id: "runId", variable: "GITHUB_RUN_ID", input: null },
  { id: "runAttempt", variable: "GITHUB_RUN_ATTEMPT", input: null },
  { id: "checkRunId", variable: "DISK_PROFILER_OTEL_CHECK_RUN_ID", input: "otel-check-run-id" },
  { id: "stepName", variable: "DISK_PROFILER_OTEL_STEP_NAME", input: "otel-step-name" }
];
var OWN_TRACE = { kind: "own", missing: PARENT_IDS.map((p) => p.id) };
var WHOLE_NUMBER = /^[1-9][0-9]{0,18}$/;
function traceParent(env) {
  const given = Object.fromEntries(PARENT_IDS.map((p) => [p.id, env[p.variable]?.trim() ?? ""]));
  for (const p of PARENT_IDS) {
    if (p.id === "stepName" || !given[p.id] || WHOLE_NUMBER.test(given[p.id])) continue;
    if (p.input === null) given[p.id] = "";
    else throw new InputError(`${p.input} (${p.variable})`, given[p.id], "the job's check run id, a whole number above 0: pass ${{ job.check_run_id }}");
  }
  const missing = PARENT_IDS.filter((p) => !given[p.id]).map((p) => p.id);
  if (missing.length > 0) return { kind: "own", missing };
  const { runId, runAttempt, checkRunId, stepName } = given;
  return {
    kind: "job-step",
    runId,
    runAttempt,
    checkRunId,
    stepName,
    traceId: receiverTraceId(runId, runAttempt),
    stepSpanId: receiverStepSpanId(checkRunId, stepName),
    postStepSpanId: receiverStepSpanId(checkRunId, postStepName(stepName))
  };
}

// src/export/names.ts
var PREFIX = "disk_profiler";
var SEMCONV = {
  serviceName: "service.name",
  serviceVersion: "service.version",
  repositoryName: "vcs.repository.name",
  repositoryUrl: "vcs.repository.url.full",
  pipelineName: "cicd.pipeline.name",
  runId: "cicd.pipeline.run.id",
  runUrl: "cicd.pipeline.run.url.full",
  taskName: "cicd.pipeline.task.name",
  workerName: "cicd.worker.name"
};
var ATTR = {
  /** The run's attempt: the conventions have a run id but no attempt. */
  runAttempt: `${PREFIX}.run.attempt`,
  label: `${PREFIX}.label`,
  fingerprintId: `${PREFIX}.fingerprint.id`,
  /** The hardware in words (sample/fingerprint.ts describeFingerprint). */
  fingerprintDescription: `${PREFIX}.fingerprint.description`,
  verdictBottleneck: `${PREFIX}.verdict.bottleneck`,
  verdictAbout: `${PREFIX}.verdict.about`,
  verdictPhase: `${PREFIX}.verdict.phase`,
  verdictSentence: `${PREFIX}.verdict.sentence`,
  phase: `${PREFIX}.phase`,
  phaseBottleneck: `${PREFIX}.phase.bottleneck`,
  stepMs: `${PREFIX}.restore.step_ms`,
  untilOnDiskMs: `${PREFIX}.restore.until_on_disk_ms`,
  cacheHit: `${PREFIX}.restore.cache_hit`,
  exactMatch: `${PREFIX}.restore.exact_match`,
  archiveBytes: `${PREFIX}.archive_bytes`,
  error: `${PREFIX}.error`,
  ceilingsSource: `${PREFIX}.ceilings.source`,
  ceilingSeqReadBytesPerSecond: `${PREFIX}.ceiling.seq_read_bytes_per_second`,
  ceilingSeqWriteBytesPerSecond: `${PREFIX}.ceiling.seq_write_bytes_per_second`,
  ceilingRandReadIops: `${PREFIX}.ceiling.rand_read_iops`,
  ceilingRandWriteIops: `${PREFIX}.ceiling.rand_write_iops`,
  regression: `${PREFIX}.history.regression`,
  regressionMetrics: `${PREFIX}.history.regression_metrics`,
  probe: `${PREFIX}.probe`,
  probeBytesPerSecond: `${PREFIX}.probe.bytes_per_second`,
  probeIops: `${PREFIX}.probe.iops`,
  alternative: `${PREFIX}.experiment.alternative`,
  mountPoint: `${PREFIX}.experiment.mount_point`,
  saveStatus: `${PREFIX}.save.status`,
  saveBottleneck: `${PREFIX}.save.bottleneck`,
  stallKind: `${PREFIX}.stall.kind`,
  stallRequestId: `${PREFIX}.stall.request_id`,
  stallDurationMs: `${PREFIX}.stall.duration_ms`,
  stallAtBytes: `${PREFIX}.stall.at_bytes`,
  stallWholeMs: `${PREFIX}.stall.whole_transfer_ms`,
  downloadLimit: `${PREFIX}.download.limit`,
  uploadLimit: `${PREFIX}.upload.limit`,
  /** How a span's start was found: `measured` on the profile's clock, or `ordered` (laid end to end from its stage's start). */
  spanStart: `${PREFIX}.span.start`
};
var SPAN = {
  step: "disk-profiler",
  restore: "disk-profiler.restore",
  phase: (name) => `disk-profiler.restore.${name}`,
  probes: "disk-profiler.probes",
  probe: (name) => `disk-profiler.probe.${name}`,
  experiments: "disk-profiler.experiments",
  refetch: "disk-profiler.experiment.refetch",
  experimentRun: (alternative) => `disk-profiler.experiment.${alternative}`,
  save: "disk-profiler.save",
  savePhase: (name) => `disk-profiler.save.${name}`,
  stallEvent: "stall"
};
var METRIC = {
  phaseDuration: `${PREFIX}.restore.phase.duration`,
  stepDuration: `${PREFIX}.restore.step.duration`,
  untilOnDiskDuration: `${PREFIX}.restore.until_on_disk.duration`,
  savePhaseDuration: `${PREFIX}.save.phase.duration`,
  verdicts: `${PREFIX}.restore.verdicts`,
  ceilingBandwidth: `${PREFIX}.ceiling.bandwidth`,
  ceilingIops: `${PREFIX}.ceiling.iops`
};

// src/export/key-value-list.ts
function parseKeyValueList(text) {
  const out = {};
  for (const pair of text.split(",")) {
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    const key = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (key) out[key] = decode(value);
  }
  return out;
}
function decode(value) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

// src/export/resource-attributes.ts
var PER_RUN_ATTRIBUTES = [SEMCONV.runId, SEMCONV.runUrl, ATTR.runAttempt, SEMCONV.workerName];
function ciAttributesFromEnv(env) {
  const server = env.GITHUB_SERVER_URL || "https://github.com";
  const repository = env.GITHUB_REPOSITORY;
  const runId = env.GITHUB_RUN_ID;
  const attempt = env.GITHUB_RUN_ATTEMPT;
  const out = {};
  if (repository) {
    out[SEMCONV.repositoryName] = repository.split("/").pop() ?? repository;
    out[SEMCONV.repositoryUrl] = `${server}/${repository}`;
  }
  if (env.GITHUB_WORKFLOW) out[SEMCONV.pipelineName] = env.GITHUB_WORKFLOW;
  if (runId) out[SEMCONV.runId] = runId;
  if (attempt) out[ATTR.runAttempt] = attempt;
  if (repository && runId) out[SEMCONV.runUrl] = `${server}/${repository}/actions/runs/${runId}${attempt ? `/attempts/${attempt}` : ""}`;
  if (env.GITHUB_JOB) out[SEMCONV.taskName] = env.GITHUB_JOB;
  if (env.RUNNER_NAME) out[SEMCONV.workerName] = env.RUNNER_NAME;
  return out;
}
function traceResourceAttributes(profile, ci, env) {
  const own = {
    [SEMCONV.serviceName]: "disk-profiler",
    [SEMCONV.serviceVersion]: TOOL_VERSION,
    ...ci,
    [ATTR.label]: profile.label,
    ...profile.fingerprint ? { [ATTR.fingerprintId]: profile.fingerprint.id } : {}
  };
  const user = parseKeyValueList(env.OTEL_RESOURCE_ATTRIBUTES ?? "");
  return { ...own, ...user, ...env.OTEL_SERVICE_NAME ? { [SEMCONV.serviceName]: env.OTEL_SERVICE_NAME } : {} };
}
function metricResourceAttributes(traceResource, perRunMetricAttributes) {
  if (perRunMetricAttributes) return traceResource;
  return Object.fromEntries(Object.entries(traceResource).filter(([name]) => !PER_RUN_ATTRIBUTES.includes(name)));
}

// src/config/parse-values.ts
var TRUE_VALUES = ["true", "True", "TRUE"];
var FALSE_VALUES = ["false", "False", "FALSE"];
function parseBoolean(input, raw, fallback) {
  const value = raw.trim();
  if (value === "") return fallback;
  if (TRUE_VALUES.includes(value)) return true;
  if (FALSE_VALUES.includes(value)) return false;
  throw new InputError(input, raw, `${[...TRUE_VALUES, ...FALSE_VALUES].join(", ")} (as @actions/core getBooleanInput reads a boolean)`);
}
function parseInteger(input, raw, fallback, min, max, unit) {
  const value = raw.trim();
  if (value === "") return fallback;
  if (!/^\d+$/.test(value)) throw new InputError(input, raw, `a whole number of ${unit} from ${min} to ${max}`);
  const n = Number(value);
  if (n < min || n > max) throw new InputError(input, raw, `a whole number of ${unit} from ${min} to ${max}`);
  return n;
}
function parseNameList(input, raw, allowed) {
  const names = raw.split(/[,\n]/).map((s) => s.trim()).filter((s) => s !== "");
  for (const name of names) {
    if (!allowed.includes(name)) throw new InputError(input, name, `a comma-separated list of: ${allowed.join(", ")}`);
  }
  return [...new Set(names)];
}
function parseChoice(input, raw, allowed, fallback) {
  const value = raw.trim();
  if (value === "") return fallback;
  if (!allowed.includes(value)) throw new InputError(input, raw, `one of ${allowed.join(", ")}`);
  return value;
}

// src/export/settings.ts
var DEFAULT_EXPORT_TIMEOUT_MS = 5e3;
var MAX_EXPORT_TIMEOUT_MS = 6e4;
function envWithInputs(env, inputs) {
  return {
    ...env,
    ...inputs.endpoint ? { OTEL_EXPORTER_OTLP_ENDPOINT: inputs.endpoint } : {},
    ...inputs.headers ? { OTEL_EXPORTER_OTLP_HEADERS: inputs.headers } : {},
    ...inputs.timeoutSeconds ? { DISK_PROFILER_OTEL_TIMEOUT_SECONDS: inputs.timeoutSeconds } : {},
    ...inputs.perRunMetricAttributes ? { DISK_PROFILER_OTEL_PER_RUN_METRIC_ATTRIBUTES: inputs.perRunMetricAttributes } : {},
    ...inputs.checkRunId ? { DISK_PROFILER_OTEL_CHECK_RUN_ID: inputs.checkRunId } : {},
    ...inputs.stepName ? { DISK_PROFILER_OTEL_STEP_NAME: inputs.stepName } : {}
  };
}
function checkHeadersInput(raw) {
  if (raw.trim() === "") return;
  const pairs = raw.replace(/,\s*$/, "").split(",");
  const bad = pairs.findIndex((pair) => pair.indexOf("=") <= 0 || pair.slice(0, pair.indexOf("=")).trim() === "");
  if (bad >= 0) {
    throw new InputError(
      "otel-headers",
      `(masked: pair ${bad + 1} of ${pairs.length} is not key=value)`,
      "key=value pairs separated by commas, as OTEL_EXPORTER_OTLP_HEADERS"
    );
  }
}
function exportSettings(env) {
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  const tracesUrl = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || (base ? signalUrl(base, "traces") : null);
  const metricsUrl = env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT?.trim() || (base ? signalUrl(base, "metrics") : null);
  const timeoutMs = timeoutOf(env);
  const perRunMetricAttributes = parseBoolean(
    "otel-per-run-metric-attributes (DISK_PROFILER_OTEL_PER_RUN_METRIC_ATTRIBUTES)",
    env.DISK_PROFILER_OTEL_PER_RUN_METRIC_ATTRIBUTES ?? "",
    false
  );
  if (!tracesUrl && !metricsUrl) return null;
  for (const url of [tracesUrl, metricsUrl]) if (url) checkUrl(url);
  const common = parseKeyValueList(env.OTEL_EXPORTER_OTLP_HEADERS ?? "");
  const tracesHeaders = { ...common, ...parseKeyValueList(env.OTEL_EXPORTER_OTLP_TRACES_HEADERS ?? "") };
  const metricsHeaders = { ...common, ...parseKeyValueList(env.OTEL_EXPORTER_OTLP_METRICS_HEADERS ?? "") };
  const rawHeaders = [env.OTEL_EXPORTER_OTLP_HEADERS, env.OTEL_EXPORTER_OTLP_TRACES_HEADERS, env.OTEL_EXPORTER_OTLP_METRICS_HEADERS];
  return {
    tracesUrl,
    metricsUrl,
    tracesHeaders,
    metricsHeaders,
    tracesTransport: transportOf(env, "TRACES"),
    metricsTransport: transportOf(env, "METRICS"),
    timeoutMs,
    perRunMetricAttributes,
    secrets: secretsOf([...Object.values(tracesHeaders), ...Object.values(metricsHeaders)], rawHeaders),
    shownEndpoint: shownUrl(base || tracesUrl || metricsUrl || "")
  };
}
function transportOf(env, signal) {
  const pick = (name) => env[`OTEL_EXPORTER_OTLP_${signal}_${name}`]?.trim() || env[`OTEL_EXPORTER_OTLP_${name}`]?.trim() || void 0;
  const files = { ca: pick("CERTIFICATE"), cert: pick("CLIENT_CERTIFICATE"), key: pick("CLIENT_KEY") };
  const tls = Object.fromEntries(Object.entries(files).filter(([, file]) => file !== void 0));
  return { compression: pick("COMPRESSION")?.toLowerCase() === "gzip" ? "gzip" : "none", tls };
}
function signalUrl(base, signal) {
  return `${base.replace(/\/+$/, "")}/v1/${signal}`;
}
function checkUrl(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new InputError("otel-endpoint (OTEL_EXPORTER_OTLP_ENDPOINT)", shownUrl(url), "an http:// or https:// URL, e.g. http://localhost:4318");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new InputError("otel-endpoint (OTEL_EXPORTER_OTLP_ENDPOINT)", shownUrl(url), "an http:// or https:// URL (OTLP/HTTP; gRPC is not sent)");
  }
}
function timeoutOf(env) {
  const seconds = env.DISK_PROFILER_OTEL_TIMEOUT_SECONDS?.trim();
  if (seconds) {
    const ms2 = Number(seconds) * 1e3;
    if (!Number.isFinite(ms2) || ms2 <= 0 || ms2 > MAX_EXPORT_TIMEOUT_MS) {
      throw new InputError("otel-timeout-seconds", seconds, `a number of seconds above 0, at most ${MAX_EXPORT_TIMEOUT_MS / 1e3}`);
    }
    return ms2;
  }
  const ms = Number(env.OTEL_EXPORTER_OTLP_TIMEOUT?.trim() || Number.NaN);
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_EXPORT_TIMEOUT_MS) : DEFAULT_EXPORT_TIMEOUT_MS;
}
function secretsOf(values, raw) {
  const all = /* @__PURE__ */ new Set();
  for (const value of raw) if (value?.trim()) all.add(value.trim());
  for (const value of values) {
    if (!value.trim()) continue;
    all.add(value.trim());
    for (const word of value.split(/\s+/)) if (word.length >= 4) all.add(word);
  }
  return [...all].sort((a, b) => b.length - a.length);
}
function shownUrl(url) {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname === "/" ? "" : u.pathname}`;
  } catch {
    return "(not a URL)";
  }
}
function scrub(text, secrets) {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join("***");
  return out;
}

export {
  parseBoolean,
  parseInteger,
  parseNameList,
  parseChoice,
  PARENT_IDS,
  OWN_TRACE,
  traceParent,
  ATTR,
  SPAN,
  METRIC,
  ciAttributesFromEnv,
  traceResourceAttributes,
  metricResourceAttributes,
  envWithInputs,
  checkHeadersInput,
  exportSettings,
  scrub
};
