import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  pickDiskCounters
} from "./chunk-I4M43YYT.js";
import {
  parseMeminfo
} from "./chunk-RED6WLUR.js";
import {
  parsePidStat,
  readCgroupCpu
} from "./chunk-OADOZV3O.js";

// src/sample/sampler.ts
import { performance } from "node:perf_hooks";

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
import { readFileSync as readFileSync2 } from "node:fs";

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

// src/sample/proc-reader.ts
import { closeSync, openSync, readFileSync, readSync } from "node:fs";
var ProcFile = class {
  constructor(path, mode) {
    this.path = path;
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
        const text = readFileSync(this.path, "latin1");
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
function readOrNull(path) {
  try {
    return readFileSync2(path, "latin1");
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
    const file = (path) => new ProcFile(`${this.procRoot}/${path}`, mode);
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
  Sampler,
  selfCpuUs
};
