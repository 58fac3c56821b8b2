import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  PRIVILEGED_OPERATIONS
} from "./chunk-SGXIA4GN.js";

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
function inForce(saved, [bytes, ratio]) {
  return saved[bytes] > 0 ? [bytes, saved[bytes]] : [ratio, saved[ratio]];
}
var writeAsRoot = (name, value) => writeText(sysctlPath(name), String(value));
function restoreDirtySettings(saved, write = writeAsRoot) {
  for (const pair of DIRTY_PAIRS) write(...inForce(saved, pair));
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

export {
  run,
  readText,
  writeText,
  readLines,
  commandAvailable,
  DIRTY_SYSCTLS,
  sysctlPath,
  readDirtySettings,
  DIRTY_PAIRS,
  inForce,
  lowerDirtyLimits,
  processIds,
  isRoot,
  detectPrivileges,
  runPrivileged
};
