import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);

// src/config/restore-roots.ts
import * as os from "node:os";
import * as path from "node:path";
function expandPath(p, workspace) {
  const expanded = p === "~" || p.startsWith("~/") ? path.join(os.homedir(), p.slice(1)) : p;
  return path.resolve(workspace, expanded);
}
var WILDCARD = /[*?[\]{}]/;
function isPattern(line) {
  return line.startsWith("!") || WILDCARD.test(line);
}
function restoreRoots(paths, workspace) {
  const roots = [];
  for (const line of paths) {
    if (line.startsWith("!")) continue;
    const segments = line.split(/[\\/]/);
    const firstWild = segments.findIndex((s) => WILDCARD.test(s));
    const fixed = firstWild < 0 ? line : segments.slice(0, firstWild).join("/") || ".";
    roots.push(expandPath(fixed, workspace));
  }
  const unique = [...new Set(roots)].sort();
  return unique.filter((r, i) => !unique.slice(0, i).some((o) => r.startsWith(o.endsWith(path.sep) ? o : o + path.sep)));
}

// src/sample/iostat.ts
var SECTOR_BYTES = 512;
var U32 = 2 ** 32;
function counterDelta(before, after) {
  if (after >= before) return after - before;
  if (before < U32) return after + U32 - before;
  return after;
}
function rate(delta, durationMs) {
  return durationMs > 0 ? delta * 1e3 / durationMs : 0;
}
function ratio(numerator, denominator) {
  return denominator > 0 ? numerator / denominator : 0;
}
function optionalDelta(before, after) {
  return before === void 0 || after === void 0 ? null : counterDelta(before, after);
}
function diskMetrics(before, after, durationMs) {
  const d = (k) => counterDelta(before[k] ?? 0, after[k] ?? 0);
  const reads = d("readsCompleted");
  const writes = d("writesCompleted");
  const readSectors = d("sectorsRead");
  const writeSectors = d("sectorsWritten");
  const readMerges = d("readsMerged");
  const writeMerges = d("writesMerged");
  const discards = optionalDelta(before.discardsCompleted, after.discardsCompleted);
  const discardSectors = optionalDelta(before.sectorsDiscarded, after.sectorsDiscarded);
  const discardMs = optionalDelta(before.discardMs, after.discardMs);
  const flushes = optionalDelta(before.flushesCompleted, after.flushesCompleted);
  const flushMs = optionalDelta(before.flushMs, after.flushMs);
  return {
    durationMs,
    reads,
    writes,
    readBytes: readSectors * SECTOR_BYTES,
    writtenBytes: writeSectors * SECTOR_BYTES,
    readsPerSecond: rate(reads, durationMs),
    writesPerSecond: rate(writes, durationMs),
    readKiBPerSecond: rate(readSectors, durationMs) / 2,
    writeKiBPerSecond: rate(writeSectors, durationMs) / 2,
    readMergesPerSecond: rate(readMerges, durationMs),
    writeMergesPerSecond: rate(writeMerges, durationMs),
    readMergePercent: ratio(readMerges, readMerges + reads) * 100,
    writeMergePercent: ratio(writeMerges, writeMerges + writes) * 100,
    readAwaitMs: ratio(d("readMs"), reads),
    writeAwaitMs: ratio(d("writeMs"), writes),
    averageQueueSize: ratio(d("weightedIoMs"), durationMs),
    // iostat caps %util at 100: io_ticks can run ahead of wall time by one tick at window edges.
    utilizationPercent: Math.min(100, ratio(d("ioMs"), durationMs) * 100),
    readRequestKiB: ratio(readSectors, reads) / 2,
    writeRequestKiB: ratio(writeSectors, writes) / 2,
    discardsPerSecond: discards === null ? null : rate(discards, durationMs),
    discardKiBPerSecond: discardSectors === null ? null : rate(discardSectors, durationMs) / 2,
    discardAwaitMs: discards === null || discardMs === null ? null : ratio(discardMs, discards),
    discardRequestKiB: discards === null || discardSectors === null ? null : ratio(discardSectors, discards) / 2,
    flushesPerSecond: flushes === null ? null : rate(flushes, durationMs),
    flushAwaitMs: flushes === null || flushMs === null ? null : ratio(flushMs, flushes)
  };
}

