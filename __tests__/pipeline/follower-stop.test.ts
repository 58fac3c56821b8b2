// A repeat run's post step does not wait for the restore's files to reach the disk (as actions/cache's does not):
// it asks the follower for what it saw (SIGTERM), and the follower stops waiting for syncfs at once and writes
// its result with the syncs it had not seen return, which the post step keeps as a tail cut by it. Run for real:
// the follower's own code, its sync(1) children and the kernel's counters (/proc); the signal is delivered to
// the handler the follower installs, in this process, the moment after its syncfs children start.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { follow } from '../../src/pipeline/follower-run.js';
import { FOLLOW_REQUEST_ENV, type FollowRequest, followedTail, readFollowResult } from '../../src/pipeline/follower.js';
import { syncFileSystems } from '../../src/sample/syncfs.js';
import { notOnDiskSentence } from '../../src/report/say/tail.js';
import type { PhaseRecord, Snapshot } from '../../src/profile/schema.js';

/** The SIGTERM handlers added since `before` (the follower's), called as the signal would: this process's others are left alone. */
function signalAdded(before: readonly NodeJS.SignalsListener[]): void {
  for (const l of process.listeners('SIGTERM')) if (!before.includes(l)) l('SIGTERM');
}

/** Removes the SIGTERM handlers added since `before`. */
function removeAdded(before: readonly NodeJS.SignalsListener[]): void {
  for (const l of process.listeners('SIGTERM')) if (!before.includes(l)) process.off('SIGTERM', l);
}

function request(dir: string): FollowRequest {
  return {
    fileSystems: [dir],
    deadlineMs: 60_000,
    resultFile: path.join(dir, 'follow.json'),
    originEpochMs: Date.now(),
    intervalMs: 100,
    devices: [],
    procRoot: '/proc',
    cgroupCpu: null,
  };
}

describe('the follower asked to stop', () => {
  it('stops waiting for syncfs at once and writes what it saw, marked as cut by the post step', async () => {
    const before = process.listeners('SIGTERM');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'disk-profiler-follower-stop-'));
    try {
      const req = request(dir);
      const running = follow({ [FOLLOW_REQUEST_ENV]: JSON.stringify(req) });
      // follow() has started its sync(1) children and installed its handler before its first await.
      signalAdded(before);
      await running;
      const result = readFollowResult(req.resultFile);
      expect(result?.stoppedByPost).toBe(true);
      expect(result?.syncs).toHaveLength(1);
      expect(result?.syncs[0]?.returned, 'the wait ended at the signal, before sync(1) exited').toBe(false);
      const extractEnd: Snapshot = { ...(result?.end as Snapshot), tMs: 0 };
      const extract: PhaseRecord = { name: 'extract', startMs: 0, endMs: 0, start: extractEnd, end: extractEnd };
      const { tail } = followedTail(extract, result ?? { syncs: [], end: extractEnd, snapshots: [] });
      expect(tail).toMatchObject({ complete: false, cutBy: 'post-step' });
      expect(notOnDiskSentence(120_000, tail)).toMatch(/not all on disk when the post step began \(syncfs had not returned on .*\); it does not wait for them/);
    } finally {
      removeAdded(before);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a follower that saw every syncfs return keeps its tail whole, whatever the post step asks after', async () => {
    const before = process.listeners('SIGTERM');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'disk-profiler-follower-stop-'));
    try {
      const req = request(dir);
      await follow({ [FOLLOW_REQUEST_ENV]: JSON.stringify(req) });
      const result = readFollowResult(req.resultFile);
      expect(result?.stoppedByPost).toBeUndefined();
      expect(result?.syncs.every((s) => s.returned)).toBe(true);
    } finally {
      removeAdded(before);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('syncfs: an already-stopped wait reports the sync as not returned; a deadline still ends it', async () => {
    const stop = new AbortController();
    stop.abort();
    const [stopped] = await syncFileSystems([os.tmpdir()], 60_000, stop.signal);
    expect(stopped?.returned).toBe(false);
    const [whole] = await syncFileSystems([os.tmpdir()], 60_000);
    expect(whole?.returned).toBe(true);
  });
});
