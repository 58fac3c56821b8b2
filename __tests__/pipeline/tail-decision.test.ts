// Who waits for the restore's writeback tail (src/pipeline/tail-decision.ts: each rule's case keyed by its name), what is known of the tail when extraction ends, and the follower's pure
// parts (src/pipeline/follower.ts) on a real recording: fixtures/profiles/lab-baseline.json.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUTO_EXPERIMENTS_MIN_RESTORE_MS } from '../../src/judge/auto-rules.js';
import { followedTail, parseBackgroundTail, profileTimeMs, tailEndSnapshot } from '../../src/pipeline/follower.js';
import {
  TAIL_RULES,
  TAIL_WAIT_LINE_START,
  tailAtExtractEnd,
  tailKnownEmpty,
  tailWaitAfterAllLine,
  tailWaitLine,
  whoWaitsForTail,
  type TailFacts,
  type TailRule,
} from '../../src/pipeline/tail-decision.js';
import { resolveDevices } from '../../src/sample/devices.js';
import { MiB } from '../../src/util/units.js';
import { prerequisite } from '../helpers/prerequisites.js';
import type { Profile, Snapshot } from '../../src/profile/schema.js';

// A repeat run on a disk: ceilings remembered, a restore short for auto's experiments, dirt left by extraction.
const repeat: TailFacts = {
  restoreInMemory: false,
  dirtyAtExtractEndBytes: 64 * MiB,
  runProbes: false,
  experimentsCanRun: true,
  experimentsAuto: true,
  restoreMs: 1_500,
  fixesRemembered: false,
  nothingToMeasureRemembered: false,
  toMeasureRemembered: false,
  failOnBottleneck: false,
};
const longRestoreMs = 3 * AUTO_EXPERIMENTS_MIN_RESTORE_MS;

/**
 * One case per rule, keyed by its name (the compiler asks for every rule of TAIL_RULES): facts on which
 * that rule decides, and who then waits. Each case's facts would make a later rule decide without the fact
 * that makes this one hold, so the order of the table is what the cases test too.
 */
const CASES: Record<TailRule, { facts: TailFacts[]; who: 'main' | 'follower' }> = {
  'tail-empty': {
    facts: [
      { ...repeat, restoreInMemory: true },
      { ...repeat, dirtyAtExtractEndBytes: 0 },
      // Before the rules that would leave it to the follower, and before those that wait in main anyway.
      { ...repeat, restoreInMemory: true, experimentsCanRun: false },
      { ...repeat, dirtyAtExtractEndBytes: 0, restoreMs: longRestoreMs, fixesRemembered: true },
      { ...repeat, dirtyAtExtractEndBytes: 0, restoreMs: longRestoreMs, nothingToMeasureRemembered: true },
      { ...repeat, restoreInMemory: true, runProbes: true, failOnBottleneck: true },
    ],
    who: 'main',
  },
  'probes-run': {
    facts: [
      { ...repeat, runProbes: true },
      { ...repeat, runProbes: true, experimentsCanRun: false },
      { ...repeat, runProbes: true, restoreMs: longRestoreMs, nothingToMeasureRemembered: true },
      { ...repeat, runProbes: true, toMeasureRemembered: true },
    ],
    who: 'main',
  },
  'fail-on-bottleneck': {
    facts: [
      { ...repeat, failOnBottleneck: true },
      { ...repeat, experimentsCanRun: false, failOnBottleneck: true },
    ],
    who: 'main',
  },
  'no-experiment': {
    facts: [
      { ...repeat, experimentsCanRun: false },
      { ...repeat, experimentsCanRun: false, experimentsAuto: false },
      { ...repeat, experimentsCanRun: false, toMeasureRemembered: true },
    ],
    who: 'follower',
  },
  'experiments-every-run': { facts: [{ ...repeat, experimentsAuto: false }], who: 'main' },
  'to-measure-remembered': {
    facts: [
      // Under the gate without its tail, as the restore the post step judged was.
      { ...repeat, toMeasureRemembered: true },
      { ...repeat, restoreMs: longRestoreMs, toMeasureRemembered: true },
    ],
    who: 'main',
  },
  'restore-short-for-auto': { facts: [repeat, { ...repeat, restoreMs: null }, { ...repeat, dirtyAtExtractEndBytes: null }], who: 'follower' },
  'fixes-remembered': { facts: [{ ...repeat, restoreMs: longRestoreMs, fixesRemembered: true }], who: 'follower' },
  'nothing-to-measure': {
    facts: [
      { ...repeat, restoreMs: longRestoreMs, nothingToMeasureRemembered: true },
      // Not before the rules that wait in main whatever was remembered.
      { ...repeat, restoreMs: AUTO_EXPERIMENTS_MIN_RESTORE_MS, nothingToMeasureRemembered: true },
    ],
    who: 'follower',
  },
  'fixes-to-measure': {
    facts: [
      { ...repeat, restoreMs: longRestoreMs },
      { ...repeat, restoreMs: AUTO_EXPERIMENTS_MIN_RESTORE_MS },
    ],
    who: 'main',
  },
};

