import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  parseMeminfo,
  parseMountinfo
} from "./chunk-EYLRBRMM.js";

// src/sample/sampler.ts
import { performance } from "node:perf_hooks";

// src/sample/cgroup.ts
import { readFileSync } from "node:fs";
import path from "node:path";

// src/sample/parse-cgroup.ts
function parseProcCgroup(text) {
  const out = [];
  for (const line of text.split("\n")) {
    const m = /^(\d+):([^:]*):(.*)$/.exec(line.trim());
    if (!m) continue;
    out.push({ hierarchyId: Number(m[1]), controllers: m[2] ? m[2].split(",") : [], path: m[3] });
  }
  return out;
}
var UNLIMITED_BYTES = 2 ** 60;
function parseCpuMax(text) {
  const [max, period] = text.trim().split(/\s+/);
  const periodUs = Number(period ?? 1e5);
  if (!(periodUs > 0)) return null;
  if (max === "max") return { quotaUs: null, periodUs };
  const quotaUs = Number(max);
  return Number.isFinite(quotaUs) && quotaUs > 0 ? { quotaUs, periodUs } : null;
}
function parseCfsQuota(text) {
  const n = Number(text.trim());
  if (!Number.isFinite(n) || text.trim() === "") return void 0;
  return n > 0 ? n : null;
}
function parseFlatKeyed(text) {
  const out = /* @__PURE__ */ new Map();
  for (const line of text.split("\n")) {
    const [key, value] = line.trim().split(/\s+/);
    const n = Number(value);
    if (key && value !== void 0 && Number.isFinite(n)) out.set(key, n);
  }
  return out;
}
function cpuStatV2(text) {
  const m = parseFlatKeyed(text);
  if (!m.has("usage_usec")) return null;
  return {
    usageUs: m.get("usage_usec") ?? null,
    // Without the cpu controller enabled for the group only the usage lines are present.
    throttledUs: m.get("throttled_usec") ?? 0,
    periods: m.get("nr_periods") ?? 0,
    throttledPeriods: m.get("nr_throttled") ?? 0
  };
}
function cpuStatV1(statText, usageText) {
  const m = parseFlatKeyed(statText);
  if (!m.has("nr_periods")) return null;
  const usageNs = usageText === null ? NaN : Number(usageText.trim());
  return {
    usageUs: Number.isFinite(usageNs) && usageText?.trim() !== "" ? Math.round(usageNs / 1e3) : null,
    throttledUs: Math.round((m.get("throttled_time") ?? 0) / 1e3),
    periods: m.get("nr_periods") ?? 0,
    throttledPeriods: m.get("nr_throttled") ?? 0
  };
}
function parseMemoryLimit(text) {
  const t = text.trim();
  if (t === "max") return null;
  const n = Number(t);
  if (t === "" || !Number.isFinite(n)) return void 0;
  return n <= 0 || n >= UNLIMITED_BYTES ? null : n;
}
var MEMORY_USAGE_FILES = {
  1: { limit: "memory.limit_in_bytes", usage: "memory.usage_in_bytes", inactiveFile: "total_inactive_file" },
  2: { limit: "memory.max", usage: "memory.current", inactiveFile: "inactive_file" }
};
function workingSetBytes(version, usageText, statText) {
  const usage = Number(usageText.trim());
  if (usageText.trim() === "" || !Number.isFinite(usage)) return void 0;
  const inactive = statText === null ? 0 : parseFlatKeyed(statText).get(MEMORY_USAGE_FILES[version].inactiveFile) ?? 0;
  return Math.max(0, usage - inactive);
}
function cpusetCount(text) {
  let count = 0;
  for (const part of text.trim().split(",")) {
    if (part === "") continue;
    const [a, b] = part.split("-").map(Number);
    if (a === void 0 || !Number.isInteger(a)) return null;
    const end = b === void 0 ? a : b;
    if (!Number.isInteger(end) || end < a) return null;
    count += end - a + 1;
  }
  return count > 0 ? count : null;
}
var IO_MAX_KEYS = { rbps: "readBytesPerSecond", wbps: "writeBytesPerSecond", riops: "readIops", wiops: "writeIops" };
function parseIoMax(text) {
  const out = [];
  for (const line of text.split("\n")) {
    const [device, ...pairs] = line.trim().split(/\s+/);
    if (!device || !/^\d+:\d+$/.test(device)) continue;
    const limit = { device };
    for (const pair of pairs) {
      const [key, value] = pair.split("=");
      const field2 = key ? IO_MAX_KEYS[key] : void 0;
      const n = Number(value);
      if (field2 && value !== "max" && Number.isFinite(n) && n > 0) limit[field2] = n;
    }
    if (Object.keys(limit).length > 1) out.push(limit);
  }
  return out;
}
var BLKIO_THROTTLE_FILES = {
  "blkio.throttle.read_bps_device": "readBytesPerSecond",
  "blkio.throttle.write_bps_device": "writeBytesPerSecond",
  "blkio.throttle.read_iops_device": "readIops",
  "blkio.throttle.write_iops_device": "writeIops"
};
function parseBlkioThrottle(text) {
  const out = [];
  for (const line of text.split("\n")) {
    const [device, value] = line.trim().split(/\s+/);
    const n = Number(value);
    if (device && /^\d+:\d+$/.test(device) && Number.isFinite(n) && n > 0) out.push({ device, value: n });
  }
  return out;
}
function tightestIoLimits(levels) {
  const byDevice = /* @__PURE__ */ new Map();
  for (const level of levels) {
    for (const limit of level) {
      const merged = byDevice.get(limit.device) ?? { device: limit.device };
      for (const field2 of Object.values(IO_MAX_KEYS)) {
        const v = limit[field2];
        if (v !== void 0) merged[field2] = Math.min(merged[field2] ?? Infinity, v);
      }
      byDevice.set(limit.device, merged);
    }
  }
  return [...byDevice.values()].sort((a, b) => a.device.localeCompare(b.device));
}

