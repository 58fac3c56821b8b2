import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  errorMessage
} from "./chunk-76DRRFYG.js";

// src/system/compile-cache.ts
import { lstatSync, mkdirSync } from "node:fs";
import module from "node:module";
import path from "node:path";
var COMPILE_CACHE_DIR_NAME = "disk-profiler-compile-cache";
var nodeEnable = module.enableCompileCache;
function enableJobCompileCache(env = process.env, enable = nodeEnable) {
  if (!enable) return { skipped: `Node ${process.version} has no compile cache` };
  const temp = env.RUNNER_TEMP;
  if (!temp) return { skipped: "RUNNER_TEMP is not set" };
  const dir = path.join(temp, COMPILE_CACHE_DIR_NAME);
  try {
    ownedPrivateDirectory(dir);
    enable(dir);
    return { dir };
  } catch (error) {
    return { skipped: errorMessage(error) };
  }
}
function ownedPrivateDirectory(dir) {
  try {
    mkdirSync(dir, { mode: 448 });
    return;
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
  }
  const st = lstatSync(dir);
  if (!st.isDirectory()) throw new Error(`${dir} is not a directory of its own (a symlink or a file)`);
  const uid = process.getuid?.();
  if (uid !== void 0 && st.uid !== uid) throw new Error(`${dir} belongs to uid ${st.uid}, not this process's ${uid}`);
  if ((st.mode & 18) !== 0) throw new Error(`${dir} can be written by others (mode ${(st.mode & 511).toString(8)})`);
}

export {
  enableJobCompileCache
};
