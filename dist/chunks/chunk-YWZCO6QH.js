import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  appendRun,
  experimentsErrors,
  groupsOf,
  regressionsOf
} from "./chunk-IU36LFFJ.js";
import {
  BOTTLENECKS,
  EXPERIMENT_NAMES
} from "./chunk-SGXIA4GN.js";
import {
  errorMessage
} from "./chunk-76DRRFYG.js";
import {
  CompressionMethod,
  cacheUtils_exports,
  getCacheMode,
  getCacheServiceVersion,
  internalCacheTwirpClient,
  isCacheReadable,
  isCacheWritable,
  retryHttpClientResponse
} from "./chunk-X762GLLF.js";
import {
  HttpClient
} from "./chunk-YM4LQKTN.js";

// src/remember/fixes.ts
import { createHash } from "node:crypto";

// src/remember/cache-store.ts
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
var DOCUMENT_FORMAT = 1;
function versionOf(kind) {
  return { paths: [`disk-profiler/${kind}/v${DOCUMENT_FORMAT}`], compressionMethod: CompressionMethod.Gzip };
}
async function getDocumentBody(url) {
  const http = new HttpClient("actions/cache");
  const response = await retryHttpClientResponse("downloadDocument", () => http.get(url));
  const status = response.message.statusCode ?? 0;
  const body = response.readBodyBuffer ? await response.readBodyBuffer() : Buffer.from(await response.readBody());
  if (status < 200 || status >= 300) throw new Error(`the blob service answered the download with ${status}`);
  const expected = Number.parseInt(String(response.message.headers["content-length"] ?? ""), 10);
  if (Number.isFinite(expected) && body.length !== expected) throw new Error(`incomplete download: ${body.length} of ${expected} bytes`);
  return body;
}
var v1Client = () => import("./cache-internals-NWQKMKZP.js");
function serviceVersion() {
  return getCacheServiceVersion() === "v2" ? "v2" : "v1";
}
async function scratch() {
  return mkdtemp(path.join(process.env.RUNNER_TEMP || os.tmpdir(), "disk-profiler-doc-"));
}
async function loadNewest(kind, keyPrefixOrPrefixes) {
  const prefixes = typeof keyPrefixOrPrefixes === "string" ? [keyPrefixOrPrefixes] : [...keyPrefixOrPrefixes];
  const keyPrefix = prefixes.join(" or ");
  const mode = getCacheMode();
  if (!isCacheReadable(mode)) return { found: false, reason: `the cache mode '${mode}' does not permit reads` };
  const { paths, compressionMethod } = versionOf(kind);
  try {
    let url = "";
    let key = "";
    if (serviceVersion() === "v2") {
      const version = cacheUtils_exports.getCacheVersion(paths, compressionMethod, true);
      const response = await internalCacheTwirpClient().GetCacheEntryDownloadURL({ key: prefixes[0] ?? "", restoreKeys: prefixes, version });
      if (response.ok) {
        url = response.signedDownloadUrl;
        key = response.matchedKey;
      }
    } else {
      const { getCacheEntry } = await v1Client();
      const entry = await getCacheEntry(prefixes, paths, { compressionMethod, enableCrossOsArchive: true });
      url = entry?.archiveLocation ?? "";
      key = entry?.cacheKey ?? "";
    }
    if (!url) return { found: false, reason: `no entry under ${keyPrefix}`, missing: true };
    return { found: true, key, document: JSON.parse((await getDocumentBody(url)).toString("utf8")) };
  } catch (error) {
    return { found: false, reason: `reading ${prefixes.map((p) => `${p}*`).join(" or ")} from the Actions cache failed: ${errorMessage(error)}` };
  }
}
function reserveDocument(kind, key) {
  return isCacheWritable(getCacheMode()) && serviceVersion() === "v2" ? createEntry(kind, key) : null;
}
async function createEntry(kind, key) {
  try {
    const { paths, compressionMethod } = versionOf(kind);
    const version = cacheUtils_exports.getCacheVersion(paths, compressionMethod, true);
    const created = await internalCacheTwirpClient().CreateCacheEntry({ key, version });
    return created.ok ? { ok: true, key, version, signedUploadUrl: created.signedUploadUrl } : { ok: false, key, reason: `the cache service refused ${key}${created.message ? `: ${created.message}` : " (it exists already)"}` };
  } catch (error) {
    return { ok: false, key, reason: `reserving ${key} in the Actions cache failed: ${errorMessage(error)}` };
  }
}
async function storeDocument(kind, key, document, reserved = null) {
  const mode = getCacheMode();
  if (!isCacheWritable(mode)) return { ok: false, reason: `the cache mode '${mode}' does not permit writes` };
  let dir = null;
  try {
    const body = JSON.stringify(document);
    const sizeBytes = Buffer.byteLength(body);
    if (serviceVersion() === "v2") {
      const created = await (reserved ?? createEntry(kind, key));
      if (created.key !== key) return { ok: false, reason: `the entry reserved is ${created.key}, not ${key}` };
      if (!created.ok) return { ok: false, reason: created.reason };
      await putBlob(created.signedUploadUrl, body);
      const finalized = await internalCacheTwirpClient().FinalizeCacheEntryUpload({ key, version: created.version, sizeBytes: `${sizeBytes}` });
      if (!finalized.ok) return { ok: false, reason: finalized.message || `the cache service did not finalize ${key}` };
    } else {
      const { paths, compressionMethod } = versionOf(kind);
      const { reserveCache, uploadCache } = await v1Client();
      const entry = await reserveCache(key, paths, { compressionMethod, enableCrossOsArchive: true, cacheSize: sizeBytes });
      const cacheId = entry?.result?.cacheId;
      if (!cacheId) return { ok: false, reason: entry?.error?.message ?? `the cache service refused ${key} (it exists already)` };
      dir = await scratch();
      const file = path.join(dir, "document.json");
      await writeFile(file, body);
      await uploadCache(cacheId, file, "", {});
    }
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: `saving ${key} to the Actions cache failed: ${errorMessage(error)}` };
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
async function putBlob(signedUrl, body) {
  const version = new URL(signedUrl).searchParams.get("sv");
  const headers = {
    "x-ms-blob-type": "BlockBlob",
    "content-type": "application/octet-stream",
    "content-length": `${Buffer.byteLength(body)}`,
    ...version ? { "x-ms-version": version } : {}
  };
  const http = new HttpClient("actions/cache");
  const response = await retryHttpClientResponse("uploadDocument", () => http.request("PUT", signedUrl, body, headers));
  const status = response.message.statusCode ?? 0;
  await response.readBody();
  if (status < 200 || status >= 300) throw new Error(`the blob service answered the upload with ${status}`);
}
function keySafe(text, maxLength = 100) {
  return text.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, maxLength);
}
function runIdentity(env = process.env) {
  return { runId: env.GITHUB_RUN_ID || "local", runAttempt: env.GITHUB_RUN_ATTEMPT || "1" };
}

