import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  parseMountinfo
} from "./chunk-KMPHW5Q6.js";

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
      const field = key ? IO_MAX_KEYS[key] : void 0;
      const n = Number(value);
      if (field && value !== "max" && Number.isFinite(n) && n > 0) limit[field] = n;
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
      for (const field of Object.values(IO_MAX_KEYS)) {
        const v = limit[field];
        if (v !== void 0) merged[field] = Math.min(merged[field] ?? Infinity, v);
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
    for (const [file, field] of Object.entries(BLKIO_THROTTLE_FILES)) {
      const text = textOf(tryRead(path.join(dir, file)));
      if (text === null) continue;
      seen = true;
      for (const { device, value } of parseBlkioThrottle(text)) level.push({ device, [field]: value });
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

// src/sample/parse-pid-stat.ts
function parsePidStat(text) {
  const open = text.indexOf("(");
  const close = text.lastIndexOf(")");
  if (open < 0 || close < open) return null;
  const pid = Number(text.slice(0, open).trim());
  const rest = text.slice(close + 1).trim().split(/\s+/);
  const field = (n) => Number(rest[n - 3]);
  const stat = {
    pid,
    comm: text.slice(open + 1, close),
    state: rest[0] ?? "",
    ppid: field(4),
    utimeTicks: field(14),
    stimeTicks: field(15),
    cutimeTicks: field(16),
    cstimeTicks: field(17)
  };
  const numbers = [stat.pid, stat.ppid, stat.utimeTicks, stat.stimeTicks, stat.cutimeTicks, stat.cstimeTicks];
  return numbers.every(Number.isFinite) ? stat : null;
}

export {
  readCgroupMemoryRoom,
  readCgroup,
  readCgroupCpu,
  parsePidStat
};