// src/sample/cgroup.ts
function tryRead(file) {
  try {
    return { text: readFileSync(file, "utf8") };
  } catch (error) {
    const code = error.code ?? "unreadable";
    return { error: `${file}: ${code}` };
  }
}
var textOf = (r) => "text" in r ? r.text : null;
function whyNot(dir, file) {
  if (dir === void 0) return "no group";
  const r = tryRead(path.join(dir, file));
  return "error" in r ? r.error.slice(r.error.lastIndexOf(": ") + 2) : "unexpected content";
}
function locate(controller, memberships, mounts, root, notes) {
  const v1 = memberships.find((m) => m.hierarchyId !== 0 && m.controllers.includes(controller));
  if (v1) {
    const mount2 = mounts.find((e) => e.fsType === "cgroup" && e.superOptions.split(",").includes(controller));
    if (!mount2) {
      notes.push(`${controller}: in a v1 hierarchy (${v1.path}) that is not mounted here`);
      return null;
    }
    return { version: 1, path: v1.path, ...levelsOf(mount2, v1.path, root, controller, notes) };
  }
  const unified = memberships.find((m) => m.hierarchyId === 0);
  const mount = mounts.find((e) => e.fsType === "cgroup2");
  if (unified && mount) return { version: 2, path: unified.path, ...levelsOf(mount, unified.path, root, controller, notes) };
  return null;
}
function levelsOf(mount, cgroupPath, root, controller, notes) {
  const top = path.join(root, mount.mountPoint);
  let rel;
  if (cgroupPath.split("/").includes("..")) {
    notes.push(`${controller}: group ${cgroupPath} is outside this cgroup namespace; read at ${mount.mountPoint}`);
    rel = "/";
  } else if (mount.root === "/") rel = cgroupPath;
  else if (cgroupPath === mount.root || cgroupPath.startsWith(`${mount.root}/`)) rel = cgroupPath.slice(mount.root.length);
  else {
    notes.push(`${controller}: group ${cgroupPath} is outside the mounted part ${mount.root}; read at ${mount.mountPoint}`);
    rel = "/";
  }
  const levels = [];
  const groups = [];
  for (let dir = path.join(top, rel); ; dir = path.dirname(dir)) {
    levels.push(dir);
    groups.push(path.posix.join(mount.root, path.relative(top, dir)));
    if (dir === top || dir.length <= top.length) break;
  }
  return { levels, groups };
}
function quotaAt(located, level, why) {
  const dir = located.levels[level];
  if (located.version === 2) {
    const r = tryRead(path.join(dir, "cpu.max"));
    const text = textOf(r);
    if (text === null) return void 0;
    const parsed = parseCpuMax(text);
    if (!parsed) {
      why.push(`${dir}/cpu.max: unexpected "${text.trim()}"`);
      return void 0;
    }
    return parsed.quotaUs === null ? null : { cores: parsed.quotaUs / parsed.periodUs, periodUs: parsed.periodUs, level };
  }
  const quotaText = textOf(tryRead(path.join(dir, "cpu.cfs_quota_us")));
  const periodText = textOf(tryRead(path.join(dir, "cpu.cfs_period_us")));
  if (quotaText === null || periodText === null) return void 0;
  const quotaUs = parseCfsQuota(quotaText);
  const periodUs = Number(periodText.trim());
  if (quotaUs === void 0 || !(periodUs > 0)) return void 0;
  return quotaUs === null ? null : { cores: quotaUs / periodUs, periodUs, level };
}
function tightestQuota(located, notRead) {
  let quota = null;
  let leafPeriodUs = null;
  let seen = false;
  const why = [];
  for (let level = 0; level < located.levels.length; level++) {
    const q = quotaAt(located, level, why);
    if (q === void 0) continue;
    seen = true;
    if (q && (!quota || q.cores < quota.cores)) quota = q;
    if (leafPeriodUs === null && q) leafPeriodUs = q.periodUs;
  }
  if (!seen) {
    const file = located.version === 2 ? "cpu.max" : "cpu.cfs_quota_us";
    notRead.push(
      `cpu quota: no readable ${file} in ${located.levels[0]} or its visible parents (${whyNot(located.levels[0], file)}${located.version === 2 ? ": the cpu controller is not enabled for this group" : ""})`
    );
  }
  notRead.push(...why);
  return { quota, periodUs: quota?.periodUs ?? leafPeriodUs };
}
function firstReadable(located, files) {
  for (const dir of located.levels) {
    for (const file of files) {
      const text = textOf(tryRead(path.join(dir, file)));
      if (text !== null && text.trim() !== "") return { text, file: path.join(dir, file) };
    }
  }
  return null;
}
function memoryLimitAt(located, level) {
  const text = textOf(tryRead(path.join(located.levels[level], MEMORY_USAGE_FILES[located.version].limit)));
  return text === null ? void 0 : parseMemoryLimit(text);
}
function memoryLimit(located, notRead) {
  if (!located) {
    notRead.push("memory limit: the memory controller is not mounted");
    return null;
  }
  const file = MEMORY_USAGE_FILES[located.version].limit;
  let limit = null;
  let seen = false;
  for (let level = 0; level < located.levels.length; level++) {
    const value = memoryLimitAt(located, level);
    if (value === void 0) continue;
    seen = true;
    if (value !== null) limit = Math.min(limit ?? Infinity, value);
  }
  if (!seen) notRead.push(`memory limit: no readable ${file} in ${located.levels[0]} or its visible parents (${whyNot(located.levels[0], file)})`);
  return limit;
}
function roomAt(located, level) {
  const limit = memoryLimitAt(located, level);
  if (typeof limit !== "number") return null;
  const dir = located.levels[level];
  const files = MEMORY_USAGE_FILES[located.version];
  const usage = textOf(tryRead(path.join(dir, files.usage)));
  const workingSet = usage === null ? void 0 : workingSetBytes(located.version, usage, textOf(tryRead(path.join(dir, "memory.stat"))));
  return {
    group: located.groups[level],
    limitBytes: limit,
    workingSetBytes: workingSet ?? null,
    roomBytes: Math.max(0, limit - (workingSet ?? 0))
  };
}
function readCgroupMemoryRoom(options = {}) {
  const found = membershipsAndMounts(options);
  if (!found) return null;
  const located = locate("memory", found.memberships, found.mounts, options.root ?? "/", []);
  if (!located) return null;
  let tightest = null;
  for (let level = 0; level < located.levels.length; level++) {
    const room = roomAt(located, level);
    if (room && (!tightest || room.roomBytes < tightest.roomBytes)) tightest = room;
  }
  return tightest;
}
function ioLimits(located, notRead) {
  if (!located) {
    notRead.push("I/O caps: neither the v1 blkio nor the v2 io controller is mounted");
    return [];
  }
  const levels = [];
  let seen = false;
  for (const dir of located.levels) {
    if (located.version === 2) {
      const text = textOf(tryRead(path.join(dir, "io.max")));
      if (text === null) continue;
      seen = true;
      levels.push(parseIoMax(text));
      continue;
    }
    const level = [];
    for (const [file, field2] of Object.entries(BLKIO_THROTTLE_FILES)) {
      const text = textOf(tryRead(path.join(dir, file)));
      if (text === null) continue;
      seen = true;
      for (const { device, value } of parseBlkioThrottle(text)) level.push({ device, [field2]: value });
    }
    levels.push(level);
  }
  const ioFile = located.version === 2 ? "io.max" : "blkio.throttle.write_bps_device";
  if (!seen)
    notRead.push(
      `I/O caps: no readable ${located.version === 2 ? "io.max" : "blkio.throttle.*"} in ${located.levels[0]} or its visible parents (${whyNot(located.levels[0], ioFile)})`
    );
  return tightestIoLimits(levels);
}
function readMountsOrNull(procRoot) {
  const text = textOf(tryRead(path.join(procRoot, "self/mountinfo")));
  return text === null ? null : parseMountinfo(text);
}
function membershipsAndMounts(options) {
  const procRoot = options.procRoot ?? "/proc";
  const cgroupText = textOf(tryRead(path.join(procRoot, "self/cgroup")));
  const mounts = options.mounts !== void 0 ? options.mounts : readMountsOrNull(procRoot);
  if (cgroupText === null || mounts === null) return null;
  return { memberships: parseProcCgroup(cgroupText), mounts };
}
function readCgroup(options = {}) {
  const root = options.root ?? "/";
  const found = membershipsAndMounts(options);
  if (!found) return null;
  const { memberships, mounts } = found;
  const notRead = [];
  const cpu = locate("cpu", memberships, mounts, root, notRead);
  const anyV2 = memberships.some((m) => m.hierarchyId === 0) && mounts.some((m) => m.fsType === "cgroup2");
  const version = cpu?.version ?? (anyV2 ? 2 : memberships.length > 0 ? 1 : null);
  if (version === null) return null;
  const limits = {
    version,
    path: cpu?.path ?? memberships[0]?.path ?? "/",
    cpuQuotaCores: null,
    cpuPeriodUs: null,
    cpusetCpus: null,
    memoryLimitBytes: null,
    ioLimits: []
  };
  let cpuFiles = null;
  if (cpu) {
    const { quota, periodUs } = tightestQuota(cpu, notRead);
    limits.cpuQuotaCores = quota ? quota.cores : null;
    limits.cpuPeriodUs = periodUs;
    if (quota && quota.level > 0) limits.cpuQuotaPath = cpu.groups[quota.level];
    const level = quota?.level ?? 0;
    const statDir = cpu.levels[level];
    cpuFiles = { version: cpu.version, stat: path.join(statDir, "cpu.stat") };
    if (cpu.version === 1) {
      const acct = locate("cpuacct", memberships, mounts, root, []);
      const at = acct?.groups.indexOf(cpu.groups[level]) ?? -1;
      const usageDir = at >= 0 ? acct?.levels[at] : void 0;
      if (usageDir) cpuFiles.usage = path.join(usageDir, "cpuacct.usage");
    }
    if (readCgroupCpu(cpuFiles) === null) {
      notRead.push(`cpu.stat: ${path.join(statDir, "cpu.stat")} unreadable or without CFS counters`);
      cpuFiles = null;
    } else if (cpu.version === 1 && readCgroupCpu(cpuFiles)?.usageUs === null) {
      notRead.push(`cpu usage: no readable cpuacct.usage for ${cpu.groups[level]} (cpuacct not mounted, or the task is in another cpuacct group)`);
    }
  } else {
    notRead.push("cpu: the cpu controller is not mounted (no v1 cpu hierarchy, no cgroup2 mount)");
  }
  const cpuset = locate("cpuset", memberships, mounts, root, notRead);
  const cpusetFile = cpuset ? firstReadable(cpuset, cpuset.version === 2 ? ["cpuset.cpus.effective"] : ["cpuset.effective_cpus", "cpuset.cpus"]) : null;
  if (cpusetFile) limits.cpusetCpus = cpusetCount(cpusetFile.text);
  else notRead.push(`cpuset: ${cpuset ? `no readable cpuset list in ${cpuset.levels[0]} or its visible parents` : "the cpuset controller is not mounted"}`);
  limits.memoryLimitBytes = memoryLimit(locate("memory", memberships, mounts, root, notRead), notRead);
  limits.ioLimits = ioLimits(locate("blkio", memberships, mounts, root, notRead) ?? locate("io", memberships, mounts, root, notRead), notRead);
  if (notRead.length > 0) limits.notRead = notRead;
  return { limits, cpuFiles };
}
function readCgroupCpu(files, read = (f) => textOf(tryRead(f))) {
  const stat = read(files.stat);
  if (stat === null) return null;
  if (files.version === 2) return cpuStatV2(stat);
  return cpuStatV1(stat, files.usage ? read(files.usage) : null);
}