describe('whoWaitsForTail: the first rule of TAIL_RULES that holds decides', () => {
  for (const rule of TAIL_RULES)
    it(rule, () => {
      const { facts, who } = CASES[rule];
      for (const f of facts) expect(whoWaitsForTail(f), JSON.stringify(f)).toMatchObject({ rule, who });
    });
});

describe("the log's line where main waits for the tail", () => {
  for (const rule of TAIL_RULES)
    it(rule, () => {
      const { facts, who } = CASES[rule];
      const waiter = whoWaitsForTail(facts[0] as TailFacts);
      const line = tailWaitLine(waiter);
      // Said only where main pays a tail it could not know empty, with the rule's own reason.
      if (who === 'follower' || rule === 'tail-empty') expect(line).toBeNull();
      else expect(line).toBe(`The step waits for the restore's files to be on disk (${waiter.why}).`);
      if (line) expect(line.startsWith(TAIL_WAIT_LINE_START)).toBe(true);
    });
  it("carries the deciding rule's reason (a 'to measure' entry held)", () => {
    expect(tailWaitLine(whoWaitsForTail({ ...repeat, toMeasureRemembered: true }))).toMatch(/could not measure it\)\.$/);
  });
  it("a main that left the tail and waits after all says so the same way, with auto's reason", () => {
    const line = tailWaitAfterAllLine('experiments: auto chose ram: the verdict names disk-iops');
    expect(line.startsWith(TAIL_WAIT_LINE_START)).toBe(true);
    expect(line).toBe(
      "The step waits for the restore's files to be on disk after all: experiments: auto would measure on this run (experiments: auto chose ram: the verdict names disk-iops).",
    );
  });
});

describe('the tail as known when extraction ends', () => {
  const profile = JSON.parse(readFileSync('fixtures/profiles/lab-baseline.json', 'utf8')) as Profile;
  const extract = profile.phases.find((p) => p.name === 'extract');
  if (!extract?.end.memory) throw new Error('lab-baseline.json has no extract phase with /proc/meminfo');
  const onDisk = profile.context.fileSystems ?? [];

  it('is not empty after a restore onto ext4 that left dirty pages (a lab recording)', () => {
    const known = tailAtExtractEnd(onDisk, extract.end);
    expect(known.restoreInMemory).toBe(false);
    expect(known.dirtyAtExtractEndBytes).toBe((extract.end.memory?.dirtyBytes ?? 0) + (extract.end.memory?.writebackBytes ?? 0));
    expect(known.dirtyAtExtractEndBytes).toBeGreaterThan(0);
    expect(tailKnownEmpty(known)).toBe(false);
  });

  it('is empty with nothing dirty or being written back machine-wide, unknown without /proc/meminfo', () => {
    expect(tailKnownEmpty(tailAtExtractEnd(onDisk, { memory: { dirtyBytes: 0, writebackBytes: 0 } }))).toBe(true);
    expect(tailAtExtractEnd(onDisk, { memory: null })).toEqual({ restoreInMemory: false, dirtyAtExtractEndBytes: null });
    expect(tailKnownEmpty({ restoreInMemory: false, dirtyAtExtractEndBytes: null })).toBe(false);
  });

  it.runIf(prerequisite('/dev/shm as a tmpfs', existsSync('/dev/shm')))('is empty for a restore path on a tmpfs, as this machine resolves /dev/shm', () => {
    const where = resolveDevices({ restorePaths: ['/dev/shm/disk-profiler-tail-test/node_modules'] });
    expect(where.fileSystems[0]?.fsType).toBe('tmpfs');
    const known = tailAtExtractEnd(where.fileSystems, extract.end);
    expect(known.restoreInMemory).toBe(true);
    expect(tailKnownEmpty(known)).toBe(true);
    // A tmpfs beside a disk is not all in memory: the disk's part has a tail.
    expect(tailAtExtractEnd([...where.fileSystems, ...onDisk], extract.end).restoreInMemory).toBe(false);
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
