import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  syncFileSystems
} from "./chunk-YGMIUWXV.js";
import {
  Sampler
} from "./chunk-IRNB227S.js";
import "./chunk-I4M43YYT.js";
import "./chunk-RED6WLUR.js";
import {
  FOLLOW_REQUEST_ENV,
  profileTimeMs,
  writeFollowResult
} from "./chunk-5KNF22FP.js";
import "./chunk-OADOZV3O.js";
import "./chunk-KMPHW5Q6.js";
import "./chunk-5XWL5JNG.js";

// src/pipeline/follower-run.ts
import { performance } from "node:perf_hooks";
async function follow(env = process.env) {
  const raw = env[FOLLOW_REQUEST_ENV];
  if (!raw) throw new Error(`${FOLLOW_REQUEST_ENV} is not set: the follower is started by the action's main step only`);
  const request = JSON.parse(raw);
  const originMs = performance.now() - profileTimeMs(request.originEpochMs);
  const sampler = new Sampler({
    intervalMs: request.intervalMs,
    devices: request.devices,
    originMs,
    procRoot: request.procRoot,
    cgroupCpu: request.cgroupCpu
  });
  sampler.start();
  const stop = new AbortController();
  let stoppedByPost = false;
  process.once("SIGTERM", () => {
    stoppedByPost = true;
    stop.abort();
  });
  const syncs = await syncFileSystems(request.fileSystems, request.deadlineMs, stop.signal);
  const end = sampler.snapshot();
  const series = sampler.stop();
  writeFollowResult(request.resultFile, { syncs, end, snapshots: series.snapshots.filter((s) => s !== end), ...stoppedByPost ? { stoppedByPost } : {} });
}
export {
  follow
};