// src/sample/parse-diskstats.ts
function parseDiskstatsLine(line) {
  const f = line.trim().split(/\s+/);
  if (f.length !== 14 && f.length !== 18 && f.length !== 20) return null;
  const [major, minor, name] = f;
  if (major === void 0 || minor === void 0 || name === void 0) return null;
  const n = f.slice(3).map(Number);
  if (n.some((v) => !Number.isFinite(v))) return null;
  const at = (i) => n[i] ?? 0;
  const counters = {
    readsCompleted: at(0),
    readsMerged: at(1),
    sectorsRead: at(2),
    readMs: at(3),
    writesCompleted: at(4),
    writesMerged: at(5),
    sectorsWritten: at(6),
    writeMs: at(7),
    inFlight: at(8),
    ioMs: at(9),
    weightedIoMs: at(10)
  };
  if (n.length >= 15) {
    counters.discardsCompleted = at(11);
    counters.discardsMerged = at(12);
    counters.sectorsDiscarded = at(13);
    counters.discardMs = at(14);
  }
  if (n.length >= 17) {
    counters.flushesCompleted = at(15);
    counters.flushMs = at(16);
  }
  return { name, devNumber: `${major}:${minor}`, counters };
}
function parseDiskstats(text) {
  const byName = /* @__PURE__ */ new Map();
  const byDevNumber = /* @__PURE__ */ new Map();
  for (const line of text.split("\n")) {
    const entry = parseDiskstatsLine(line);
    if (!entry) continue;
    byName.set(entry.name, entry);
    if (!byDevNumber.has(entry.devNumber)) byDevNumber.set(entry.devNumber, entry);
  }
  return { byName, byDevNumber };
}
function pickDiskCounters(text, names) {
  return names.map((name) => {
    const needle = ` ${name} `;
    let at = text.indexOf(needle);
    while (at >= 0) {
      const start = text.lastIndexOf("\n", at) + 1;
      if (/^\s*\d+\s+\d+$/.test(text.slice(start, at))) {
        const end = text.indexOf("\n", at);
        return parseDiskstatsLine(text.slice(start, end < 0 ? text.length : end))?.counters ?? null;
      }
      at = text.indexOf(needle, at + 1);
    }
    return null;
  });
}

