import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);

// src/sample/parse-mountinfo.ts
function unescapeMountField(value) {
  return value.replace(/\\([0-7]{3})/g, (_, octal) => String.fromCharCode(parseInt(octal, 8)));
}
function parseMountinfo(text) {
  const entries = [];
  for (const line of text.split("\n")) {
    const f = line.trim().split(" ");
    const dash = f.indexOf("-", 6);
    if (f.length < 10 || dash < 0) continue;
    entries.push({
      mountId: Number(f[0]),
      devNumber: f[2] ?? "",
      root: unescapeMountField(f[3] ?? ""),
      mountPoint: unescapeMountField(f[4] ?? ""),
      mountOptions: f[5] ?? "",
      fsType: f[dash + 1] ?? "",
      source: unescapeMountField(f[dash + 2] ?? ""),
      superOptions: f[dash + 3] ?? ""
    });
  }
  return entries;
}
function isUnder(path2, mountPoint) {
  if (mountPoint === "/") return path2.startsWith("/");
  return path2 === mountPoint || path2.startsWith(`${mountPoint}/`);
}
function findMount(entries, realPath) {
  let best = null;
  for (const entry of entries) {
    if (!isUnder(realPath, entry.mountPoint)) continue;
    if (!best || entry.mountPoint.length >= best.mountPoint.length) best = entry;
  }
  return best;
}
function overlayLayers(superOptions) {
  const options = /* @__PURE__ */ new Map();
  for (const option of superOptions.split(/(?<!\\),/)) {
    const eq = option.indexOf("=");
    if (eq > 0) options.set(option.slice(0, eq), unescapeMountField(option.slice(eq + 1).replace(/\\,/g, ",")));
  }
  const upperDir = options.get("upperdir");
  const lowerDirs = (options.get("lowerdir") ?? "").split(/(?<!\\):/).filter((d) => d !== "").map((d) => d.replace(/\\:/g, ":"));
  return upperDir ? { upperDir, lowerDirs } : { lowerDirs };
}
function isBlockDevNumber(devNumber) {
  return /^[1-9]\d*:\d+$/.test(devNumber);
}

// src/util/nearest-existing.ts
import { existsSync } from "node:fs";
import * as path from "node:path";
function nearestExistingPath(p) {
  let current = path.resolve(p);
  for (; ; ) {
    if (existsSync(current)) return current;
    const parent = path.dirname(current);
    if (parent === current) return current;
    current = parent;
  }
}

// src/sample/read-file.ts
import { readFileSync } from "node:fs";
function readText(path2) {
  try {
    const text = readFileSync(path2, "utf8").trim();
    return text === "" ? void 0 : text;
  } catch {
    return void 0;
  }
}
function readNumber(path2) {
  const text = readText(path2);
  const value = text === void 0 ? NaN : Number(text);
  return Number.isFinite(value) ? value : void 0;
}

// src/sample/devices.ts
import { existsSync as existsSync2, readdirSync, readFileSync as readFileSync2, realpathSync, statfsSync, statSync } from "node:fs";
import { basename, dirname as dirname2 } from "node:path";

// src/sample/mount-source.ts
var MIN_SHARED_COMPONENTS = 2;
var MAX_DEPTH = 4;
function sharedComponents(a, b) {
  const x = a.split("/").filter(Boolean);
  const y = b.split("/").filter(Boolean);
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n++;
  return n;
}
function onMount(m) {
  if (m.root !== "/" && m.root !== "") {
    return { method: "bind-mount", detail: `a bind mount of ${m.root} on ${m.source} (${m.fsType})`, devNumber: m.devNumber };
  }
  return { method: "mount", detail: `${m.source} (${m.fsType}) mounted at ${m.mountPoint}`, devNumber: m.devNumber };
}
function resolveMountSource(mount, view, depth = 0) {
  if (mount.fsType !== "overlay") return onMount(mount);
  const { upperDir } = overlayLayers(mount.superOptions);
  if (!upperDir) {
    return { method: "not-measured", detail: `a read-only overlay at ${mount.mountPoint} (no upper layer): nothing can be written there` };
  }
  const seen = view.realPath(upperDir);
  const holder = seen === null ? null : findMount(view.mounts, seen);
  if (holder && holder.mountId !== mount.mountId && depth < MAX_DEPTH) {
    const below = holder.fsType === "overlay" ? resolveMountSource(holder, view, depth + 1) : onMount(holder);
    if (below.method === "not-measured" || !below.devNumber || !isBlockDevNumber(below.devNumber)) {
      return {
        method: "not-measured",
        detail: `the overlay's upper layer ${upperDir} is on ${holder.fsType} (${holder.source}), no block device: ${below.detail}`
      };
    }
    return { method: "overlay-upper", detail: `an overlay whose upper layer ${upperDir} is on ${below.detail}`, devNumber: below.devNumber };
  }
  let best = null;
  for (const entry of view.mounts) {
    if (entry.fsType === "overlay" || !isBlockDevNumber(entry.devNumber) || entry.root === "/") continue;
    const shared = sharedComponents(entry.root, upperDir);
    if (shared >= MIN_SHARED_COMPONENTS && (!best || shared > best.shared)) best = { entry, shared };
  }
  if (best) {
    const tree = `/${best.entry.root.split("/").filter(Boolean).slice(0, best.shared).join("/")}`;
    return {
      method: "overlay-upper-inferred",
      detail: `an overlay whose upper layer ${upperDir} is a host path not visible here; ${best.entry.mountPoint} is bound from ${best.entry.root} on ${best.entry.source} (${best.entry.fsType}), the same host tree ${tree}, so the upper layer is taken to be on that disk`,
      devNumber: best.entry.devNumber
    };
  }
  return {
    method: "not-measured",
    detail: `an overlay whose upper layer ${upperDir} is a host path not visible here (a container), and no bind mount from the host shares its directory tree, so its disk cannot be told`
  };
}

