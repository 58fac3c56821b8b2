import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  ALTERNATIVES
} from "./chunk-SGXIA4GN.js";
import {
  ProfilerError
} from "./chunk-76DRRFYG.js";
import {
  bytes
} from "./chunk-QNSZTROI.js";
import {
  MiB,
  WORTH_CHANGING
} from "./chunk-YRJ6SEFO.js";

// src/experiment/workflow-steps.ts
import path from "node:path";

// src/experiment/dirty-budget.ts
function dirtyableBytes(meminfo) {
  const kB = (name) => {
    const m = new RegExp(`^${name.replace(/[()]/g, "\\$&")}:\\s+(\\d+)\\s*kB`, "m").exec(meminfo);
    return m?.[1] ? Number(m[1]) * 1024 : null;
  };
  const available = kB("MemAvailable");
  const free = kB("MemFree");
  const active = kB("Active(file)");
  const inactive = kB("Inactive(file)");
  const kernels = free !== null && active !== null && inactive !== null ? free + active + inactive : null;
  if (available === null) return kernels;
  return kernels === null ? available : Math.min(available, kernels);
}
function effectiveDirtyBudget(s, dirtyable) {
  const of = (bytes2, ratio) => bytes2 > 0 ? bytes2 : dirtyable === null ? null : Math.floor(dirtyable * ratio / 100);
  const dirtyBytes = of(s.dirty_bytes, s.dirty_ratio);
  const background = of(s.dirty_background_bytes, s.dirty_background_ratio);
  if (dirtyBytes === null || background === null) return null;
  return { dirtyBytes, backgroundBytes: background >= dirtyBytes ? Math.floor(dirtyBytes / 2) : background };
}
function holdsTarget(current, target) {
  return current.dirtyBytes >= target.dirtyBytes && current.backgroundBytes >= target.backgroundBytes;
}
function raisedDirtyLimits(target, current) {
  const dirtyBytes = current && current.dirtyBytes >= target.dirtyBytes ? null : target.dirtyBytes;
  const limit = dirtyBytes ?? current?.dirtyBytes ?? target.dirtyBytes;
  const backgroundBytes = current && current.backgroundBytes >= target.backgroundBytes ? null : Math.min(target.backgroundBytes, Math.floor(limit / 2));
  return { dirtyBytes, backgroundBytes };
}