// src/sample/parse-pressure.ts
function parsePressure(text) {
  let someUs;
  let fullUs;
  for (const line of text.split("\n")) {
    const match = /^(some|full)\s.*\btotal=(\d+)/.exec(line);
    if (!match) continue;
    const total = Number(match[2]);
    if (match[1] === "some") someUs = total;
    else fullUs = total;
  }
  if (someUs === void 0) return null;
  return fullUs === void 0 ? { someUs } : { someUs, fullUs };
}

// src/sample/parse-stat.ts
function parseCpuLine(line) {
  const f = line.trim().split(/\s+/);
  if (!f[0]?.startsWith("cpu")) return null;
  const n = f.slice(1, 9).map(Number);
  if (n.length < 4 || n.some((v) => !Number.isFinite(v))) return null;
  const at = (i) => n[i] ?? 0;
  return {
    user: at(0),
    nice: at(1),
    system: at(2),
    idle: at(3),
    iowait: at(4),
    irq: at(5),
    softirq: at(6),
    steal: at(7)
  };
}
function parseProcStatTotal(text) {
  const end = text.indexOf("\n");
  const first = end < 0 ? text : text.slice(0, end);
  return /^cpu\s/.test(first) ? parseCpuLine(first) : null;
}
function parseProcStat(text) {
  let total = null;
  const perCpu = [];
  for (const line of text.split("\n")) {
    if (!line.startsWith("cpu")) continue;
    const ticks = parseCpuLine(line);
    if (!ticks) continue;
    if (/^cpu\s/.test(line)) total = ticks;
    else perCpu.push(ticks);
  }
  return { total, perCpu };
}

