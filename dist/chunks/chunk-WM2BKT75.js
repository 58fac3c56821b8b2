import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  memTotalBytes
} from "./chunk-RED6WLUR.js";
import {
  findMount,
  readNumber,
  readText
} from "./chunk-KMPHW5Q6.js";

// src/sample/fingerprint.ts
import { createHash } from "node:crypto";

// src/sample/context.ts
import os from "node:os";
function readHostFacts(roots = {}) {
  const procRoot = roots.procRoot ?? "/proc";
  const facts = { cpuinfo: readCpuinfo(procRoot), dmi: readDmi(roots.sysRoot ?? "/sys") };
  const kernel = readKernelRelease(procRoot);
  if (kernel) facts.kernel = kernel;
  const memory = memTotalBytes(readText(`${procRoot}/meminfo`) ?? "");
  if (memory !== void 0) facts.memTotalBytes = memory;
  return facts;
}
function parseCpuinfo(text) {
  const model = /^(?:model name|Model|Hardware)\s*:\s*(.+)$/m.exec(text)?.[1]?.trim();
  const hypervisorFlag = /^flags\s*:.*\bhypervisor\b/m.test(text);
  return model ? { model, hypervisorFlag } : { hypervisorFlag };
}
function readCpuinfo(procRoot) {
  const text = readText(`${procRoot}/cpuinfo`);
  if (!text) return { hypervisorFlag: false, processors: 0 };
  return { ...parseCpuinfo(text), processors: (text.match(/^processor\s*:/gm) ?? []).length };
}
function readDmi(sysRoot) {
  const out = {};
  const sysVendor = readText(`${sysRoot}/class/dmi/id/sys_vendor`);
  if (sysVendor) out.sysVendor = sysVendor;
  const productName = readText(`${sysRoot}/class/dmi/id/product_name`);
  if (productName) out.productName = productName;
  const hypervisorType = readText(`${sysRoot}/hypervisor/type`);
  if (hypervisorType) out.hypervisorType = hypervisorType;
  return out;
}
function readKernelRelease(procRoot) {
  return readText(`${procRoot}/sys/kernel/osrelease`);
}
function describeVirtualization(parts) {
  const dmi = [parts.sysVendor, parts.productName].filter((p) => !!p).join(" ");
  const pieces = [];
  if (dmi) pieces.push(dmi);
  if (parts.hypervisorType) pieces.push(`hypervisor ${parts.hypervisorType}`);
  if (pieces.length === 0 && parts.hypervisorFlag) pieces.push("virtual machine (cpuinfo hypervisor flag; vendor not visible)");
  return pieces.length > 0 ? pieces.join(", ") : void 0;
}
function readRunnerContext(where, options = {}) {
  const procRoot = options.procRoot ?? "/proc";
  const host = options.host ?? readHostFacts({ procRoot, ...options.sysRoot ? { sysRoot: options.sysRoot } : {} });
  const cpus = os.cpus();
  const context = {
    os: process.platform,
    arch: process.arch,
    // os.cpus() can be empty in some sandboxes; availableParallelism is never 0.
    cpuCount: cpus.length || os.availableParallelism(),
    memoryBytes: os.totalmem(),
    fileSystems: where?.fileSystems ?? [],
    nodeVersion: process.version
  };
  if (where?.noBlockDeviceReason) context.noBlockDeviceReason = where.noBlockDeviceReason;
  const kernel = host.kernel ?? (process.platform === "linux" ? void 0 : os.release());
  if (kernel) context.kernel = kernel;
  const cpuModel = host.cpuinfo.model ?? cpus[0]?.model?.trim();
  if (cpuModel) context.cpuModel = cpuModel;
  const virtualization = describeVirtualization({ ...host.dmi, hypervisorFlag: host.cpuinfo.hypervisorFlag });
  if (virtualization) context.virtualization = virtualization;
  const dirtyBytes = readNumber(`${procRoot}/sys/vm/dirty_bytes`);
  if (dirtyBytes) context.dirtyBytesLimit = dirtyBytes;
  const dirtyBackgroundBytes = readNumber(`${procRoot}/sys/vm/dirty_background_bytes`);
  if (dirtyBackgroundBytes) context.dirtyBackgroundBytesLimit = dirtyBackgroundBytes;
  const dirtyRatio = readNumber(`${procRoot}/sys/vm/dirty_ratio`);
  if (dirtyRatio !== void 0) context.dirtyRatio = dirtyRatio;
  const dirtyBackgroundRatio = readNumber(`${procRoot}/sys/vm/dirty_background_ratio`);
  if (dirtyBackgroundRatio !== void 0) context.dirtyBackgroundRatio = dirtyBackgroundRatio;
  if (options.cgroup) context.cgroup = options.cgroup.limits;
  return context;
}