// src/sample/phase-summary.ts
var USER_HZ = 100;
var CPU_FIELDS = ["user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal"];
function cpuDelta(a, b) {
  const d = {};
  for (const k of CPU_FIELDS) d[k] = counterDelta(a[k], b[k]);
  return d;
}
function sum(c) {
  return CPU_FIELDS.reduce((total, k) => total + c[k], 0);
}
function percent(part, whole) {
  return whole > 0 ? part / whole * 100 : 0;
}
function cpuSharesPercent(start, end) {
  if (!start.cpu || !end.cpu) return null;
  const d = cpuDelta(start.cpu, end.cpu);
  const total = sum(d);
  let busiestCpuPercent = null;
  if (start.perCpu && end.perCpu && start.perCpu.length === end.perCpu.length && start.perCpu.length > 0) {
    busiestCpuPercent = 0;
    start.perCpu.forEach((before, i) => {
      const after = end.perCpu?.[i];
      if (!after) return;
      const c = cpuDelta(before, after);
      const busy = percent(sum(c) - c.idle - c.iowait, sum(c));
      busiestCpuPercent = Math.max(busiestCpuPercent ?? 0, busy);
    });
  }
  return {
    userPercent: percent(d.user + d.nice, total),
    systemPercent: percent(d.system + d.irq + d.softirq, total),
    iowaitPercent: percent(d.iowait, total),
    stealPercent: percent(d.steal, total),
    idlePercent: percent(d.idle, total),
    busiestCpuPercent
  };
}
function stallFraction(a, b, durationMs) {
  if (a === void 0 || b === void 0 || durationMs <= 0) return null;
  return counterDelta(a, b) / (durationMs * 1e3);
}
function pick(p, k) {
  return p?.[k] ?? void 0;
}
function pressureFractions(start, end, durationMs) {
  if (!start.pressure || !end.pressure) return null;
  const f = (k, which) => stallFraction(pick(start.pressure, k)?.[which], pick(end.pressure, k)?.[which], durationMs);
  return {
    ioSome: f("io", "someUs"),
    ioFull: f("io", "fullUs"),
    cpuSome: f("cpu", "someUs"),
    memorySome: f("memory", "someUs"),
    memoryFull: f("memory", "fullUs")
  };
}
function phaseSummary(start, end, deviceIndex) {
  const durationMs = Math.max(0, end.tMs - start.tMs);
  const before = deviceIndex === null ? null : start.disks[deviceIndex];
  const after = deviceIndex === null ? null : end.disks[deviceIndex];
  const childTicks = start.childCpuTicks === null || end.childCpuTicks === null ? null : Math.max(0, end.childCpuTicks - start.childCpuTicks);
  const childCpuSeconds = childTicks === null ? null : childTicks / USER_HZ;
  return {
    durationMs,
    disk: before && after ? diskMetrics(before, after, durationMs) : null,
    cpu: cpuSharesPercent(start, end),
    pressure: pressureFractions(start, end, durationMs),
    memory: start.memory && end.memory ? {
      dirtyBytesStart: start.memory.dirtyBytes,
      writebackBytesStart: start.memory.writebackBytes,
      dirtyBytesEnd: end.memory.dirtyBytes,
      writebackBytesEnd: end.memory.writebackBytes
    } : null,
    childCpuSeconds,
    childCpuCores: childCpuSeconds === null || durationMs <= 0 ? null : childCpuSeconds / (durationMs / 1e3)
  };
}

export {
  expandPath,
  isPattern,
  restoreRoots,
  SECTOR_BYTES,
  counterDelta,
  diskMetrics,
  USER_HZ,
  phaseSummary
};