// src/sample/process-tree.ts
import { readFileSync as readFileSync3 } from "node:fs";

// src/sample/parse-pid-io.ts
function field(text, name) {
  const match = new RegExp(`^${name}:\\s*(\\d+)`, "m").exec(text);
  return match ? Number(match[1]) : void 0;
}
function parsePidIo(text) {
  const readBytes = field(text, "read_bytes");
  const writeBytes = field(text, "write_bytes");
  const cancelledWriteBytes = field(text, "cancelled_write_bytes");
  if (readBytes === void 0 || writeBytes === void 0 || cancelledWriteBytes === void 0) return null;
  return { readBytes, writeBytes, cancelledWriteBytes };
}
function addIo(a, b) {
  return {
    readBytes: a.readBytes + b.readBytes,
    writeBytes: a.writeBytes + b.writeBytes,
    cancelledWriteBytes: a.cancelledWriteBytes + b.cancelledWriteBytes
  };
}

// src/sample/parse-pid-schedstat.ts
function parsePidSchedstat(text) {
  const fields = text.trim().split(/\s+/).map(Number);
  if (fields.length !== 3 || !fields.every((n) => Number.isFinite(n) && n >= 0)) return null;
  const [runNs, runDelayNs, timeslices] = fields;
  return { runNs, runDelayNs, timeslices };
}
function schedstatCounts(s, cpuTicks) {
  return s.timeslices > 0 || cpuTicks === 0;
}