// src/remember/fixes.ts
var FIXES_ENTRY_KINDS = ["measured", "nothing-to-measure", "to-measure"];
function fixesCacheId(restore) {
  return createHash("sha256").update(JSON.stringify([restore.paths, restore.compressionMethod])).digest("hex").slice(0, 12);
}
function fixesKeyPrefix(cacheId, fingerprintId) {
  return `disk-profiler-fixes-${cacheId}-${fingerprintId ? `${fingerprintId}-` : ""}`;
}
var finite = (v) => typeof v === "number" && Number.isFinite(v);
function againstError(a) {
  if (typeof a !== "object" || a === null || typeof a.measuredOn !== "object" || a.measuredOn === null) return "the entry lacks what it was measured against";
  const on = a.measuredOn;
  if (![on.runId, on.runAttempt, on.measuredAt, on.fingerprintId].every((x) => typeof x === "string")) return "the entry lacks its run, date or fingerprint";
  if (!finite(a.archiveBytes) || !(a.files === null || finite(a.files)) || !finite(a.untilDurableMs))
    return "the entry lacks the shape or time it was measured at";
  if (!BOTTLENECKS.includes(a.bottleneck)) return `the entry names a verdict this version does not know (${String(a.bottleneck)})`;
  if (!Array.isArray(a.experiments) || !a.experiments.every((e) => EXPERIMENT_NAMES.includes(e)))
    return "the entry names an experiment this version does not know";
  return null;
}
function parseFixesDocument(v, cacheId) {
  const d = v;
  if (typeof d !== "object" || d === null) return "the entry is not a JSON object";
  if (d.cacheId !== cacheId) return `the entry is for cache ${String(d.cacheId)}, not ${cacheId}`;
  const wrong = againstError(d.against);
  if (wrong) return wrong;
  const kind = d.kind ?? "measured";
  if (!FIXES_ENTRY_KINDS.includes(kind)) return `the entry is of a kind this version does not know (${String(kind)})`;
  if (kind !== "measured") return d.experiments === null ? d : `a ${kind} entry holds experiments`;
  const errors = experimentsErrors(d.experiments);
  if (errors.length > 0) return `the entry's experiments are not readable here (${errors.slice(0, 2).join("; ")})`;
  return d;
}
async function loadFixes(cacheId, fingerprintId) {
  const loaded = await loadNewest("fixes", [fixesKeyPrefix(cacheId, fingerprintId), fixesKeyPrefix(cacheId)]);
  if (!loaded.found) return loaded;
  const parsed = parseFixesDocument(loaded.document, cacheId);
  if (typeof parsed === "string") return { found: false, reason: `${loaded.key} was not usable: ${parsed}` };
  const measuredOn = { ...parsed.against.measuredOn, cacheKey: loaded.key };
  const against = { ...parsed.against, measuredOn };
  const run = `run ${measuredOn.runId} (${measuredOn.measuredAt})`;
  switch (parsed.kind ?? "measured") {
    case "measured":
      return { found: true, against, experiments: parsed.experiments };
    case "nothing-to-measure":
      return { found: false, reason: `${run} judged this cache ${against.bottleneck}, which no experiment changes`, nothingToMeasure: against };
    case "to-measure":
      return {
        found: false,
        reason: `${run} judged this cache ${against.bottleneck} with its tail in the post step, and had no fixes measured`,
        toMeasure: against
      };
  }
}
function checkedRememberedFixes(v) {
  const f = v;
  if (typeof f !== "object" || f === null) return null;
  const keyed = (a) => againstError(a) === null && typeof a?.measuredOn.cacheKey === "string";
  if (f.found === true) return keyed(f.against) && experimentsErrors(f.experiments).length === 0 ? f : null;
  if (f.found === false && typeof f.reason === "string") return [f.nothingToMeasure, f.toMeasure].every((a) => a === void 0 || keyed(a)) ? f : null;
  return null;
}
function rememberedExperiments(remembered) {
  const { startMs: _onThatRunsClock, ...rest } = remembered.experiments;
  return { ...rest, measuredOn: remembered.against.measuredOn };
}
async function storeFixes(cacheId, against, fingerprintId, entry, measuredAt, nowMs = Date.now(), env = process.env) {
  const { runId, runAttempt } = runIdentity(env);
  const key = `${fixesKeyPrefix(cacheId, fingerprintId)}${runId}-${runAttempt}-${nowMs.toString(36)}`;
  let experiments = null;
  if (entry.kind === "measured") {
    const { measuredOn: _notStored, startMs: _onThisRunsClock, ...result } = entry.experiments;
    experiments = result;
  }
  const document = {
    cacheId,
    kind: entry.kind,
    against: { ...against, measuredOn: { runId, runAttempt, measuredAt, fingerprintId } },
    experiments
  };
  const stored = await storeDocument("fixes", key, document);
  return stored.ok ? { ok: true, key } : { ok: false, key, reason: stored.reason };
}

