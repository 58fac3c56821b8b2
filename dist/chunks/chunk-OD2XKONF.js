import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  median
} from "./chunk-G25BJ2M5.js";
import {
  USER_HZ,
  phaseSummary
} from "./chunk-JYT2JN4Z.js";
import {
  MIN_BODY_MS,
  MIN_CPU_DATA_MS,
  MIN_PARALLELISM_SPREAD,
  PATH_ELASTICITY,
  PER_CONNECTION_ELASTICITY,
  SLOW_REQUEST_FACTOR,
  STALL_MIN_INTERVALS,
  STALL_MIN_MS,
  STALL_VERDICT_SHARE,
  STORE_SPREAD,
  WAIT_SHARE
} from "./chunk-YRJ6SEFO.js";

// src/judge/cgroup-cpu.ts
function cpuReach(cgroup) {
  const quota = cgroup?.cpuQuotaCores ?? null;
  const cpuset = cgroup?.cpusetCpus ?? null;
  const cores = Math.min(1, quota ?? Infinity, cpuset ?? Infinity);
  return { cores, quotaCores: quota !== null && quota < 1 ? quota : null };
}
function cgroupCpuFacts(start, end, cgroup) {
  const a = start.cgroupCpu;
  const b = end.cgroupCpu;
  const durationMs = end.tMs - start.tMs;
  if (!a || !b || durationMs <= 0) return null;
  const periods = Math.max(0, b.periods - a.periods);
  const throttledPeriods = Math.max(0, b.throttledPeriods - a.throttledPeriods);
  return {
    quotaCores: cgroup?.cpuQuotaCores ?? null,
    usageCores: a.usageUs !== null && b.usageUs !== null ? Math.max(0, b.usageUs - a.usageUs) / 1e3 / durationMs : null,
    throttledMs: Math.max(0, b.throttledUs - a.throttledUs) / 1e3,
    periods,
    throttledPeriods,
    throttledShare: periods > 0 ? throttledPeriods / periods : null
  };
}
function cgroupDirtyScale(context) {
  const limit = context.cgroup?.version === 2 ? context.cgroup.memoryLimitBytes : null;
  if (limit === null || limit === void 0 || !(context.memoryBytes > 0)) return 1;
  return Math.min(1, limit / context.memoryBytes);
}
function quotaFloorMs(facts, speedup) {
  const g = facts.cgroupCpu;
  if (!g || g.quotaCores === null) return 0;
  const raised = g.quotaCores * speedup;
  const group = g.usageCores === null ? 0 : g.usageCores * facts.durationMs / raised;
  const busiest = facts.busiestProcess ? facts.busiestProcess.cores * facts.durationMs / Math.min(1, raised) : 0;
  return Math.max(group, busiest);
}
function quotaOf(phases) {
  return phases.find((p) => p.facts.cgroupCpu?.quotaCores != null)?.facts.cgroupCpu?.quotaCores ?? null;
}