// src/sample/parse-pid-stat.ts
function parsePidStat(text) {
  const open = text.indexOf("(");
  const close = text.lastIndexOf(")");
  if (open < 0 || close < open) return null;
  const pid = Number(text.slice(0, open).trim());
  const rest = text.slice(close + 1).trim().split(/\s+/);
  const field2 = (n) => Number(rest[n - 3]);
  const stat = {
    pid,
    comm: text.slice(open + 1, close),
    state: rest[0] ?? "",
    ppid: field2(4),
    utimeTicks: field2(14),
    stimeTicks: field2(15),
    cutimeTicks: field2(16),
    cstimeTicks: field2(17)
  };
  const numbers = [stat.pid, stat.ppid, stat.utimeTicks, stat.stimeTicks, stat.cutimeTicks, stat.cstimeTicks];
  return numbers.every(Number.isFinite) ? stat : null;
}

// src/sample/proc-reader.ts
import { closeSync, openSync, readFileSync as readFileSync2, readSync } from "node:fs";
var ProcFile = class {
  constructor(path2, mode) {
    this.path = path2;
    this.mode = mode;
  }
  path;
  mode;
  fd = null;
  buffer = Buffer.allocUnsafe(16 * 1024);
  failed = false;
  /**
   * The file's text, or null when it does not exist or cannot be read (never throws).
   * With `headBytes`, at most that much of its start (/proc/stat's first line, without the long rest).
   */
  read(headBytes) {
    if (this.failed) return null;
    try {
      if (this.mode === "readFile") {
        const text = readFileSync2(this.path, "latin1");
        return headBytes === void 0 ? text : text.slice(0, headBytes);
      }
      this.fd ??= openSync(this.path, "r");
      if (headBytes !== void 0) {
        const head = this.buffer.length >= headBytes ? this.buffer : Buffer.allocUnsafe(headBytes);
        const n = readSync(this.fd, head, 0, headBytes, 0);
        return head.toString("latin1", 0, n);
      }
      for (; ; ) {
        let length = 0;
        for (; ; ) {
          const n = readSync(this.fd, this.buffer, length, this.buffer.length - length, length);
          if (n === 0) break;
          length += n;
          if (length === this.buffer.length) break;
        }
        if (length < this.buffer.length) return this.buffer.toString("latin1", 0, length);
        this.buffer = Buffer.allocUnsafe(this.buffer.length * 2);
      }
    } catch {
      this.failed = true;
      this.close();
      return null;
    }
  }
  close() {
    if (this.fd !== null) {
      try {
        closeSync(this.fd);
      } catch {
      }
      this.fd = null;
    }
  }
};