// src/sample/fingerprint.ts
function diskKindOf(name) {
  if (/^nvme\d/.test(name)) return "nvme";
  if (/^(sd|hd)[a-z]/.test(name)) return "scsi";
  if (/^vd[a-z]/.test(name)) return "virtio";
  if (/^xvd[a-z]/.test(name)) return "xen";
  if (/^loop\d/.test(name)) return "loop";
  if (/^dm-\d/.test(name)) return "dm";
  if (/^md\d/.test(name)) return "md";
  if (/^mmcblk\d/.test(name)) return "mmc";
  return "other";
}
function writeOptions(options) {
  const out = {};
  for (const opt of options.split(",")) {
    const [name, value] = opt.split("=");
    if (name === "data" && value) out.data = value;
    else if (name === "commit" && value !== void 0 && /^\d+$/.test(value)) out.commitSeconds = Number(value);
    else if (name === "nobarrier") out.barrier = false;
    else if (name === "barrier") out.barrier = value === void 0 ? true : value !== "0";
  }
  return out;
}
function diskFingerprint(name, facts) {
  const disk = { name, kind: diskKindOf(name) };
  const set = (key, value) => {
    if (value !== void 0 && value !== "") disk[key] = value;
  };
  const queue = facts.queue;
  set("model", facts.model);
  set("vendor", facts.vendor);
  set("rotational", queue.rotational);
  set("logicalBlockBytes", facts.logicalBlockBytes);
  set("physicalBlockBytes", facts.physicalBlockBytes);
  set("queueDepth", queue.queueDepth);
  set("scheduler", queue.scheduler);
  set("sizeBytes", queue.sizeBytes);
  set("dmName", facts.dmName);
  const slaves = [...facts.slaves].sort();
  if (slaves.length > 0) disk.stackedOn = slaves;
  return disk;
}
var NOT_A_DISK = /^(loop|ram|zram|sr|fd|nbd)\d*/;
function wholeDiskOf(name) {
  if (/^(nvme\d+n\d+|mmcblk\d+)p\d+$/.test(name)) return name.replace(/p\d+$/, "");
  if (/^(sd|vd|xvd|hd)[a-z]+\d+$/.test(name)) return name.replace(/\d+$/, "");
  return name;
}
function otherLocalDisk(mounts, restoreMount, restoreDisks) {
  const candidates = mounts.filter(
    (m) => m.source.startsWith("/dev/") && !NOT_A_DISK.test(m.source.slice("/dev/".length)) && !restoreDisks.includes(wholeDiskOf(m.source.slice("/dev/".length))) && !m.mountOptions.split(",").includes("ro") && m.devNumber !== restoreMount?.devNumber && !m.mountPoint.startsWith("/boot")
  );
  const mnt = candidates.find((m) => m.mountPoint === "/mnt") ?? candidates[0];
  return mnt ? { mountPoint: mnt.mountPoint, source: mnt.source, fsType: mnt.fsType } : null;
}
function cgroupLimits(cgroup) {
  if (typeof cgroup !== "object" || cgroup === null) return void 0;
  const out = {};
  const walk = (value, path) => {
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
      return;
    }
    const leaf = path.split(".").pop() ?? "";
    if (!/max|limit|quota|period|weight|version/i.test(leaf)) return;
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) out[path] = value;
  };
  walk(cgroup, "");
  return Object.keys(out).length > 0 ? out : void 0;
}
function fingerprintFrom(r) {
  const { host, mounts } = r;
  const cpuModel = host.cpuinfo.model ?? r.fallback.cpuModel;
  const kernel = host.kernel ?? r.fallback.kernel;
  const restoreMount = r.restorePath ? findMount(mounts, r.restorePath) : null;
  const fp = {
    vcpus: host.cpuinfo.processors || r.fallback.vcpus,
    memoryBytes: host.memTotalBytes ?? r.fallback.memoryBytes,
    disks: r.disks.map((d) => diskFingerprint(d.name, d.facts)),
    fileSystem: restoreMount ? {
      mountPoint: restoreMount.mountPoint,
      fsType: restoreMount.fsType,
      source: restoreMount.source,
      ...writeOptions(`${restoreMount.mountOptions},${restoreMount.superOptions}`),
      options: `${restoreMount.mountOptions} ${restoreMount.superOptions}`.trim()
    } : null,
    otherLocalDisk: otherLocalDisk(
      mounts,
      restoreMount,
      r.disks.map((d) => d.name)
    )
  };
  if (cpuModel) fp.cpuModel = cpuModel;
  if (kernel) fp.kernel = kernel;
  const dmi = host.dmi;
  if (dmi.sysVendor) fp.sysVendor = dmi.sysVendor;
  if (dmi.productName) fp.productName = dmi.productName;
  if (dmi.hypervisorType) fp.hypervisor = dmi.hypervisorType;
  const limits = cgroupLimits(r.cgroup);
  if (limits) fp.cgroupLimits = limits;
  return { id: fingerprintId(fp), ...fp };
}
var GiB = 1024 ** 3;
function fingerprintIdParts(fp) {
  return {
    cpu: [fp.cpuModel ?? null, fp.vcpus],
    memoryGiB: Math.round(fp.memoryBytes / GiB),
    machine: [fp.sysVendor ?? null, fp.productName ?? null, fp.hypervisor ?? null],
    disks: fp.disks.map((d) => [
      d.kind,
      d.model ?? null,
      d.vendor ?? null,
      d.rotational ?? null,
      d.logicalBlockBytes ?? null,
      d.physicalBlockBytes ?? null,
      d.queueDepth ?? null,
      d.scheduler ?? null,
      d.sizeBytes === void 0 ? null : Math.round(d.sizeBytes / GiB)
    ]),
    fs: fp.fileSystem ? [fp.fileSystem.fsType, fp.fileSystem.data ?? null, fp.fileSystem.commitSeconds ?? null, fp.fileSystem.barrier ?? null] : null,
    otherDisk: fp.otherLocalDisk !== null,
    // In code-point order: for these keys (version, cpuQuotaCores, cpuQuotaPath, cpuPeriodUs, memoryLimitBytes)
    // the order localeCompare gave, so ids stay the same, without ICU's collator (~10 ms of every main step).
    cgroup: fp.cgroupLimits ? Object.entries(fp.cgroupLimits).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0) : null
  };
}
function fingerprintId(fp) {
  return createHash("sha256").update(JSON.stringify(fingerprintIdParts(fp))).digest("hex").slice(0, 12);
}
function diskWords(d) {
  return `${d.name} (${[d.kind, d.model].filter(Boolean).join(", ")}${d.rotational ? ", rotational" : ""})`;
}
function describeDisks(disks, below) {
  const names = new Set(disks.map((d) => d.name));
  const under = (d) => (below?.get(d.name) ?? []).filter((n) => names.has(n) && n !== d.name);
  const bases = new Set(disks.flatMap(under));
  const groups = /* @__PURE__ */ new Map();
  const parts = [];
  for (const d of disks) {
    if (bases.has(d.name) && under(d).length === 0) continue;
    const key = under(d).join(" + ");
    if (!key) parts.push(diskWords(d));
    else groups.set(key, [...groups.get(key) ?? [], d]);
  }
  for (const [key, tops] of groups) {
    const base = key.split(" + ").map((n) => diskWords(disks.find((d) => d.name === n))).join(" + ");
    parts.push(tops.length > 1 ? `${tops.map(diskWords).join(" and ")}, both on ${base}` : `${diskWords(tops[0])} on ${base}`);
  }
  return parts.join(" and ");
}
function describeFingerprint(fp, below) {
  const machine = [fp.sysVendor, fp.productName].filter(Boolean).join(" ") || (fp.hypervisor ? `hypervisor ${fp.hypervisor}` : "");
  const head = [fp.cpuModel ?? "CPU model unknown", `${fp.vcpus} vCPU`, `${Math.round(fp.memoryBytes / GiB)} GiB`, machine].filter(Boolean).join(", ");
  const disks = describeDisks(fp.disks, below);
  const f = fp.fileSystem;
  const opts = f ? [f.data && `data=${f.data}`, f.commitSeconds !== void 0 && `commit=${f.commitSeconds}`, f.barrier === false && "nobarrier"].filter(Boolean).join(",") : "";
  const fs = f ? `${f.fsType}${opts ? ` ${opts}` : ""}` : "";
  const other = fp.otherLocalDisk ? `other disk at ${fp.otherLocalDisk.mountPoint}` : "no other local disk";
  const cg = fp.cgroupLimits ? describeCgroupLimits(fp.cgroupLimits) : "";
  return `${head}; ${[disks || "no block device", fs].filter(Boolean).join(", ")}; ${other}${cg}`;
}
function describeCgroupLimits(l) {
  const parts = [];
  const quota = l.cpuQuotaCores;
  if (typeof quota === "number") parts.push(`CPU quota ${Math.round(quota * 100) / 100} cores`);
  const memory = l.memoryLimitBytes;
  if (typeof memory === "number") parts.push(`memory limit ${Math.round(memory / 1024 ** 3 * 10) / 10} GiB`);
  return parts.length > 0 ? `; cgroup: ${parts.join(", ")}` : "";
}

export {
  readHostFacts,
  readRunnerContext,
  fingerprintFrom,
  describeFingerprint
};
