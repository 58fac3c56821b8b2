import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  ensureDirectory
} from "./chunk-4NJHFO4N.js";
import {
  errorMessage
} from "./chunk-76DRRFYG.js";

// src/system/compile-cache.ts
import module from "node:module";
import path from "node:path";
var COMPILE_CACHE_DIR_NAME = "disk-profiler-compile-cache";
var nodeEnable = module.enableCompileCache;
function enableJobCompileCache(env = process.env, enable = nodeEnable) {
  if (!enable) return { skipped: `Node ${process.version} has no compile cache` };
  const temp = env.RUNNER_TEMP;
  if (!temp) return { skipped: "RUNNER_TEMP is not set" };
  const dir = path.join(temp, COMPILE_CACHE_DIR_NAME);
  const unsafe = ensureDirectory(dir, 448, "private");
  if (unsafe) return { skipped: unsafe };
  try {
    enable(dir);
    return { dir };
  } catch (error) {
    return { skipped: errorMessage(error) };
  }
}

export {
  enableJobCompileCache
};