// src/sample/process-tree.ts
var MAX_FOLLOWED = 16;
function readOrNull(path2) {
  try {
    return readFileSync3(path2, "latin1");
  } catch {
    return null;
  }
}
function pidList(text) {
  return text ? text.split(" ").filter((p) => p.trim() !== "") : [];
}
var ProcessTreeReader = class {
  constructor(procRoot, mode, maxFollowed = MAX_FOLLOWED) {
    this.procRoot = procRoot;
    this.mode = mode;
    this.maxFollowed = maxFollowed;
    this.selfStat = new ProcFile(`${procRoot}/self/stat`, mode);
    this.selfIo = new ProcFile(`${procRoot}/self/io`, mode);
    const self = parsePidStat(this.selfStat.read() ?? "");
    const queue = self ? pidList(readOrNull(`${procRoot}/self/task/${self.pid}/children`)) : [];
    while (queue.length > 0) {
      const pid = queue.shift();
      if (this.before.has(pid)) continue;
      this.before.add(pid);
      queue.push(...pidList(readOrNull(`${procRoot}/${pid}/task/${pid}/children`)));
    }
  }
  procRoot;
  mode;
  maxFollowed;
  selfStat;
  selfIo;
  selfChildren = null;
  /**
   * Descendants that were already running when the reader was made (a local cache service in the
   * lab or a test, say): not the restore's, so neither their CPU nor their I/O is counted.
   */
  before = /* @__PURE__ */ new Set();
  /** The descendants followed (read each tick while they live), at most maxFollowed. */
  followed = /* @__PURE__ */ new Set();
  /** null without /proc/self/stat. */
  read() {
    const self = parsePidStat(this.selfStat.read() ?? "");
    if (!self) return null;
    let filesRead = 3;
    let childCpuTicks = self.cutimeTicks + self.cstimeTicks;
    let ownIo = parsePidIo(this.selfIo.read() ?? "");
    const processes = [];
    this.selfChildren ??= new ProcFile(`${this.procRoot}/self/task/${self.pid}/children`, this.mode);
    const queue = pidList(this.selfChildren.read());
    const seen = /* @__PURE__ */ new Set();
    const waiting = [];
    const visit = (pid) => {
      filesRead += 4;
      const stat = parsePidStat(readOrNull(`${this.procRoot}/${pid}/stat`) ?? "");
      if (!stat) {
        this.followed.delete(pid);
        return;
      }
      const ownTicks = stat.utimeTicks + stat.stimeTicks;
      childCpuTicks += ownTicks + stat.cutimeTicks + stat.cstimeTicks;
      const sched = parsePidSchedstat(readOrNull(`${this.procRoot}/${pid}/schedstat`) ?? "");
      processes.push({
        pid: stat.pid,
        comm: stat.comm,
        cpuTicks: ownTicks,
        ppid: stat.ppid,
        reapedTicks: stat.cutimeTicks + stat.cstimeTicks,
        ...sched && schedstatCounts(sched, ownTicks) ? { runDelayNs: sched.runDelayNs } : {}
      });
      const io = parsePidIo(readOrNull(`${this.procRoot}/${pid}/io`) ?? "");
      if (ownIo && io) ownIo = addIo(ownIo, io);
      queue.push(...pidList(readOrNull(`${this.procRoot}/${pid}/task/${pid}/children`)));
    };
    const drain = (admit) => {
      while (queue.length > 0) {
        const pid = queue.shift();
        if (seen.has(pid) || this.before.has(pid)) continue;
        if (!this.followed.has(pid)) {
          if (!admit) {
            waiting.push(pid);
            continue;
          }
          if (this.followed.size >= this.maxFollowed) continue;
          this.followed.add(pid);
        }
        seen.add(pid);
        visit(pid);
      }
    };
    drain(false);
    for (const pid of this.followed) if (!seen.has(pid)) this.followed.delete(pid);
    queue.push(...waiting);
    drain(true);
    return { childCpuTicks, selfCpuTicks: self.utimeTicks + self.stimeTicks, ownIo, processes, filesRead };
  }
  close() {
    this.selfStat.close();
    this.selfIo.close();
    this.selfChildren?.close();
  }
};

