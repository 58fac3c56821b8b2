// Who waits for the restore's writeback tail (src/pipeline/tail-decision.ts), and the follower's pure
// parts (src/pipeline/follower.ts) on a real recording: fixtures/profiles/lab-baseline.json.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUTO_EXPERIMENTS_MIN_RESTORE_MS } from '../../src/judge/auto-rules.js';
import { followedTail, parseBackgroundTail, profileTimeMs, tailEndSnapshot } from '../../src/pipeline/follower.js';
import { whoWaitsForTail, type TailFacts } from '../../src/pipeline/tail-decision.js';
import type { Profile, Snapshot } from '../../src/profile/schema.js';

const repeat: TailFacts = {
  runProbes: false,
  experimentsCanRun: true,
  experimentsAuto: true,
  restoreMs: 1_500,
  fixesRemembered: false,
  failOnBottleneck: false,
};

describe('whoWaitsForTail', () => {
  it('leaves a repeat run’s tail to the follower: ceilings remembered, a restore too short for auto’s experiments', () => {
    expect(whoWaitsForTail(repeat).who).toBe('follower');
    expect(whoWaitsForTail({ ...repeat, experimentsCanRun: false }).who).toBe('follower');
  });

  it('waits in main on a first run: probes to run, experiments asked for, or auto with no fixes remembered for a long restore', () => {
    expect(whoWaitsForTail({ ...repeat, runProbes: true }).who).toBe('main');
    expect(whoWaitsForTail({ ...repeat, experimentsAuto: false }).who).toBe('main');
    expect(whoWaitsForTail({ ...repeat, restoreMs: AUTO_EXPERIMENTS_MIN_RESTORE_MS }).who).toBe('main');
  });

  it('waits in main when fail-on-bottleneck is set: the step fails on the verdict judged with the tail, and the post step fails nothing', () => {
    expect(whoWaitsForTail({ ...repeat, failOnBottleneck: true }).who).toBe('main');
    expect(whoWaitsForTail({ ...repeat, experimentsCanRun: false, failOnBottleneck: true }).who).toBe('main');
  });

  it('follows a long restore in the background once its fixes are remembered', () => {
    expect(whoWaitsForTail({ ...repeat, restoreMs: 3 * AUTO_EXPERIMENTS_MIN_RESTORE_MS, fixesRemembered: true }).who).toBe('follower');
  });
});

describe('the follower’s result in the profile', () => {
  const profile = JSON.parse(readFileSync('fixtures/profiles/lab-baseline.json', 'utf8')) as Profile;
  const extract = profile.phases.find((p) => p.name === 'extract');
  const recorded = profile.phases.find((p) => p.name === 'writeback');
  if (!extract || !recorded) throw new Error('lab-baseline.json has no extract and writeback phases');

  it('ends the tail where the follower’s syncfs returned, with its kernel counters and the restore’s processes as extraction left them', () => {
    // The follower's own process fields stand in for what it would read of itself.
    const followerEnd: Snapshot = { ...recorded.end, childCpuTicks: 0, selfCpuTicks: 3, selfCpuUs: 40_000, processes: [{ pid: 1, comm: 'node', cpuTicks: 2 }] };
    const syncs = [{ mountPoint: '/', durationMs: recorded.endMs - recorded.startMs, returned: true }];
    const { phase, tail, snapshots } = followedTail(extract, { syncs, end: followerEnd, snapshots: [] });
    expect(phase.startMs).toBe(extract.end.tMs);
    expect(phase.endMs).toBe(recorded.end.tMs);
    expect(phase.end.disks).toEqual(recorded.end.disks);
    expect(phase.end.memory).toEqual(recorded.end.memory);
    expect(phase.end.childCpuTicks).toBe(extract.end.childCpuTicks);
    expect(phase.end.selfCpuUs).toBe(extract.end.selfCpuUs);
    expect(phase.end.processes ?? []).toEqual([]);
    expect(tail).toEqual({ syncs, complete: true });
    expect(snapshots).toEqual([]);
  });

  it('says the tail is incomplete when a syncfs had not returned by the deadline', () => {
    const syncs = [{ mountPoint: '/', durationMs: 5_000, returned: false }];
    expect(followedTail(extract, { syncs, end: recorded.end, snapshots: [] }).tail.complete).toBe(false);
  });

  it('keeps what the restore processes did in every sample of the tail', () => {
    const s = tailEndSnapshot(extract.end, { ...recorded.end, childCpuTicks: 999 });
    expect(s.childCpuTicks).toBe(extract.end.childCpuTicks);
  });
});

describe('the follower’s clock and state', () => {
  it('puts the follower’s times on the profile’s timeline (main’s origin as wall-clock epoch ms)', () => {
    // Main's origin at epoch 1000 + 250 ms; the follower started at epoch 1900 and is 100 ms in.
    expect(profileTimeMs(1_250, 100, 1_900)).toBe(750);
  });

  it('reads back what main saved, and nothing else', () => {
    const tail = { pid: 42, resultFile: '/tmp/x/writeback-1.json', logFile: '/tmp/x/writeback-1.json.log', endsByEpochMs: 5 };
    expect(parseBackgroundTail(JSON.stringify(tail))).toEqual(tail);
    expect(parseBackgroundTail('')).toBeNull();
    expect(parseBackgroundTail('{"pid":"42"}')).toBeNull();
    expect(parseBackgroundTail('not json')).toBeNull();
  });
});
