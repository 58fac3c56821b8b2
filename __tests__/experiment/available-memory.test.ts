// Issue 38 item 4: the archive in RAM, the tmpfs and the RAM share sized from the smaller of
// MemAvailable and the room under the cgroup's memory limit (a `docker --memory` or Kubernetes runner
// would otherwise be OOM-killed mid-experiment). The pure choice; cgroup v1 for real: a memory group
// (with a limit) and a child group (without), a process placed in the child; removed afterwards.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallerMemory } from '../../src/experiment/machine-facts.js';
import { isRoot, prerequisite } from '../helpers/prerequisites.js';
import { type Bundled, bundleScript } from '../helpers/bundle.js';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

describe('smallerMemory (pure)', () => {
  it("the cgroup's room where it is less than MemAvailable, said as such; MemAvailable otherwise", () => {
    expect(smallerMemory(20 * GiB, { limitBytes: 2 * GiB, roomBytes: 900 * MiB })).toEqual({
      bytes: 900 * MiB,
      cgroup: { limitBytes: 2 * GiB, roomBytes: 900 * MiB },
    });
    expect(smallerMemory(500 * MiB, { limitBytes: 2 * GiB, roomBytes: 900 * MiB })).toEqual({ bytes: 500 * MiB, cgroup: null });
    expect(smallerMemory(20 * GiB, null)).toEqual({ bytes: 20 * GiB, cgroup: null });
    // No /proc/meminfo but a cgroup: the cgroup's room.
    expect(smallerMemory(null, { limitBytes: GiB, roomBytes: GiB }).bytes).toBe(GiB);
    expect(smallerMemory(null, null)).toEqual({ bytes: null, cgroup: null });
  });
});

const MEMORY_ROOT = '/sys/fs/cgroup/memory';
const ready = prerequisite(
  'root on a cgroup v1 machine with the memory controller mounted at /sys/fs/cgroup/memory',
  isRoot && existsSync(path.join(MEMORY_ROOT, 'cgroup.procs')),
);

describe.runIf(ready)('in a real cgroup v1 memory group', () => {
  const group = `dp-memroom-${process.pid}`;
  const parentDir = path.join(MEMORY_ROOT, group);
  const childDir = path.join(parentDir, 'job');
  const limitBytes = 384 * MiB;
  let bundled: Bundled;
  beforeAll(() => {
    bundled = bundleScript('__tests__/experiment/memory-target.ts');
    mkdirSync(childDir, { recursive: true });
    writeFileSync(path.join(parentDir, 'memory.limit_in_bytes'), String(limitBytes));
  });
  afterAll(() => {
    // Any process still inside goes back to the root group; then the groups are removed, child first.
    for (const d of [childDir, parentDir]) {
      if (!existsSync(d)) continue;
      for (const pid of readFileSync(path.join(d, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean)) {
        try {
          writeFileSync(path.join(MEMORY_ROOT, 'cgroup.procs'), pid);
        } catch {
          // Gone already.
        }
      }
      rmdirSync(d);
    }
    bundled.remove();
  });

  it("a process in the child group sizes RAM by the parent's limit less its working set, below MemAvailable", () => {
    const r = spawnSync('sh', ['-c', 'echo $$ > "$1/cgroup.procs" && exec "$2" "$3"', 'sh', childDir, process.execPath, bundled.script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as {
      room: { group: string; limitBytes: number; workingSetBytes: number; roomBytes: number };
      available: { bytes: number; cgroup: { limitBytes: number; roomBytes: number } | null };
      memAvailable: number;
    };
    // The child has no limit of its own: the parent's binds.
    expect(out.room.group).toBe(`/${group}`);
    expect(out.room.limitBytes).toBe(limitBytes);
    // node itself is charged to the group once it runs there: some working set, within the limit.
    expect(out.room.workingSetBytes).toBeGreaterThan(0);
    expect(out.room.workingSetBytes).toBeLessThan(limitBytes);
    expect(out.room.roomBytes).toBe(limitBytes - out.room.workingSetBytes);
    // This machine's MemAvailable is far above 384 MiB: the cgroup's room is what the experiments use, and they say so.
    expect(out.memAvailable).toBeGreaterThan(limitBytes);
    expect(out.available.cgroup?.limitBytes).toBe(limitBytes);
    expect(out.available.bytes).toBe(out.available.cgroup?.roomBytes);
    // availableMemory reads the working set again, after readCgroupMemoryRoom: node may have charged
    // or freed a few pages in between (CI saw 256 KiB), so the two rooms agree to within 4 MiB, not to the byte.
    expect(Math.abs(out.available.bytes - out.room.roomBytes)).toBeLessThan(4 * MiB);
  });
});
