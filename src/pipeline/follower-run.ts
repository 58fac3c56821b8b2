/**
 * The follower's process (dist/main.js --follow-writeback, started by pipeline/follower.ts): samples the
 * kernel's counters while syncfs of the restore's file systems runs, bounded by the request's deadline,
 * writes the result and exits. It never outlives its deadline by more than the time to write the file.
 */
import { Sampler } from '../sample/sampler.js';
import { syncFileSystems } from '../sample/syncfs.js';
import { FOLLOW_REQUEST_ENV, type FollowRequest, profileTimeMs, writeFollowResult } from './follower.js';
import { performance } from 'node:perf_hooks';

export async function follow(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const raw = env[FOLLOW_REQUEST_ENV];
  if (!raw) throw new Error(`${FOLLOW_REQUEST_ENV} is not set: the follower is started by the action's main step only`);
  const request = JSON.parse(raw) as FollowRequest;
  // The sampler's origin in this process's performance.now(), so its tMs is on the profile's timeline.
  const originMs = performance.now() - profileTimeMs(request.originEpochMs);
  const sampler = new Sampler({
    intervalMs: request.intervalMs,
    devices: request.devices,
    originMs,
    procRoot: request.procRoot,
    cgroupCpu: request.cgroupCpu,
  });
  sampler.start();
  // The post step sends SIGTERM when it begins before the tail has ended: what was seen so far is the result.
  const stop = new AbortController();
  let stoppedByPost = false;
  process.once('SIGTERM', () => {
    stoppedByPost = true;
    stop.abort();
  });
  const syncs = await syncFileSystems(request.fileSystems, request.deadlineMs, stop.signal);
  const end = sampler.snapshot();
  const series = sampler.stop();
  writeFollowResult(request.resultFile, { syncs, end, snapshots: series.snapshots.filter((s) => s !== end), ...(stoppedByPost ? { stoppedByPost } : {}) });
  // Its syncfs children are left to finish on their own; the post step ends the group once it has the result.
}
