import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  PRIVILEGED_OPERATIONS
} from "./chunk-UXKIUSAI.js";
import {
  errorMessage
} from "./chunk-76DRRFYG.js";
import {
  parseMountinfo,
  unescapeMountField
} from "./chunk-KMPHW5Q6.js";
import {
  bytes
} from "./chunk-QNSZTROI.js";

// src/system/privilege.ts
import { execFileSync as execFileSync2 } from "node:child_process";
import { accessSync, constants, readFileSync as readFileSync2 } from "node:fs";

// src/system/sys.ts
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
function run(command, args) {
  return execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}
function readText(file) {
  return readFileSync(file, "utf8").trim();
}
function writeText(file, value) {
  writeFileSync(file, `${value}
`);
}
function readLines(file) {
  try {
    return readText(file).split("\n").filter((l) => l.trim() !== "");
  } catch {
    return [];
  }
}
function commandAvailable(command) {
  try {
    execFileSync("sh", ["-c", 'command -v "$1"', "sh", command], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

// src/system/dirty-limits.ts
var DIRTY_SYSCTLS = ["dirty_bytes", "dirty_background_bytes", "dirty_ratio", "dirty_background_ratio"];
var sysctlPath = (name) => `/proc/sys/vm/${name}`;
function readDirtySettings() {
  const out = {};
  for (const name of DIRTY_SYSCTLS) out[name] = Number(readText(sysctlPath(name)));
  return out;
}
var DIRTY_PAIRS = [
  ["dirty_background_bytes", "dirty_background_ratio"],
  ["dirty_bytes", "dirty_ratio"]
];
function inForce(saved, [bytes2, ratio]) {
  return saved[bytes2] > 0 ? [bytes2, saved[bytes2]] : [ratio, saved[ratio]];
}
var writeAsRoot = (name, value) => writeText(sysctlPath(name), String(value));
function restoreDirtySettings(saved, write2 = writeAsRoot) {
  for (const pair of DIRTY_PAIRS) write2(...inForce(saved, pair));
}
function lowerDirtyLimits(cleanup, limits) {
  const saved = readDirtySettings();
  cleanup.push("restore vm.dirty_*", () => restoreDirtySettings(saved));
  writeText(sysctlPath("dirty_background_bytes"), String(limits.backgroundBytes));
  writeText(sysctlPath("dirty_bytes"), String(limits.dirtyBytes));
}

// src/system/privilege.ts
var CAP_CHOWN = 0;
var CAP_DAC_OVERRIDE = 1;
var CAP_FOWNER = 3;
var CAP_SYS_ADMIN = 21;
var FILE_CAPS = [CAP_CHOWN, CAP_DAC_OVERRIDE, CAP_FOWNER];
var SYSCTL_FILES = DIRTY_SYSCTLS.map(sysctlPath);
var SUDO_PROBE_TIMEOUT_MS = 1e4;
function processIds() {
  return { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
}
var isRoot = processIds().uid === 0;
function parseStatus(text) {
  const uid = /^Uid:\s+\d+\s+(\d+)/m.exec(text)?.[1];
  const cap = /^CapEff:\s+([0-9a-fA-F]+)/m.exec(text)?.[1];
  return { uid: uid === void 0 ? null : Number(uid), capEff: cap === void 0 ? null : BigInt(`0x${cap}`) };
}
function accessOf(files) {
  const out = {};
  for (const file of files) {
    try {
      accessSync(file, constants.W_OK);
      out[file] = null;
    } catch (error) {
      out[file] = error.code ?? "EACCES";
    }
  }
  return out;
}
function readSelf() {
  let status = { uid: null, capEff: null };
  try {
    status = parseStatus(readFileSync2("/proc/self/status", "utf8"));
  } catch {
  }
  return { uid: status.uid ?? processIds().uid, capEff: status.capEff, sysctlAccess: accessOf(SYSCTL_FILES) };
}
var SUDO_PROBE_SCRIPT = `const fs = require('fs');
const access = {};
for (const f of process.argv.slice(1)) { try { fs.accessSync(f, fs.constants.W_OK); access[f] = null; } catch (e) { access[f] = e.code || 'EACCES'; } }
let status = '';
try { status = fs.readFileSync('/proc/self/status', 'utf8'); } catch {}
process.stdout.write(JSON.stringify({ status, access }));`;
function sudoProbeCommand(nodePath = process.execPath) {
  return { command: "sudo", args: ["-n", nodePath, "-e", SUDO_PROBE_SCRIPT, ...SYSCTL_FILES] };
}
function readViaSudo() {
  const { command, args } = sudoProbeCommand();
  try {
    const out = execFileSync2(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: SUDO_PROBE_TIMEOUT_MS });
    const parsed = JSON.parse(out);
    const status = parseStatus(parsed.status);
    return { uid: status.uid ?? 0, capEff: status.capEff, sysctlAccess: parsed.access };
  } catch (error) {
    const e = error;
    if (e.code === "ENOENT") return { unavailable: "sudo is not installed" };
    const said = String(e.stderr ?? "").trim().split("\n").pop();
    return { unavailable: said || e.message };
  }
}
function readPrivilegeFacts() {
  const self = readSelf();
  const complete = PRIVILEGED_OPERATIONS.every((op) => directLacks(op, self).length === 0);
  return { self, sudo: complete ? null : readViaSudo() };
}
var has = (caps, bit) => caps === null || (caps >> BigInt(bit) & 1n) === 1n;
function directLacks(op, p) {
  switch (op) {
    case "mount":
      return p.uid !== 0 ? ["not-root"] : has(p.capEff, CAP_SYS_ADMIN) ? [] : ["cap-sys-admin"];
    case "files":
    case "install":
      return p.uid !== 0 ? ["not-root"] : FILE_CAPS.every((bit) => has(p.capEff, bit)) ? [] : ["cap-files"];
    case "sysctl": {
      const errors = Object.values(p.sysctlAccess).filter((e) => e !== null);
      if (errors.length === 0 && Object.keys(p.sysctlAccess).length > 0) return [];
      if (errors.includes("EROFS")) return ["sysctl-read-only"];
      return p.uid !== 0 ? ["not-root"] : ["sysctl-not-writable"];
    }
  }
}
var NEEDS = {
  mount: "mounting (a tmpfs, a bind mount) needs CAP_SYS_ADMIN",
  sysctl: "writing vm.dirty_* needs a writable /proc/sys",
  files: "making a directory where this user cannot write, or removing a read-only tree, needs root",
  install: "installing a package needs root"
};
function lackSentence(lack, p, who) {
  const failing = Object.entries(p.sysctlAccess).filter(([, e]) => e !== null);
  const files = failing.length === 0 ? "the vm.dirty_* files" : `${failing[0]?.[0]}: ${failing[0]?.[1]}${failing.length > 1 ? ` and ${failing.length - 1} more` : ""}`;
  switch (lack) {
    case "not-root":
      return `${who} runs as uid ${p.uid}, not root`;
    case "cap-sys-admin":
      return `${who} is uid 0 without CAP_SYS_ADMIN in its effective capabilities (as a container job is)`;
    case "cap-files":
      return `${who} is uid 0 without CAP_CHOWN, CAP_DAC_OVERRIDE and CAP_FOWNER in its effective capabilities`;
    case "sysctl-read-only":
      return `/proc/sys is mounted read-only for ${who} (${files}), as in a container job`;
    case "sysctl-not-writable":
      return `${who} cannot write ${files}`;
    case "no-sudo":
      return "there is no passwordless sudo";
  }
}
function decideOne(op, facts) {
  const own = directLacks(op, facts.self);
  if (own.length === 0) return { via: "root", lacks: [], reason: null };
  const sudo = facts.sudo;
  const why = own.map((l) => lackSentence(l, facts.self, "this process")).join("; ");
  if (sudo === null || "unavailable" in sudo) {
    return {
      via: "none",
      lacks: [...own, "no-sudo"],
      reason: `${NEEDS[op]}: ${why}, and there is no passwordless sudo${sudo ? ` (${sudo.unavailable})` : ""}`
    };
  }
  const viaSudo = directLacks(op, sudo);
  if (viaSudo.length === 0) return { via: "sudo", lacks: own, reason: null };
  const same = viaSudo.every((l) => own.includes(l));
  const sudoWhy = same ? "sudo does not lift it (the process it starts is held the same way)" : `through sudo, ${viaSudo.map((l) => lackSentence(l, sudo, "the process sudo starts")).join("; ")}`;
  return { via: "none", lacks: [.../* @__PURE__ */ new Set([...own, ...viaSudo])], reason: `${NEEDS[op]}: ${why}, and ${sudoWhy}` };
}
function decidePrivileges(facts) {
  return Object.fromEntries(PRIVILEGED_OPERATIONS.map((op) => [op, decideOne(op, facts)]));
}
var remembered = null;
function detectPrivileges() {
  remembered ??= decidePrivileges(readPrivilegeFacts());
  return remembered;
}
function runPrivileged(grant, program, args) {
  if (grant.via === "none") throw new Error(grant.reason ?? `${program} needs root or passwordless sudo`);
  const [cmd, argv] = grant.via === "root" ? [program, args] : ["sudo", ["-n", program, ...args]];
  return execFileSync2(cmd, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

// src/experiment/owned-dirs.ts
import { execFileSync as execFileSync3 } from "node:child_process";
import fs2 from "node:fs";
import path2 from "node:path";

// src/util/owned-dir.ts
import fs from "node:fs";
import path from "node:path";
function writeOwnerMarker(dir, markerName) {
  fs.writeFileSync(path.join(dir, markerName), `${JSON.stringify({ tool: "disk-profiler", pid: process.pid, createdAt: (/* @__PURE__ */ new Date()).toISOString() })}
`, {
    flag: "wx"
  });
}
function notOwnedReason(dir, prefix, markerName) {
  if (!path.basename(dir).startsWith(prefix)) return `name does not start with ${prefix}`;
  let stat;
  try {
    stat = fs.lstatSync(dir);
  } catch {
    return "does not exist";
  }
  if (!stat.isDirectory()) return "not a directory (or a symbolic link)";
  const marker = path.join(dir, markerName);
  if (!fs.existsSync(marker) || !fs.lstatSync(marker).isFile()) return `has no ${markerName} marker`;
  return null;
}

// src/experiment/owned-dirs.ts
var EXPERIMENT_DIR_PREFIX = ".disk-profiler-exp-";
var EXPERIMENT_MARKER = ".disk-profiler-experiment";
function createOwnedDir(parent, privileges) {
  let dir;
  try {
    dir = fs2.mkdtempSync(path2.join(parent, EXPERIMENT_DIR_PREFIX));
  } catch (error) {
    if (privileges.files.via !== "sudo" || error.code !== "EACCES") throw error;
    dir = path2.join(parent, `${EXPERIMENT_DIR_PREFIX}${process.pid}-${Date.now()}`);
    const { uid, gid } = processIds();
    runPrivileged(privileges.files, "mkdir", [dir]);
    runPrivileged(privileges.files, "chown", [`${uid}:${gid}`, dir]);
  }
  writeOwnerMarker(dir, EXPERIMENT_MARKER);
  return dir;
}
function refuseReason(dir) {
  return notOwnedReason(dir, EXPERIMENT_DIR_PREFIX, EXPERIMENT_MARKER);
}
function mountsBelow(dir, mountinfoText) {
  let text = mountinfoText;
  if (text === void 0) {
    try {
      text = fs2.readFileSync("/proc/self/mountinfo", "utf8");
    } catch {
      return [];
    }
  }
  return parseMountinfo(text).map((m) => unescapeMountField(m.mountPoint)).filter((m) => m === dir || m.startsWith(`${dir}/`)).sort((a, b) => b.length - a.length);
}
function unmount(privileges, mountPoint) {
  try {
    runPrivileged(privileges.mount, "umount", [mountPoint]);
  } catch {
    runPrivileged(privileges.mount, "umount", ["-l", mountPoint]);
  }
}
function removeTree(dir, privileges) {
  try {
    fs2.rmSync(dir, { recursive: true, force: true });
  } catch {
    try {
      execFileSync3("chmod", ["-R", "u+rwX", dir], { stdio: "ignore" });
      fs2.rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      if (privileges.files.via === "none") throw error;
      runPrivileged(privileges.files, "rm", ["-rf", "--one-file-system", dir]);
    }
  }
}
function removeOwnedDir(dir, privileges) {
  const reason = refuseReason(dir);
  if (reason === "does not exist") return { dir, removed: false, reason };
  if (reason !== null) return { dir, removed: false, reason };
  try {
    for (const m of mountsBelow(dir)) unmount(privileges, m);
    removeTree(dir, privileges);
    return { dir, removed: true };
  } catch (error) {
    return { dir, removed: false, reason: errorMessage(error) };
  }
}

// src/experiment/dirty.ts
function write(privileges, name, value) {
  if (privileges.sysctl.via === "root") writeText(sysctlPath(name), String(value));
  else runPrivileged(privileges.sysctl, "sysctl", ["-q", "-w", `vm.${name}=${value}`]);
}
var DirtyRaiseError = class extends Error {
  constructor(written, cause) {
    super(`raising vm.dirty_* failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.written = written;
    this.name = "DirtyRaiseError";
  }
  written;
};
function raiseDirtyLimits(privileges, limits) {
  const written = { dirtyBytes: null, backgroundBytes: null };
  try {
    if (limits.dirtyBytes !== null) {
      write(privileges, "dirty_bytes", limits.dirtyBytes);
      written.dirtyBytes = limits.dirtyBytes;
    }
    if (limits.backgroundBytes !== null) {
      write(privileges, "dirty_background_bytes", limits.backgroundBytes);
      written.backgroundBytes = limits.backgroundBytes;
    }
  } catch (error) {
    throw new DirtyRaiseError(written, error);
  }
}
function dirtyChangeFor(saved, limits) {
  return {
    saved,
    set: { dirty_bytes: limits.dirtyBytes ?? saved.dirty_bytes, dirty_background_bytes: limits.backgroundBytes ?? saved.dirty_background_bytes }
  };
}
function describeSetting(s, b, ratio) {
  return s[b] > 0 ? `vm.${b}=${s[b]} (${bytes(s[b])})` : `vm.${ratio}=${s[ratio]} (vm.${b} unset)`;
}
function putBackIfOurs(privileges, change, current = readDirtySettings()) {
  const out = { putBack: [], leftAlone: [] };
  for (const pair of DIRTY_PAIRS) {
    const [b, ratio] = pair;
    if (change.set[b] === change.saved[b]) continue;
    if (current[b] === change.saved[b] && current[ratio] === change.saved[ratio]) continue;
    if (current[b] === change.set[b]) {
      write(privileges, ...inForce(change.saved, pair));
      out.putBack.push(`vm.${b}`);
    } else {
      out.leftAlone.push({
        name: `vm.${b}`,
        ourValue: change.set[b],
        foundValue: current[b],
        found: describeSetting(current, b, ratio),
        before: describeSetting(change.saved, b, ratio)
      });
    }
  }
  return out;
}
function leftAloneSentence(l, whose = "this profile", by = "someone else") {
  const changed = `${l.name} was changed by ${by} while ${whose} had it at ${l.ourValue} (${bytes(l.ourValue)}) for the page-cache experiment`;
  if (l.found === l.before) return `${changed}: it is now ${l.found} again, the value it had before, so nothing needed putting back.`;
  return `${changed}: it is now ${l.found}, so it is left as they set it, not put back to ${l.before}.`;
}
function parseDirtyChange(value) {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value);
    const keys = ["dirty_bytes", "dirty_background_bytes", "dirty_ratio", "dirty_background_ratio"];
    const saved = parsed.saved;
    const set = parsed.set;
    if (!saved || !set || !keys.every((k) => typeof saved[k] === "number")) return null;
    if (typeof set.dirty_bytes !== "number" || typeof set.dirty_background_bytes !== "number") return null;
    return parsed;
  } catch {
    return null;
  }
}

export {
  run,
  readText,
  writeText,
  readLines,
  commandAvailable,
  DIRTY_SYSCTLS,
  readDirtySettings,
  DIRTY_PAIRS,
  inForce,
  lowerDirtyLimits,
  processIds,
  isRoot,
  detectPrivileges,
  runPrivileged,
  writeOwnerMarker,
  notOwnedReason,
  EXPERIMENT_DIR_PREFIX,
  EXPERIMENT_MARKER,
  createOwnedDir,
  mountsBelow,
  unmount,
  removeTree,
  removeOwnedDir,
  DirtyRaiseError,
  raiseDirtyLimits,
  dirtyChangeFor,
  putBackIfOurs,
  leftAloneSentence,
  parseDirtyChange
};