// src/judge/phase-facts.ts
function processCores(p) {
  return { comm: p.comm, cores: p.cores, coresAtMost: p.coresAtMost ?? null, coresWhileSeen: p.coresWhileSeen ?? null, seenMs: p.seenMs ?? null };
}
function share(percent, cap = Infinity) {
  return percent === null || percent === void 0 ? null : Math.min(cap, percent / 100);
}
function fraction(value) {
  return value === null || value === void 0 ? null : Math.min(1, value);
}
function cpuShares(summary) {
  const c = summary.cpu;
  if (!c) return null;
  return {
    busy: (c.userPercent + c.systemPercent) / 100,
    iowait: c.iowaitPercent / 100,
    steal: c.stealPercent / 100,
    busiestCpu: share(c.busiestCpuPercent)
  };
}
function deviceIndexFor(profile, phase) {
  const primary = profile.devices.findIndex((d) => d.primary);
  if (phase !== "download" && primary >= 0) return primary;
  const top = profile.devices.findIndex((d) => d.topFor?.includes("archive-temp"));
  if (phase === "download" && top >= 0) return top;
  const role = phase === "download" ? "archive-temp" : "restore-path";
  const byRole = profile.devices.findIndex((d) => d.roles.includes(role));
  if (byRole >= 0) return byRole;
  return primary >= 0 ? primary : null;
}
function ioDelta(a, b) {
  if (!a || !b) return null;
  return {
    readBytes: Math.max(0, b.readBytes - a.readBytes),
    writeBytes: Math.max(0, b.writeBytes - a.writeBytes),
    cancelledWriteBytes: Math.max(0, b.cancelledWriteBytes - a.cancelledWriteBytes)
  };
}
function sightings(series) {
  const first = series[0];
  const treeReadAtStart = first.selfCpuTicks != null;
  const atStart = new Set((first.processes ?? []).map((p) => p.pid));
  const seen = /* @__PURE__ */ new Map();
  for (const s of series) {
    for (const p of s.processes ?? []) {
      const entry = seen.get(p.pid);
      const reaped = p.reapedTicks ?? null;
      if (entry) {
        entry.last = p.cpuTicks;
        entry.reapedLast = reaped;
        entry.lastMs = s.tMs;
        continue;
      }
      const bornInside = treeReadAtStart && !atStart.has(p.pid);
      seen.set(p.pid, {
        pid: p.pid,
        comm: p.comm,
        ppid: p.ppid,
        bornInside,
        base: bornInside ? 0 : p.cpuTicks,
        firstSeen: p.cpuTicks,
        last: p.cpuTicks,
        reapedBase: reaped === null ? null : bornInside ? 0 : reaped,
        reapedLast: reaped,
        firstMs: s.tMs,
        lastMs: s.tMs
      });
    }
  }
  return seen;
}
function reapedTails(seen) {
  const out = [];
  for (const q of seen.values()) {
    if (q.reapedBase === null || q.reapedLast === null || q.reapedLast <= q.reapedBase) continue;
    const children = [...seen.values()].filter((p) => p.ppid === q.pid && p.lastMs >= q.firstMs && p.lastMs < q.lastMs);
    if (children.some((p) => !p.bornInside || p.reapedLast === null || p.reapedBase === null)) continue;
    const shown = children.reduce((sum, p) => sum + (p.last - p.base) + ((p.reapedLast ?? 0) - (p.reapedBase ?? 0)), 0);
    out.push({ parent: q.pid, children: new Set(children.map((p) => p.pid)), ticks: Math.max(0, q.reapedLast - q.reapedBase - shown) });
  }
  return out;
}
function busiestProcess(series, durationMs, childTicks) {
  if (durationMs <= 0 || !series.some((s) => s.processes !== void 0 || s.selfCpuTicks !== void 0)) return null;
  const seen = sightings(series);
  const tails = reapedTails(seen);
  const seconds = durationMs / 1e3;
  const shownTicks = [...seen.values()].reduce((sum, e) => sum + (e.last - e.base), 0);
  const known = tails.reduce((sum, t) => sum + t.ticks, 0);
  const unseenTicks = childTicks === null ? null : Math.max(0, childTicks - shownTicks - known);
  let best = null;
  for (const e of seen.values()) {
    const cores = (e.last - e.base) / USER_HZ / seconds;
    if (best && cores <= best.cores) continue;
    const seenMs = e.lastMs - e.firstMs;
    const ownTail = tails.find((t) => t.children.has(e.pid));
    const unseen = ownTail ? ownTail.ticks : unseenTicks;
    best = {
      comm: e.comm,
      cores,
      coresAtMost: unseen === null ? null : cores + unseen / USER_HZ / seconds,
      coresWhileSeen: seenMs > 0 ? (e.last - e.firstSeen) / USER_HZ / (seenMs / 1e3) : null,
      seenMs
    };
  }
  return best ?? { comm: "none", cores: 0, coresAtMost: unseenTicks === null ? null : unseenTicks / USER_HZ / seconds, coresWhileSeen: null, seenMs: 0 };
}
function ownCpuWait(series) {
  const first = series[0];
  if (!first || first.selfCpuTicks == null) return null;
  const sightings2 = series.flatMap((s) => s.processes ?? []);
  if (!sightings2.some((p) => p.runDelayNs !== void 0)) return null;
  const atStart = new Map((first.processes ?? []).map((p) => [p.pid, p.runDelayNs]));
  let best = null;
  let total = 0;
  let atMost = 0;
  const pids = new Set(sightings2.map((p) => p.pid));
  for (const pid of pids) {
    const base = atStart.has(pid) ? atStart.get(pid) : 0;
    if (base === void 0) continue;
    const seen = series.map((s) => s.processes?.find((p) => p.pid === pid));
    const lastIndex = seen.findLastIndex((p) => p?.runDelayNs !== void 0);
    const last = seen[lastIndex];
    if (!last) continue;
    const waitedMs = ((last.runDelayNs ?? 0) - base) / 1e6;
    const lastMs = series[lastIndex]?.tMs ?? 0;
    const gone = seen.findIndex((p, k) => k > lastIndex && p === void 0);
    const untilMs = gone >= 0 ? series[gone]?.tMs ?? lastMs : series.at(-1)?.tMs ?? lastMs;
    const unseenMs = untilMs - (series[lastIndex - 1]?.tMs ?? lastMs);
    total += waitedMs;
    atMost = Math.max(atMost, waitedMs + unseenMs);
    if (!best || waitedMs > best.atLeastMs) best = { comm: last.comm, atLeastMs: waitedMs, atMostMs: 0, totalAtLeastMs: 0 };
  }
  return best ? { ...best, atMostMs: atMost, totalAtLeastMs: total } : null;
}
var TICK_SLACK = 2;
function selfCpu(start, end, durationMs) {
  if (durationMs <= 0) return { cores: null, bounds: null };
  const seconds = durationMs / 1e3;
  if (start.selfCpuUs != null && end.selfCpuUs != null) {
    const cores = Math.max(0, end.selfCpuUs - start.selfCpuUs) / 1e6 / seconds;
    return { cores, bounds: { atLeast: cores, atMost: cores } };
  }
  if (start.selfCpuTicks == null || end.selfCpuTicks == null) return { cores: null, bounds: null };
  const ticks = Math.max(0, end.selfCpuTicks - start.selfCpuTicks);
  const coresOf = (t) => t / USER_HZ / seconds;
  return {
    cores: durationMs >= MIN_CPU_DATA_MS ? coresOf(ticks) : null,
    bounds: { atLeast: coresOf(Math.max(0, ticks - TICK_SLACK)), atMost: coresOf(ticks + TICK_SLACK) }
  };
}
function snapshotFacts(start, end, deviceIndex, inside = [], cgroup) {
  const summary = phaseSummary(start, end, deviceIndex);
  const durationMs = end.tMs - start.tMs;
  const series = [start, ...inside, end];
  let dirtyPeakBytes = null;
  for (const s of series) {
    if (s.memory) dirtyPeakBytes = Math.max(dirtyPeakBytes ?? 0, s.memory.dirtyBytes);
  }
  const self = selfCpu(start, end, durationMs);
  const p = summary.pressure;
  return {
    durationMs,
    deviceIndex,
    disk: durationMs > 0 ? summary.disk : null,
    cpu: cpuShares(summary),
    childCores: durationMs > 0 ? summary.childCpuCores : null,
    busiestProcess: busiestProcess(series, durationMs, summary.childCpuSeconds === null ? null : summary.childCpuSeconds * USER_HZ),
    selfCores: self.cores,
    selfCoresBounds: self.bounds,
    ownIo: ioDelta(start.ownIo, end.ownIo),
    pressure: {
      ioSome: fraction(p?.ioSome),
      ioFull: fraction(p?.ioFull),
      cpuSome: fraction(p?.cpuSome),
      memorySome: fraction(p?.memorySome)
    },
    dirtyPeakBytes,
    owedAtEndBytes: end.memory ? end.memory.dirtyBytes + end.memory.writebackBytes : null,
    series,
    ownCpuWait: durationMs > 0 ? ownCpuWait(series) : null,
    cgroupCpu: cgroupCpuFacts(start, end, cgroup),
    cpuReach: cpuReach(cgroup)
  };
}
function phaseFacts(profile, phase, deviceIndex = deviceIndexFor(profile, phase.name)) {
  const inside = profile.samples.snapshots.filter((s) => s.tMs > phase.startMs && s.tMs < phase.endMs);
  return snapshotFacts(phase.start, phase.end, deviceIndex, inside, profile.context.cgroup);
}
function tailDeviceIndex(profile, phase) {
  const restoreDevice = deviceIndexFor(profile, "writeback");
  const tops = profile.devices.flatMap((d, i) => d.topFor?.includes("restore-path") ? [i] : []);
  if (phase.name !== "writeback" || tops.length < 2) return restoreDevice;
  const snapshots = [phase.start, ...profile.samples.snapshots.filter((x) => x.tMs > phase.startMs && x.tMs < phase.endMs), phase.end];
  const lastWriteMs = (i) => {
    let last = phase.startMs;
    for (let k = 1; k < snapshots.length; k++) {
      const before = snapshots[k - 1]?.disks[i]?.sectorsWritten;
      const after = snapshots[k]?.disks[i]?.sectorsWritten;
      if (before !== void 0 && after !== void 0 && after > before) last = snapshots[k]?.tMs ?? last;
    }
    return last;
  };
  const written = (i) => phaseSummary(phase.start, phase.end, i).disk?.writtenBytes ?? 0;
  const interval = Math.max(1, profile.samples.intervalMs * profile.samples.keptEvery);
  return tops.reduce(
    (a, b) => {
      const gap = lastWriteMs(b) - lastWriteMs(a);
      if (Math.abs(gap) > interval) return gap > 0 ? b : a;
      return written(b) > written(a) ? b : a;
    },
    restoreDevice ?? tops[0]
  );
}

