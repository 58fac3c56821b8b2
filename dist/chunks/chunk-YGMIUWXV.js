import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  nearestExisting
} from "./chunk-KMPHW5Q6.js";

// src/sample/syncfs.ts
import { spawn } from "node:child_process";
import { statSync } from "node:fs";
import { performance } from "node:perf_hooks";
function syncFileSystems(paths, maxMs, stop) {
  return Promise.all(paths.map((p) => syncOne(p, maxMs, stop)));
}
function syncOne(mountPoint, maxMs, stop) {
  const startedMs = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (returned) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ mountPoint, durationMs: performance.now() - startedMs, returned });
    };
    const timer = setTimeout(() => done(false), maxMs);
    if (stop?.aborted) return done(false);
    stop?.addEventListener("abort", () => done(false), { once: true });
    try {
      const child = spawn("sync", ["-f", mountPoint], { stdio: "ignore" });
      child.on("error", () => done(false));
      child.on("exit", (code) => done(code === 0));
      child.unref();
    } catch {
      done(false);
    }
  });
}
function distinctFileSystems(paths) {
  const byDevice = /* @__PURE__ */ new Map();
  for (const p of paths) {
    const existing = nearestExisting(p);
    try {
      const dev = statSync(existing).dev;
      if (!byDevice.has(dev)) byDevice.set(dev, existing);
    } catch {
    }
  }
  return [...byDevice.values()];
}

export {
  syncFileSystems,
  distinctFileSystems
};