// src/experiment/workflow-steps.ts
var FIX_PLACEMENT = "Add this step before the restore step (this action, or actions/cache).";
var HIDES = "Placed after the restore step, the mounts would hide the files it just restored (the job would see empty directories, and the restored files would stay on the slow disk).";
function tmpfsSize(extractedBytes) {
  return `${Math.max(1, Math.ceil(extractedBytes * 1.5 / 1024 ** 3))}G`;
}
function dirtyBytesFor(extractedBytes) {
  const dirtyBytes = Math.ceil(extractedBytes * 2 / (64 * MiB)) * 64 * MiB;
  return { dirtyBytes, backgroundBytes: dirtyBytes / 2 };
}
function normal(p) {
  const n = path.posix.normalize(p.replace(/\\/g, "/"));
  return n.length > 1 ? n.replace(/\/$/, "") : n;
}
function mountedPaths(paths) {
  const unique = [...new Set(paths.map(normal))];
  return unique.filter((p) => !unique.some((o) => o !== p && (o === "." || p.startsWith(`${o}/`))));
}
function shellPath(p) {
  if (p === "~" || p.startsWith("~/")) return `"$HOME${p.slice(1).replace(/(["\\$`])/g, "\\$1")}"`;
  return /^[\w./@+-]+$/.test(p) ? p : `'${p.replace(/'/g, `'\\''`)}'`;
}
function step(name, lines) {
  return [`- name: ${name}`, "  run: |", ...lines.map((l) => `    ${l}`)].join("\n");
}
function otherDiskRoot(mountPoint) {
  return `${mountPoint === "/" || !mountPoint ? "" : mountPoint}/cache-restore`;
}
function noStep(note) {
  return { kind: "none", yaml: null, placement: null, misplaced: null, note, paths: [] };
}
function ramStep(c) {
  if (c.ramVia === "shm")
    return noStep(
      "Measured in /dev/shm, since mounting a tmpfs needs root or passwordless sudo, which this runner lacks: it shows what taking the disk out saves, but no step here can mount one."
    );
  const mounted = mountedPaths(c.paths);
  const quoted = mounted.map(shellPath);
  const size = tmpfsSize(c.extractedBytes);
  return {
    kind: "step",
    yaml: step("RAM disks for the cache paths", [
      `mkdir -p ${quoted.join(" ")}`,
      ...quoted.map((p) => `sudo mount -t tmpfs -o size=${size},uid=$(id -u),gid=$(id -g) tmpfs ${p}`)
    ]),
    placement: FIX_PLACEMENT,
    misplaced: HIDES,
    note: `The restored files (${bytes(c.extractedBytes)}) use memory for the rest of the job; anything already at ${mounted.length === 1 ? "this path" : "these paths"} is hidden while mounted.`,
    paths: mounted
  };
}
function otherDiskStep(c) {
  const mounted = mountedPaths(c.paths);
  const quoted = mounted.map(shellPath);
  const root = otherDiskRoot(c.mountPoint);
  const sources = mounted.map((_, i) => `${root}/${i + 1}`);
  return {
    kind: "step",
    yaml: step(`Cache paths on ${c.mountPoint ?? "another disk"}`, [
      `sudo mkdir -p ${root}`,
      `sudo chown $(id -u):$(id -g) ${root}`,
      `mkdir -p ${[...sources, ...quoted].join(" ")}`,
      ...quoted.map((p, i) => `sudo mount --bind ${sources[i]} ${p}`)
    ]),
    placement: FIX_PLACEMENT,
    misplaced: HIDES,
    note: `Bind mounts, not symlinks: tar replaces a symlink where the archive holds a directory, which would put the files back on the slow disk. The files take ${bytes(c.extractedBytes)} on ${c.mountPoint ?? "that disk"}.`,
    paths: mounted
  };
}
function pageCacheStep(c) {
  const d = raisedDirtyLimits(dirtyBytesFor(c.extractedBytes), c.dirtyBudget ?? null);
  const set = [
    d.dirtyBytes === null ? "" : `vm.dirty_bytes=${d.dirtyBytes}`,
    d.backgroundBytes === null ? "" : `vm.dirty_background_bytes=${d.backgroundBytes}`
  ].filter(Boolean);
  if (set.length === 0) return noStep("Nothing to paste: the page cache already holds the restore.");
  return {
    kind: "step",
    yaml: step("Let the page cache hold the restore", [`sudo sysctl -w ${set.join(" ")}`]),
    placement: FIX_PLACEMENT,
    misplaced: "Placed after the restore step it changes nothing for the restore.",
    note: `Up to ${bytes(d.dirtyBytes ?? d.backgroundBytes ?? 0)} of the restore waits in memory: the disk still writes it afterwards, during later steps. The setting holds for the machine until set back.`,
    // Machine-wide: it covers every restore path without naming one.
    paths: []
  };
}

// src/experiment/availability-rules.ts
var ROOM_FACTOR = 1.2;
var ROOM_MARGIN_BYTES = 64 * MiB;
var RAM_SHARE = 0.5;
function neededBytes(extractedBytes) {
  return Math.ceil(extractedBytes * ROOM_FACTOR) + ROOM_MARGIN_BYTES;
}
function hasRoom(fs, need) {
  return fs.freeBytes === null || fs.freeBytes >= need;
}
function availableMemoryWords(f) {
  const cg = f.cgroupMemory;
  const whose = cg ? `: the room left under this job's cgroup memory limit of ${bytes(cg.limitBytes)}` : "";
  return `the available memory (${bytes(f.memAvailableBytes ?? 0)}${whose})`;
}
function noPermission(alternative, mountPoint, operation, grant, what) {
  return {
    alternative,
    mountPoint,
    reason: "no-permission",
    detail: `${what}, and ${grant.reason ?? `${operation} is not allowed here`}`,
    permission: { operation, lacks: grant.lacks }
  };
}
var run = (target) => ({ targets: [target], skipped: [] });
var skip = (s) => ({ targets: [], skipped: [s] });
function baselineRule({ facts, needBytes }) {
  if (hasRoom(facts.restoreFs, needBytes)) return run({ alternative: "baseline", mountPoint: facts.restoreFs.mountPoint });
  const detail = `the restore path's file system (${facts.restoreFs.mountPoint}) has ${bytes(facts.restoreFs.freeBytes ?? 0)} free; a second copy of the restore needs ${bytes(needBytes)}`;
  return skip({ alternative: "baseline", mountPoint: facts.restoreFs.mountPoint, reason: "no-room", detail });
}
function decompressRule() {
  return run({ alternative: "decompress", mountPoint: null });
}
function ramRule({ facts: f, needBytes: need }) {
  const ramNeed = Math.max(need + f.archiveInRamBytes, neededBytes(f.extractedBytes));
  const cap = f.memAvailableBytes === null ? null : f.memAvailableBytes * RAM_SHARE;
  const mount = f.privileges.mount;
  if (cap !== null && ramNeed > cap)
    return skip({
      alternative: "ram",
      mountPoint: null,
      reason: "no-room",
      detail: `the restore (${bytes(ramNeed)} with slack${f.archiveInRamBytes ? " and the archive" : ""}) does not fit in ${Math.round(RAM_SHARE * 100)}% of ${availableMemoryWords(f)}`
    });
  if (mount.via !== "none") return { ...run({ alternative: "ram", mountPoint: null }), ramVia: "own-tmpfs" };
  if (f.shm && hasRoom(f.shm, need)) return { ...run({ alternative: "ram", mountPoint: f.shm.mountPoint }), ramVia: "shm" };
  if (f.shm)
    return skip({
      alternative: "ram",
      mountPoint: f.shm.mountPoint,
      reason: "no-room",
      detail: `${f.shm.mountPoint} has ${bytes(f.shm.freeBytes ?? 0)} free, the restore needs ${bytes(need)}; a tmpfs of its own cannot be mounted: ${mount.reason}`
    });
  return skip(noPermission("ram", null, "mount", mount, "there is no /dev/shm tmpfs to extract into"));
}
function otherDiskRule({ facts: f, needBytes: need }) {
  if (f.otherDisks.length === 0)
    return skip({
      alternative: "other-disk",
      mountPoint: null,
      reason: "no-such-file-system",
      detail: `no other local, block-backed, writable file system is mounted (of ${f.otherMountsSeen} other mounts)`
    });
  if (f.privileges.mount.via === "none") {
    const disks = f.otherDisks.map((d) => d.mountPoint).join(", ");
    return skip(noPermission("other-disk", null, "mount", f.privileges.mount, `each restore path is bind-mounted from the other disk (${disks})`));
  }
  const out = { targets: [], skipped: [] };
  for (const disk of f.otherDisks) {
    if (!hasRoom(disk, need))
      out.skipped.push({
        alternative: "other-disk",
        mountPoint: disk.mountPoint,
        reason: "no-room",
        detail: `${disk.mountPoint} (${disk.fsType}) has ${bytes(disk.freeBytes ?? 0)} free, the restore needs ${bytes(need)}`
      });
    else if (disk.writable === false && f.privileges.files.via === "none")
      out.skipped.push(noPermission("other-disk", disk.mountPoint, "files", f.privileges.files, `this user cannot make a directory in ${disk.mountPoint}`));
    else out.targets.push({ alternative: "other-disk", mountPoint: disk.mountPoint });
  }
  return out;
}
function pageCacheRule({ facts: f }) {
  const cap = f.memAvailableBytes === null ? null : f.memAvailableBytes * RAM_SHARE;
  if (!f.dirtySysctlsReadable)
    return skip({ alternative: "page-cache", mountPoint: null, reason: "no-such-file-system", detail: "there is no /proc/sys/vm/dirty_* here to raise" });
  if (f.privileges.sysctl.via === "none")
    return skip(noPermission("page-cache", null, "sysctl", f.privileges.sysctl, "the page-cache experiment raises vm.dirty_bytes"));
  if (cap === null || f.extractedBytes > cap)
    return skip({
      alternative: "page-cache",
      mountPoint: null,
      reason: "no-room",
      detail: cap === null ? "the available memory is unknown (no /proc/meminfo)" : `the restore (${bytes(f.extractedBytes)}) does not fit in ${Math.round(RAM_SHARE * 100)}% of ${availableMemoryWords(f)}`
    });
  if (f.dirtyBudget && holdsTarget(f.dirtyBudget, dirtyBytesFor(f.extractedBytes)))
    return skip({
      alternative: "page-cache",
      mountPoint: null,
      reason: "already-fits",
      detail: `the page cache already holds the restore: vm.dirty_* allow ${bytes(f.dirtyBudget.dirtyBytes)} (background writeback from ${bytes(f.dirtyBudget.backgroundBytes)}), the restore is ${bytes(f.extractedBytes)}; raising them changes nothing here`
    });
  if (f.runBytes < f.extractedBytes)
    return skip({
      alternative: "page-cache",
      mountPoint: null,
      reason: "not-on-a-sample",
      detail: f.dirtyBudget ? `the restore (${bytes(f.extractedBytes)}) is more than vm.dirty_* hold (${bytes(f.dirtyBudget.dirtyBytes)}), which a sample of ${bytes(f.runBytes)} does not feel: raising them is measured only where full runs fit the budget` : `the vm.dirty_* limits in force are unknown, and a sample of ${bytes(f.runBytes)} of the restore (${bytes(f.extractedBytes)}) may not feel them: raising them is measured only where full runs fit the budget`
    });
  return run({ alternative: "page-cache", mountPoint: f.restoreFs.mountPoint });
}