// src/judge/transfer-stats.ts
var median2 = (xs) => median(xs) ?? 0;
var quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
function bytesAt(t, tMs) {
  let b = 0;
  for (const [at, total] of t.samples) {
    if (at > tMs) break;
    b = total;
  }
  return b;
}
function flatWithin(t, from, to) {
  let flat = 0;
  const s = t.samples;
  for (let i = 0; i + 1 < s.length; i++) {
    const [a, ba] = s[i];
    const [b, bb] = s[i + 1];
    const flatEnd = bb === ba ? b : b - t.intervalMs;
    const lo = Math.max(a, from);
    const hi = Math.min(flatEnd, to);
    if (hi > lo && (bb === ba || b - a > 1.5 * t.intervalMs)) flat += hi - lo;
  }
  return flat;
}
function flowingMs(t) {
  let flowing = 0;
  const s = t.samples;
  for (let i = 0; i + 1 < s.length; i++) {
    const [a, ba] = s[i];
    const [b, bb] = s[i + 1];
    if (bb <= ba || b <= a) continue;
    flowing += Math.min(b - a, t.intervalMs * 1.5);
  }
  return flowing;
}
function inFlightMean(t) {
  let area = 0;
  const s = t.samples;
  for (let i = 0; i + 1 < s.length; i++) {
    const [a, , k] = s[i];
    const [b] = s[i + 1];
    area += (b - a) * k;
  }
  const span = (s[s.length - 1]?.[0] ?? 0) - (s[0]?.[0] ?? 0);
  return span > 0 ? area / span : 0;
}
function longestQuiet(points, closedUnfinishedMs) {
  let best = null;
  for (let i = 0; i + 1 < points.length; i++) {
    const [a] = points[i];
    const [b] = points[i + 1];
    if (!best || b - a > best[1]) best = [a, b - a];
  }
  const last = points[points.length - 1];
  if (last && closedUnfinishedMs !== null && closedUnfinishedMs - last[0] > (best?.[1] ?? 0)) best = [last[0], closedUnfinishedMs - last[0]];
  return best;
}
function rateElasticity(finished, all, endMs) {
  const bodies = finished.filter((r) => r.toMs !== null && r.toMs - r.fromMs >= MIN_BODY_MS);
  const inBody = (t) => all.filter((g) => g.fromMs <= t && (g.toMs ?? endMs) > t).length;
  const rows = bodies.map((r) => {
    const from = r.fromMs;
    const to = r.toMs;
    let sum = 0;
    for (let i = 0; i < 20; i++) sum += inBody(from + (i + 0.5) / 20 * (to - from));
    return { inFlight: Math.max(1, sum / 20), rate: r.bytes / ((to - from) / 1e3) };
  });
  if (rows.length < 2) return null;
  const fewest = rows.reduce((a, b) => b.inFlight < a.inFlight ? b : a);
  const most = rows.reduce((a, b) => b.inFlight > a.inFlight ? b : a);
  if (most.inFlight / fewest.inFlight < MIN_PARALLELISM_SPREAD) return null;
  const xs = rows.map((r) => Math.log(r.inFlight));
  const ys = rows.map((r) => Math.log(r.rate));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den > 0 ? { elasticity: 1 + num / den, fewest, most } : null;
}
function elasticityEvidence(e) {
  return {
    kind: "elasticity",
    fewest: { inFlight: e.fewest.inFlight, bytesPerSecond: e.fewest.rate },
    most: { inFlight: e.most.inFlight, bytesPerSecond: e.most.rate }
  };
}
function carrierEvidence(interfaces, key, transferBytes, durationMs) {
  const carrier = interfaces?.find((i) => i[key] >= 0.9 * transferBytes);
  if (!carrier) return null;
  return { kind: "carrier", interface: carrier.name, bytes: carrier[key], bytesPerSecond: carrier[key] / (durationMs / 1e3) };
}
function transferLimit(f) {
  const fastestWaitMs = f.waits.length > 0 ? Math.min(...f.waits) : 0;
  const p90WaitMs = quantile(f.waits, 0.9);
  const facts = {
    waitShare: f.waitShare,
    medianWaitMs: median2(f.waits),
    fastestWaitMs,
    p90WaitMs,
    elasticity: f.elasticity,
    requests: f.requests,
    bytesPerSecond: f.bytesPerSecond,
    meanInFlight: f.meanInFlight
  };
  const limit = () => {
    if (f.waitShare >= WAIT_SHARE) {
      const spread = f.waits.length > 0 && fastestWaitMs > 0 ? p90WaitMs / fastestWaitMs : null;
      return spread !== null && spread <= STORE_SPREAD ? "latency" : "store";
    }
    if (f.elasticity !== null && f.elasticity >= PER_CONNECTION_ELASTICITY) return "per-connection";
    if (f.elasticity !== null && f.elasticity <= PATH_ELASTICITY) return "path";
    return f.requests > 0 ? "bandwidth" : "none";
  };
  return { limit: limit(), ...facts };
}
function transferBound(nowMs, lowerMs, stallMs) {
  const ms = Math.round(Math.min(nowMs, lowerMs));
  return { ms, facts: { nowMs, saves: ms < 0.99 * nowMs, stallMs } };
}
function settleStall(rate, stalls, leads, interruptions2, evidence) {
  const stalled = stalls.length > 0 && leads;
  if (stalled) evidence.push({ kind: "apart-from-stall" });
  for (let i = stalled ? 1 : 0; i < stalls.length; i++) evidence.push({ kind: "stall", stall: i });
  evidence.push(...interruptions2);
  return stalled ? "stall" : rate.limit;
}

