import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  DIRTY_PAIRS,
  inForce,
  processIds,
  readDirtySettings,
  runPrivileged,
  sysctlPath,
  writeText
} from "./chunk-IDQY3AUZ.js";
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

// src/experiment/owned-dirs.ts
import { execFileSync } from "node:child_process";
import fs2 from "node:fs";

// src/util/owned-dir.ts
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
var RANDOM_BYTES = 6;
var RANDOM_HEX = `[0-9a-f]{${RANDOM_BYTES * 2}}`;
var RECORDED_BEFORE_MADE_SUFFIX = new RegExp(`^${RANDOM_HEX}$`);
var ownedSuffixes = (...earlier) => new RegExp(`^(?:${[RANDOM_HEX, ...earlier].join("|")})$`);
function ownedDirName(parent, prefix) {
  return path.join(parent, `${prefix}${randomBytes(RANDOM_BYTES).toString("hex")}`);
}
function writeOwnerMarker(dir, markerName) {
  fs.writeFileSync(path.join(dir, markerName), `${JSON.stringify({ tool: "disk-profiler", pid: process.pid, createdAt: (/* @__PURE__ */ new Date()).toISOString() })}
`, {
    flag: "wx"
  });
}
function madeButUnmarked(dir, prefix) {
  const name = path.basename(dir);
  if (!name.startsWith(prefix) || !RECORDED_BEFORE_MADE_SUFFIX.test(name.slice(prefix.length))) return false;
  try {
    const stat = fs.lstatSync(dir);
    return stat.isDirectory() && stat.uid === process.getuid?.() && fs.readdirSync(dir).length === 0;
  } catch {
    return false;
  }
}
function notOwnedReason(dir, prefix, markerName, markerUid) {
  if (!path.basename(dir).startsWith(prefix)) return `name does not start with ${prefix}`;
  let stat;
  try {
    stat = fs.lstatSync(dir);
  } catch {
    return "does not exist";
  }
  if (!stat.isDirectory()) return "not a directory (or a symbolic link)";
  const marker = lstatOrNull(path.join(dir, markerName));
  if (marker === null) return madeButUnmarked(dir, prefix) ? null : `has no ${markerName} marker`;
  if (marker.isFile() && (markerUid === void 0 || marker.uid === markerUid)) return null;
  return markerUid === void 0 ? `has no ${markerName} marker` : `its ${markerName} marker is not a file of uid ${markerUid}`;
}
function lstatOrNull(file) {
  try {
    return fs.lstatSync(file);
  } catch {
    return null;
  }
}

// src/experiment/owned-dirs.ts
var EXPERIMENT_DIR_PREFIX = ".disk-profiler-exp-";
var EXPERIMENT_MARKER = ".disk-profiler-experiment";
var MAKE_AND_HAND_OVER = 'mkdir -m 700 -- "$1" && chown -h -- "$2" "$1"';
function createOwnedDir(parent, privileges, record = () => {
}) {
  const dir = ownedDirName(parent, EXPERIMENT_DIR_PREFIX);
  record(dir);
  try {
    fs2.mkdirSync(dir, { mode: 448 });
  } catch (error) {
    if (privileges.files.via !== "sudo" || error.code !== "EACCES") throw error;
    const { uid, gid } = processIds();
    runPrivileged(privileges.files, "sh", ["-c", MAKE_AND_HAND_OVER, "sh", dir, `${uid}:${gid}`]);
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
      execFileSync("chmod", ["-R", "u+rwX", dir], { stdio: "ignore" });
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
  ownedSuffixes,
  ownedDirName,
  writeOwnerMarker,
  notOwnedReason,
  lstatOrNull,
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