// src/history/store.ts
import { createHash as createHash2 } from "node:crypto";
function historyKeyPrefix(label) {
  const hash = createHash2("sha256").update(label).digest("hex").slice(0, 8);
  return `disk-profiler-history-${keySafe(label)}-${hash}-`;
}
function parseHistory(v, label) {
  const d = v;
  if (typeof d !== "object" || d === null || !Array.isArray(d.runs)) return "the entry is not a history";
  if (d.label !== label) return `the entry is the history of '${String(d.label)}'`;
  return d.runs.filter((r) => typeof r === "object" && r !== null && typeof r.fingerprintId === "string" && typeof r.runId === "string");
}
async function loadHistory(label) {
  const loaded = await loadNewest("history", historyKeyPrefix(label));
  if (loaded.found) {
    const runs = parseHistory(loaded.document, label);
    if (typeof runs !== "string") return { earlier: runs, restoredKey: loaded.key, notes: [] };
    return { earlier: [], restoredKey: null, notes: [`The history entry ${loaded.key} could not be read (${runs}); this run starts a new history.`] };
  }
  const note = loaded.reason.startsWith("no entry") ? `No history of '${label}' was found in the Actions cache (the first run with history, or its entry was evicted or deleted): this run starts a new one.` : `The history of '${label}' could not be restored (${loaded.reason}): this run starts a new one.`;
  return { earlier: [], restoredKey: null, notes: [note] };
}
function historyEntryKey(label, nowMs) {
  const { runId, runAttempt } = runIdentity();
  return `${historyKeyPrefix(label)}${runId}-${runAttempt}-${nowMs.toString(36)}`;
}
function historyLabelOf(config) {
  return config.historyLabel ?? config.label;
}
function reserveHistoryFor(config, nowMs = Date.now()) {
  if (!config.history) return null;
  const key = historyEntryKey(historyLabelOf(config), nowMs);
  const reserved = reserveDocument("history", key);
  return reserved ? { key, reserved } : null;
}
async function updateHistory(o) {
  const keyPrefix = historyKeyPrefix(o.label);
  const { earlier, restoredKey } = o.loaded;
  const runs = appendRun(earlier, o.current);
  const view = {
    label: o.label,
    keyPrefix,
    restoredKey,
    startedNew: restoredKey === null,
    earlierRuns: earlier.length,
    groups: groupsOf(runs, o.current.fingerprintId),
    regressions: regressionsOf(o.current, earlier),
    saved: null,
    notes: [...o.loaded.notes]
  };
  if (!o.save) return view;
  o.onUnsaved?.(view);
  const key = o.reservation?.key ?? historyEntryKey(o.label, o.nowMs);
  const stored = await storeDocument("history", key, { label: o.label, runs }, o.reservation?.reserved ?? null);
  return {
    ...view,
    saved: stored.ok ? { ok: true, key } : { ok: false, key, reason: stored.reason },
    notes: stored.ok ? view.notes : [...view.notes, `This run was not added to the history: ${stored.reason}.`]
  };
}

export {
  loadNewest,
  storeDocument,
  runIdentity,
  fixesCacheId,
  loadFixes,
  checkedRememberedFixes,
  rememberedExperiments,
  storeFixes,
  historyKeyPrefix,
  loadHistory,
  historyLabelOf,
  reserveHistoryFor,
  updateHistory
};