// src/sample/sampler.ts
var DEFAULT_MAX_SNAPSHOTS = 4e3;
var STAT_HEAD_BYTES = 512;
var Sampler = class {
  intervalMs;
  originMs;
  procRoot;
  maxSnapshots;
  deviceNames;
  files;
  tree;
  /** The cgroup's CPU files, each kept open like the /proc ones. */
  cgroup;
  entries = [];
  keptEvery = 1;
  timer = null;
  running = false;
  lastTick = -1;
  constructor(opts) {
    if (!(opts.intervalMs > 0)) throw new RangeError(`intervalMs must be positive, got ${opts.intervalMs}`);
    this.intervalMs = opts.intervalMs;
    this.originMs = opts.originMs;
    this.procRoot = opts.procRoot ?? "/proc";
    this.maxSnapshots = Math.max(2, opts.maxSnapshots ?? DEFAULT_MAX_SNAPSHOTS);
    this.deviceNames = opts.devices.map((d) => d.name);
    const mode = opts.readMode ?? "pread";
    const file = (path2) => new ProcFile(`${this.procRoot}/${path2}`, mode);
    this.files = {
      diskstats: file("diskstats"),
      stat: file("stat"),
      io: file("pressure/io"),
      cpu: file("pressure/cpu"),
      memory: file("pressure/memory"),
      meminfo: file("meminfo")
    };
    this.tree = new ProcessTreeReader(this.procRoot, mode);
    const cg = opts.cgroupCpu;
    this.cgroup = cg ? { files: cg, open: new Map([cg.stat, ...cg.usage ? [cg.usage] : []].map((f) => [f, new ProcFile(f, mode)])) } : null;
  }
  start() {
    if (this.running) return;
    this.running = true;
    this.scheduleNext();
  }
  snapshot() {
    const snapshot = this.read(true);
    snapshot.selfCpuUs = selfCpuUs();
    this.append({ snapshot, tick: null });
    return snapshot;
  }
  stop() {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const file of Object.values(this.files)) file.close();
    for (const file of this.cgroup?.open.values() ?? []) file.close();
    this.tree.close();
    return { intervalMs: this.intervalMs, keptEvery: this.keptEvery, snapshots: this.entries.map((e) => e.snapshot) };
  }
  scheduleNext() {
    const now = performance.now();
    const tick = Math.max(Math.floor((now - this.originMs) / this.intervalMs) + 1, this.lastTick + 1);
    const delayMs = Math.max(0, Math.ceil(this.originMs + tick * this.intervalMs - now));
    this.timer = setTimeout(() => this.onTick(tick), delayMs);
    this.timer.unref();
  }
  onTick(tick) {
    if (!this.running) return;
    this.lastTick = tick;
    if (tick % this.keptEvery === 0) this.append({ snapshot: this.read(false), tick });
    this.scheduleNext();
  }
  append(entry) {
    this.entries.push(entry);
    while (this.entries.length > this.maxSnapshots) {
      const keptEvery = this.keptEvery * 2;
      const thinned = this.entries.filter((e) => e.tick === null || e.tick % keptEvery === 0);
      this.keptEvery = keptEvery;
      if (thinned.length === this.entries.length && thinned.every((e) => e.tick === null)) break;
      this.entries = thinned;
    }
  }
  read(perCpu) {
    const tMs = performance.now() - this.originMs;
    const diskText = this.files.diskstats.read();
    const disks = diskText === null ? this.deviceNames.map(() => null) : pickDiskCounters(diskText, this.deviceNames);
    const statText = this.files.stat.read(perCpu ? void 0 : STAT_HEAD_BYTES);
    const io = parsePressure(this.files.io.read() ?? "");
    const cpuPressure = parsePressure(this.files.cpu.read() ?? "");
    const memoryPressure = parsePressure(this.files.memory.read() ?? "");
    const meminfo = parseMeminfo(this.files.meminfo.read() ?? "");
    const tree = this.tree.read();
    const snapshot = {
      tMs,
      disks,
      cpu: statText === null ? null : parseProcStatTotal(statText),
      pressure: io || cpuPressure || memoryPressure ? { io, cpu: cpuPressure, memory: memoryPressure } : null,
      memory: meminfo ? { dirtyBytes: meminfo.dirtyBytes, writebackBytes: meminfo.writebackBytes } : null,
      childCpuTicks: tree?.childCpuTicks ?? null,
      selfCpuTicks: tree?.selfCpuTicks ?? null,
      ownIo: tree?.ownIo ?? null
    };
    if (tree && tree.processes.length > 0) snapshot.processes = tree.processes;
    if (perCpu && statText !== null) snapshot.perCpu = parseProcStat(statText).perCpu;
    if (this.cgroup) {
      const { files, open } = this.cgroup;
      snapshot.cgroupCpu = readCgroupCpu(files, (f) => open.get(f)?.read() ?? null);
    }
    return snapshot;
  }
};
function selfCpuUs() {
  const { user, system } = process.cpuUsage();
  return user + system;
}

export {
  readCgroupMemoryRoom,
  readCgroup,
  parseDiskstats,
  pickDiskCounters,
  parsePidStat,
  Sampler,
  selfCpuUs
};