// src/sample/devices.ts
var NO_BLOCK_FS = /* @__PURE__ */ new Map([
  ["tmpfs", "memory (tmpfs)"],
  ["ramfs", "memory (ramfs)"],
  ["nfs", "the network (NFS)"],
  ["nfs4", "the network (NFS)"],
  ["cifs", "the network (SMB/CIFS)"],
  ["smb3", "the network (SMB)"],
  ["9p", "a 9p share (VM or WSL host filesystem)"],
  ["virtiofs", "a virtiofs share (VM host filesystem)"],
  ["ceph", "the network (CephFS)"]
]);
function splitDevT(dev) {
  const major = dev >> 8n & 0xfffn | dev >> 32n & ~0xfffn;
  const minor = dev & 0xffn | dev >> 12n & ~0xffn;
  return { major: Number(major), minor: Number(minor) };
}
function nearestExisting(path2) {
  return realpathSync(nearestExistingPath(path2));
}
function activeScheduler(text) {
  if (!text) return void 0;
  const bracketed = /\[([^\]]+)\]/.exec(text);
  return bracketed?.[1] ?? (text.includes(" ") ? void 0 : text);
}
function readMounts(procRoot) {
  return parseMountinfo(readText(`${procRoot}/self/mountinfo`) ?? "");
}
function readMountinfo(procRoot) {
  try {
    return parseMountinfo(readFileSync2(`${procRoot}/self/mountinfo`, "utf8"));
  } catch {
    return null;
  }
}
function readBlockQueue(dir) {
  const out = {};
  const rotational = readNumber(`${dir}/queue/rotational`);
  if (rotational !== void 0) out.rotational = rotational === 1;
  const scheduler = activeScheduler(readText(`${dir}/queue/scheduler`));
  if (scheduler) out.scheduler = scheduler;
  const queueDepth = readNumber(`${dir}/queue/nr_requests`);
  if (queueDepth !== void 0) out.queueDepth = queueDepth;
  const sectors = readNumber(`${dir}/size`);
  if (sectors !== void 0) out.sizeBytes = sectors * 512;
  return out;
}
function slavesOf(dir) {
  try {
    return readdirSync(`${dir}/slaves`);
  } catch {
    return [];
  }
}
function readDiskFacts(dir) {
  const facts = { queue: readBlockQueue(dir), slaves: slavesOf(dir) };
  const set = (key, value) => {
    if (value !== void 0) facts[key] = value;
  };
  set("model", readText(`${dir}/device/model`));
  set("vendor", readText(`${dir}/device/vendor`));
  set("dmName", readText(`${dir}/dm/name`));
  set("logicalBlockBytes", readNumber(`${dir}/queue/logical_block_size`));
  set("physicalBlockBytes", readNumber(`${dir}/queue/physical_block_size`));
  return facts;
}
function realPathOrNull(path2) {
  try {
    return realpathSync(path2);
  } catch {
    return null;
  }
}
function nearestVisible(path2, realPath) {
  let p = path2;
  for (; ; ) {
    const real = realPath(p);
    if (real !== null) return real;
    const up = dirname2(p);
    if (up === p) return p;
    p = up;
  }
}
var SysBlock = class {
  constructor(sysRoot, backingDevice) {
    this.sysRoot = sysRoot;
    this.backingDevice = backingDevice;
  }
  sysRoot;
  backingDevice;
  available() {
    return existsSync2(`${this.sysRoot}/dev/block`);
  }
  /** /sys/block/<name> directory of a device number, resolved through the /sys/dev/block symlink. */
  dirOf(devNumber) {
    try {
      return realpathSync(`${this.sysRoot}/dev/block/${devNumber}`);
    } catch {
      return void 0;
    }
  }
  /**
   * Devices under `devNumber`, depth first. The first node is the device the filesystem sits on
   * (or the whole disk of a partition); the rest are what it is built on.
   */
  walk(devNumber, chain, seen, depth = 0) {
    const dir = this.dirOf(devNumber);
    if (!dir || seen.has(devNumber) || depth > 8) return [];
    seen.add(devNumber);
    let name = basename(dir);
    let diskDir = dir;
    let diskDev = devNumber;
    const here = [...chain];
    if (existsSync2(`${dir}/partition`)) {
      here.push(`${name} (partition)`);
      diskDir = dirname2(dir);
      name = basename(diskDir);
      diskDev = readText(`${diskDir}/dev`) ?? devNumber;
      seen.add(diskDev);
    }
    here.push(name);
    const kind = existsSync2(`${diskDir}/dm`) ? "dm" : existsSync2(`${diskDir}/md`) ? "md" : existsSync2(`${diskDir}/loop`) ? "loop" : "disk";
    const top = { name, devNumber: diskDev, chain: here, topLevel: depth === 0, kind, below: [] };
    const nodes = [top];
    for (const slave of slavesOf(diskDir)) {
      const slaveDev = readText(`${diskDir}/slaves/${slave}/dev`);
      if (slaveDev) this.below(top, nodes, this.walk(slaveDev, here, seen, depth + 1));
    }
    const backing = readText(`${diskDir}/loop/backing_file`);
    if (backing) {
      const file = backing.replace(/ \(deleted\)$/, "");
      const dev = this.backingDevice(file);
      if (dev) this.below(top, nodes, this.walk(dev, [...here, `backing file ${file}`], seen, depth + 1));
    }
    return nodes;
  }
  below(top, nodes, sub) {
    if (sub[0]) top.below.push(sub[0].name);
    nodes.push(...sub);
  }
  facts(node) {
    return readDiskFacts(`${this.sysRoot}/block/${node.name}`);
  }
  describe(node, facts) {
    const info = { name: node.name, devNumber: node.devNumber, chain: node.chain, kind: node.kind };
    if (node.below.length > 0) info.below = node.below;
    const model = facts.model || facts.dmName || driverOf(readText(`${this.sysRoot}/block/${node.name}/device/uevent`));
    if (model) info.model = model;
    return Object.assign(info, facts.queue);
  }
};
function driverOf(uevent) {
  return uevent ? /^DRIVER=(.+)$/m.exec(uevent)?.[1] : void 0;
}
function fileSystemInfo(path2, existing, mount, resolution) {
  const info = {
    path: path2,
    mountPoint: mount?.mountPoint ?? "",
    fsType: mount?.fsType ?? "unknown",
    mountOptions: mount?.mountOptions ?? "",
    source: mount?.source ?? ""
  };
  if (resolution) info.resolution = resolution;
  try {
    const s = statfsSync(existing);
    info.totalBytes = s.blocks * s.bsize;
    info.freeBytes = s.bavail * s.bsize;
  } catch {
  }
  return info;
}
function blockDevNumber(existing, mount, fromMountinfo) {
  if (fromMountinfo && isBlockDevNumber(fromMountinfo)) return fromMountinfo;
  try {
    const { major, minor } = splitDevT(statSync(existing, { bigint: true }).dev);
    if (major !== 0) return `${major}:${minor}`;
  } catch {
  }
  if (mount?.source.startsWith("/dev/")) {
    try {
      const st = statSync(mount.source, { bigint: true });
      if (st.isBlockDevice()) {
        const rdev = splitDevT(st.rdev);
        return `${rdev.major}:${rdev.minor}`;
      }
    } catch {
    }
  }
  return void 0;
}
function resolveDevices(paths, options = {}) {
  const procRoot = options.procRoot ?? "/proc";
  const realPath = options.realPath ?? realPathOrNull;
  const mounts = options.mounts ?? readMounts(procRoot);
  const view = { mounts, realPath };
  const backingDevice = (file) => {
    const m = findMount(mounts, file);
    if (m && m.fsType !== "overlay" && isBlockDevNumber(m.devNumber)) return m.devNumber;
    try {
      const { major, minor } = splitDevT(statSync(file, { bigint: true }).dev);
      return major === 0 ? void 0 : `${major}:${minor}`;
    } catch {
      return void 0;
    }
  };
  const sys = new SysBlock(options.sysRoot ?? "/sys", backingDevice);
  const restorePaths = paths.restorePaths && paths.restorePaths.length > 0 ? paths.restorePaths : paths.restorePath ? [paths.restorePath] : [];
  const roles = restorePaths.map((p) => ["restore-path", p]);
  if (paths.archiveTemp) roles.push(["archive-temp", paths.archiveTemp]);
  const devices = [];
  const fileSystems = [];
  const diskFacts = /* @__PURE__ */ new Map();
  let noBlockDeviceReason;
  let primarySet = false;
  for (const [role, path2] of roles) {
    const existing = nearestVisible(path2, realPath);
    const mount = findMount(mounts, existing);
    const reason = noBlockReason(path2, existing, mount, sys);
    const resolution = mount && !reason ? resolveMountSource(mount, view) : null;
    fileSystems.push(fileSystemInfo(path2, existing, mount, resolution ?? (reason ? { method: "not-measured", detail: reason } : null)));
    let nodes = [];
    const unresolved = resolution?.method === "not-measured" ? `${path2} is on ${resolution.detail}` : void 0;
    if (!reason && !unresolved) {
      const devNumber = blockDevNumber(existing, mount, resolution?.devNumber);
      if (devNumber) nodes = sys.walk(devNumber, chainStart(mount, resolution), /* @__PURE__ */ new Set());
    }
    const why = reason ?? unresolved ?? (nodes.length === 0 ? `${path2} is on ${mount ? `${mount.fsType} (${mount.source})` : "a filesystem"} with no block device in /sys/dev/block` : void 0);
    if (role === "restore-path" && why && noBlockDeviceReason === void 0) noBlockDeviceReason = why;
    if (why && fileSystems.at(-1)?.resolution?.method !== "not-measured") {
      fileSystems.at(-1).resolution = { method: "not-measured", detail: why };
    }
    for (const node of nodes) {
      let device = devices.find((d) => d.name === node.name);
      if (!device) {
        const facts = sys.facts(node);
        diskFacts.set(node.name, facts);
        device = { ...sys.describe(node, facts), roles: [], primary: false };
        devices.push(device);
      }
      if (!device.roles.includes(role)) device.roles.push(role);
      if (!node.topLevel) continue;
      device.topFor = [.../* @__PURE__ */ new Set([...device.topFor ?? [], role])];
      if (role === "restore-path") {
        device.restorePaths = [.../* @__PURE__ */ new Set([...device.restorePaths ?? [], path2])];
        if (!primarySet) {
          device.primary = true;
          primarySet = true;
          if (restorePaths.length > 1) device.primaryBecause = "the first restore path (before the restore said which device got most bytes)";
        }
      }
    }
  }
  if (primarySet) noBlockDeviceReason = void 0;
  devices.sort((a, b) => Number(b.primary) - Number(a.primary));
  const result = { devices, fileSystems, mounts, diskFacts };
  if (noBlockDeviceReason) result.noBlockDeviceReason = noBlockDeviceReason;
  return result;
}
function chainStart(mount, resolution) {
  if (!mount || !resolution) return [];
  if (resolution.method === "bind-mount") return [`bind mount of ${mount.root}`];
  const upper = mount.fsType === "overlay" ? overlayLayers(mount.superOptions).upperDir : void 0;
  if (resolution.method === "overlay-upper") return [`overlay upper layer ${upper}`];
  if (resolution.method === "overlay-upper-inferred") return [`overlay upper layer ${upper} (inferred)`];
  return [];
}
function noBlockReason(path2, existing, mount, sys) {
  if (!mount) return `no mount found for ${existing} (no /proc/self/mountinfo on this system)`;
  const where = NO_BLOCK_FS.get(mount.fsType);
  if (where) return `${path2} is on ${where}, mounted at ${mount.mountPoint}: no block device to measure`;
  if (mount.fsType.startsWith("fuse")) {
    return `${path2} is on a FUSE filesystem (${mount.fsType}, ${mount.source}) mounted at ${mount.mountPoint}: its storage is not a block device the kernel counts`;
  }
  if (!sys.available()) return "no /sys/dev/block on this system, so block devices cannot be identified";
  return void 0;
}

export {
  unescapeMountField,
  parseMountinfo,
  findMount,
  nearestExistingPath,
  readText,
  readNumber,
  splitDevT,
  nearestExisting,
  readMountinfo,
  resolveDevices
};