// src/judge/transfer-verdict.ts
function requestsAndTiming(f, limits, sizes) {
  return [
    {
      kind: "requests",
      requests: f.data.length,
      path: limits.path,
      concurrency: limits.concurrency,
      meanInFlight: f.meanInFlight,
      bytes: f.totalBytes,
      durationMs: f.durationMs,
      bytesPerSecond: f.bytesPerSecond,
      ...sizes
    },
    {
      kind: "timing",
      flowingShare: f.flowingMs / f.durationMs,
      waitShare: f.waitShare,
      medianWaitMs: median2(f.waits),
      fastestWaitMs: f.waits.length > 0 ? Math.min(...f.waits) : 0
    }
  ];
}
var duration = (r, endMs) => (r.endMs ?? endMs) - r.startMs;
function retryOf(data, failed, intervalMs, samePart) {
  return data.find((g) => g.id > failed.id && g.startMs >= (failed.endMs ?? 0) - intervalMs && samePart(failed, g));
}
function findStalls(rules, t) {
  const data = t.requests.filter((r) => rules.carriesData(r));
  const minMs = Math.max(STALL_MIN_MS, STALL_MIN_INTERVALS * t.intervalMs);
  const stalls = [];
  const make = (request, kind, startMs, durationMs) => rules.stall(
    {
      request,
      kind,
      startMs,
      durationMs,
      atBytes: bytesAt(t, startMs + t.intervalMs / 2),
      wholeMs: flatWithin(t, startMs, startMs + durationMs)
    },
    t
  );
  for (const r of data) {
    const best = rules.quietStretch(r, t);
    if (best && best[1] >= minMs) stalls.push(make(r, "body", best[0] - t.intervalMs / 2, best[1]));
  }
  const waits = data.map((r) => rules.waitMs(r)).filter((x) => x !== null);
  const typicalWait = median2(waits);
  const typicalDuration = median2(data.map((r) => duration(r, t.endMs)));
  const retryKind = rules.retryKind;
  if (retryKind !== null) {
    for (const r of data) {
      const failedMs = r.endMs;
      if (r.outcome !== "error" && r.outcome !== "aborted" || failedMs === null) continue;
      const retry = retryOf(data, r, t.intervalMs, rules.samePart);
      const waitedMs = (retry?.startMs ?? t.endMs) - failedMs;
      if (waitedMs >= minMs) stalls.push(make(r, retryKind, failedMs, waitedMs));
    }
  }
  for (const r of data) {
    if (stalls.some((s) => s.requestId === r.id)) continue;
    const held = rules.heldWait(r, t);
    if (held !== null && data.length >= 3 && held.ms >= minMs && held.ms >= SLOW_REQUEST_FACTOR * typicalWait) {
      stalls.push(make(r, rules.waitKind, held.fromMs, held.ms));
      continue;
    }
    const d = duration(r, t.endMs);
    if (data.length >= 3 && d >= minMs && d >= SLOW_REQUEST_FACTOR * typicalDuration) stalls.push(make(r, "slow", r.startMs, d - typicalDuration));
  }
  return stalls.sort((a, b) => b.durationMs - a.durationMs);
}
function interruptions(rules, t) {
  const data = t.requests.filter((r) => rules.carriesData(r));
  return data.filter((r) => r.outcome === "aborted" || r.outcome === "error").map((r) => rules.interruption(r, retryOf(data, r, t.intervalMs, rules.samePart), t));
}
function endedByTimeout(outcome, durationMs, requestTimeoutMs, intervalMs) {
  return outcome !== "complete" && requestTimeoutMs !== null && durationMs >= requestTimeoutMs - 2 * intervalMs;
}
function judgeTransfer(rules, t, archiveBytes) {
  const D = Math.max(1, t.endMs - t.startMs);
  const data = t.requests.filter((r) => rules.carriesData(r));
  const total = t.samples[t.samples.length - 1]?.[1] ?? 0;
  const rate = (archiveBytes ?? total) / (D / 1e3);
  const stalls = findStalls(rules, t);
  const waits = data.map((r) => rules.waitMs(r)).filter((x) => x !== null);
  const waitSum = waits.reduce((a, b) => a + b, 0);
  const waitShare = waitSum / Math.max(
    1,
    data.reduce((s, r) => s + duration(r, t.endMs), 0)
  );
  const meanInFlight = Math.max(1, inFlightMean(t));
  const fixedWait = waits.length > 0 ? Math.min(...waits) : 0;
  const body = (r) => rules.body(r, fixedWait);
  const flowingMs2 = rules.flowingMs(t, data.map(body), stalls, D);
  const evidence = rules.evidence(t, {
    data,
    totalBytes: total,
    durationMs: D,
    bytesPerSecond: rate,
    meanInFlight,
    flowingMs: flowingMs2,
    waitShare,
    waits
  });
  const stalled = new Set(stalls.map((x) => x.requestId));
  const bodied = data.filter((r) => rules.hasBody(r));
  const elastic = rateElasticity(
    bodied.filter((r) => !stalled.has(r.id) && r.outcome === "complete" && rules.answered(r)).map(body),
    bodied.map(body),
    t.endMs
  );
  const elasticity = elastic?.elasticity ?? null;
  if (elastic) evidence.push(elasticityEvidence(elastic));
  const carrier = carrierEvidence(t.interfaces, rules.counter, total, D);
  if (carrier) evidence.push(carrier);
  const rateFacts = transferLimit({ waitShare, waits, elasticity, requests: data.length, bytesPerSecond: rate, meanInFlight });
  const worst = stalls[0];
  const cost = worst ? rules.stallCost(
    worst,
    rateFacts.limit,
    meanInFlight,
    t.requests.find((r) => r.id === worst.requestId)
  ) : null;
  const whatIf = transferWhatIfs(rules, t, rateFacts.limit, D, flowingMs2, waitSum, meanInFlight, worst, cost?.lostMs ?? 0);
  const limit = settleStall(
    rateFacts,
    stalls,
    worst !== void 0 && cost !== null && cost.weighedMs >= STALL_VERDICT_SHARE * D,
    interruptions(rules, t),
    evidence
  );
  return { limit, facts: { direction: rules.direction, rate: rateFacts, evidence, startMs: t.startMs, archiveBytes }, stalls, whatIf };
}
function transferWhatIfs(rules, t, limit, D, flowingMs2, waitSum, meanInFlight, worst, lostMs) {
  const out = [];
  const halfFlow = Math.max(0, D - Math.min(D, flowingMs2) / 2);
  const bound = (change, lower) => {
    const { ms, facts } = transferBound(D, lower, change === "stall-removed" ? worst?.durationMs ?? null : null);
    out.push(rules.whatIf(change, ms, facts));
  };
  bound("twice-per-connection", limit === "per-connection" || limit === "bandwidth" ? halfFlow : D);
  bound("twice-aggregate", limit === "path" || limit === "bandwidth" ? halfFlow : D);
  bound("half-round-trip", D - rules.aloneWaitMs(t) / 2 - waitSum / (2 * meanInFlight));
  if (worst) bound("stall-removed", D - lostMs);
  return out;
}

export {
  cgroupDirtyScale,
  quotaFloorMs,
  quotaOf,
  processCores,
  deviceIndexFor,
  snapshotFacts,
  phaseFacts,
  tailDeviceIndex,
  median2 as median,
  flowingMs,
  longestQuiet,
  requestsAndTiming,
  endedByTimeout,
  judgeTransfer
};