// src/experiment/alternatives.ts
var FIX_MIN_SAVING_SHARE = WORTH_CHANGING.savingShare;
var RUNS_WANTED = 2;

// src/experiment/run-estimates.ts
var CLEANUP_SHARE = 0.3;
var untilOnDiskEstimateMs = (m) => m.extractMs + m.writebackMs + m.extractMs * CLEANUP_SHARE;

// src/experiment/descriptors.ts
var DESCRIPTORS = {
  baseline: {
    runOrder: 0,
    relieves: [],
    isFix: false,
    compares: "until-on-disk",
    mountsRestorePaths: false,
    estimateRunMs: untilOnDiskEstimateMs,
    available: baselineRule,
    fix: () => noStep("The restore as it is."),
    words: { label: "baseline: the extraction as the restore ran it", title: "the restore as it is", changes: "" }
  },
  decompress: {
    runOrder: 1,
    relieves: ["cpu"],
    isFix: false,
    compares: "until-on-disk",
    mountsRestorePaths: false,
    // Nothing written: the extraction's time is its ceiling.
    estimateRunMs: (m) => m.extractMs,
    available: decompressRule,
    fix: () => noStep(
      "A floor, not a fix: decompression alone (the archive read through the same tar, nothing written); only a faster CPU or a smaller archive goes below it."
    ),
    words: { label: "decompress: to /dev/null (the floor)", title: "Decompression alone", changes: "" }
  },
  ram: {
    runOrder: 2,
    relieves: ["disk-bandwidth", "disk-iops", "cpu"],
    isFix: true,
    compares: "until-on-disk",
    mountsRestorePaths: true,
    // The disk taken out: at most the extraction as measured (which included the disk's stalls).
    estimateRunMs: (m) => m.extractMs * (1 + CLEANUP_SHARE),
    available: ramRule,
    fix: ramStep,
    words: { label: "ram: into a tmpfs (the disk taken out)", title: "Restore into a RAM disk", changes: "a tmpfs on each restore path" }
  },
  "page-cache": {
    runOrder: 3,
    relieves: ["disk-bandwidth", "disk-iops"],
    isFix: true,
    compares: "step",
    mountsRestorePaths: false,
    estimateRunMs: untilOnDiskEstimateMs,
    available: pageCacheRule,
    fix: pageCacheStep,
    words: {
      label: "page-cache: vm.dirty_bytes raised to fit",
      title: "Let the page cache absorb the restore",
      changes: "let the page cache absorb the restore"
    }
  },
  "other-disk": {
    runOrder: 4,
    relieves: ["disk-bandwidth", "disk-iops"],
    isFix: true,
    compares: "until-on-disk",
    mountsRestorePaths: true,
    estimateRunMs: untilOnDiskEstimateMs,
    available: otherDiskRule,
    fix: otherDiskStep,
    words: { label: "other-disk", title: "Restore onto another disk", changes: "each restore path bind-mounted from the other disk" }
  }
};
var UnknownAlternativeError = class extends ProfilerError {
  constructor(given) {
    super(`Unknown experiment alternative ${JSON.stringify(given)}.`, `Allowed: ${ALTERNATIVES.join(", ")}.`);
    this.given = given;
  }
  given;
};
function descriptorOf(name) {
  if (!Object.hasOwn(DESCRIPTORS, name)) throw new UnknownAlternativeError(name);
  return DESCRIPTORS[name];
}
var RUN_ORDER = [...ALTERNATIVES].sort((a, b) => DESCRIPTORS[a].runOrder - DESCRIPTORS[b].runOrder);
function schemaRank(name) {
  descriptorOf(name);
  return ALTERNATIVES.indexOf(name);
}

// src/experiment/same-target.ts
var sameTarget = (a, b) => a.alternative === b.alternative && a.mountPoint === b.mountPoint;
var runsOfTarget = (runs, target) => runs.filter((r) => sameTarget(r, target));

// src/experiment/fix-step.ts
function workflowFix(alternative, c) {
  return descriptorOf(alternative).fix(c);
}
function applyLine(alternative, fix) {
  if (fix.kind === "none" || !fix.yaml) return fix.note ?? "";
  const commands = fix.yaml.split("\n").filter((l) => l.startsWith("    ")).map((l) => l.trim());
  return `${descriptorOf(alternative).words.changes}, in a step before the restore step: \`${commands.join(" && ")}\``;
}

export {
  dirtyableBytes,
  effectiveDirtyBudget,
  raisedDirtyLimits,
  FIX_PLACEMENT,
  tmpfsSize,
  dirtyBytesFor,
  mountedPaths,
  RAM_SHARE,
  neededBytes,
  CLEANUP_SHARE,
  UnknownAlternativeError,
  descriptorOf,
  schemaRank,
  FIX_MIN_SAVING_SHARE,
  RUNS_WANTED,
  workflowFix,
  applyLine,
  sameTarget,
  runsOfTarget
};
