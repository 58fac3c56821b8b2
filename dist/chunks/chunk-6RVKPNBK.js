import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);

// src/history/history.ts
var HISTORY_MAX_RUNS = 100;
var REGRESSION_MIN_RUNS = 5;
var SIMILAR_SIZE_FACTOR = 1.25;
function quantile(values, q) {
  const xs = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const h = (xs.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return xs[lo] + (h - lo) * (xs[hi] - xs[lo]);
}
function percentiles(values) {
  const xs = values.filter((v) => typeof v === "number" && Number.isFinite(v));
  const p50 = quantile(xs, 0.5);
  const p90 = quantile(xs, 0.9);
  return p50 === null || p90 === null ? null : { p50, p90, runs: xs.length };
}
function groupsOf(runs, first) {
  const byId = /* @__PURE__ */ new Map();
  for (const r of runs) byId.set(r.fingerprintId, [...byId.get(r.fingerprintId) ?? [], r]);
  const groups = [...byId.entries()].map(([fingerprintId, rs]) => ({
    fingerprintId,
    hardware: rs[rs.length - 1]?.hardware ?? "",
    runs: rs.length,
    restoreMs: percentiles(rs.map((r) => r.restoreMs)),
    untilDurableMs: percentiles(rs.map((r) => r.untilDurableMs))
  }));
  return groups.sort((a, b) => Number(b.fingerprintId === first) - Number(a.fingerprintId === first) || b.runs - a.runs);
}
function similarSize(a, b) {
  if (a === null || b === null || a <= 0 || b <= 0) return a === b;
  return Math.max(a, b) / Math.min(a, b) <= SIMILAR_SIZE_FACTOR;
}
function regressionsOf(current, earlier) {
  const comparable = earlier.filter((r) => r.fingerprintId === current.fingerprintId && similarSize(r.archiveBytes, current.archiveBytes));
  const out = [];
  const check = (metric, pick) => {
    const now = pick(current);
    const past = comparable.map(pick).filter((v) => v !== null);
    if (now === null || past.length < REGRESSION_MIN_RUNS) return;
    const p90 = quantile(past, 0.9);
    if (now > p90) out.push({ metric, thisMs: now, p90Ms: p90, comparedRuns: past.length });
  };
  check("restore", (r) => r.restoreMs);
  check("until-durable", (r) => r.untilDurableMs);
  return out;
}
function appendRun(earlier, current) {
  return [...earlier, current].slice(-HISTORY_MAX_RUNS);
}
function historyRunOf(p) {
  const { lookup, download, extract, writeback } = p.phasesMs;
  const restoreMs = p.restoreOk && lookup !== null && download !== null && extract !== null ? lookup + download + extract : null;
  return {
    runId: p.runId,
    runAttempt: p.runAttempt,
    createdAt: p.createdAt,
    fingerprintId: p.fingerprintId,
    hardware: p.hardware,
    phasesMs: p.phasesMs,
    restoreMs,
    untilDurableMs: restoreMs === null ? null : restoreMs + (writeback ?? 0),
    archiveBytes: p.archiveBytes,
    bottleneck: p.bottleneck,
    ceilings: p.ceilings
  };
}

export {
  quantile,
  groupsOf,
  regressionsOf,
  appendRun,
  historyRunOf
};
