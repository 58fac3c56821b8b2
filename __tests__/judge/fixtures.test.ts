// Every recorded profile in fixtures/profiles has an expected verdict here. To add a recording from
// the bottleneck lab: drop the JSON in fixtures/profiles/ with a provenance note (README.md there)
// and add one row; the last test fails until every fixture has a row.
import { describe, expect, it } from 'vitest';
import type { Bottleneck, PhaseName } from '../../src/profile/schema.js';
import { judgeProfile } from '../../src/judge/judge.js';
import { fixtureNames, loadFixture } from './fixture-tools.js';
import { sayVerdict } from '../../src/report/say/verdict.js';

interface Expectation {
  bottleneck: Bottleneck;
  /** The phase that dominates the restore, whose verdict the overall one repeats. */
  dominant: PhaseName;
  /** Words the overall sentence must contain. */
  says: RegExp;
  /**
   * Phases judged by their rule alone, with no measured item that argues for it: without PSI and
   * without fio ceilings nothing speaks for the lookup's round trip, a short download's network or a short tail.
   */
  unsupported?: PhaseName[];
  /** The longest phase where it is not the dominant one (its time was not all its verdict's resource's); absent: the dominant. */
  longest?: PhaseName;
}

const EXPECTED: Record<string, Expectation> = {
  'disk-bandwidth-dd-direct.json': {
    bottleneck: 'disk-bandwidth',
    dominant: 'extract',
    says: /^Disk-bound \(bandwidth\): extraction wrote at .* of the .* sequential-write ceiling/,
  },
  'disk-iops-dd-4k.json': { bottleneck: 'disk-iops', dominant: 'extract', says: /^Disk-bound \(IOPS\): extraction completed .* writes\/s of 4 KiB/ },
  'cpu-tar-zstd-vda.json': { bottleneck: 'cpu', dominant: 'extract', says: /^CPU-bound: tar and zstd together used .* of a core during extraction/ },
  // A tail-dominated restore names the disk limit the writeback ran into.
  'writeback-tail-throttled-loop.json': {
    bottleneck: 'disk-bandwidth',
    dominant: 'writeback',
    says: /^Disk-bound \(bandwidth\): after tar exited the page cache needed .* sequential-write ceiling/,
  },
  'network-slow-download.json': { bottleneck: 'network', dominant: 'download', says: /^Network-bound: the download ran at/ },
  // Issue 39: a 325 MiB archive in three of the SDK's 128 MiB segments onto a disk capped at 40 MiB/s
  // (fixtures/profiles/capture/slow-segments.sh). 9.6 s of the 22.5 s download are pauses between segments
  // with nothing in flight while the archive's disk wrote the segments at 70-86% of its cap: the disk's,
  // not the network's (segment-pauses.test.ts). The network's what-if leaves them, and still saves more
  // than the disk's: the bytes flowed at 14.5 MiB/s on average from the loaded machine's own services.
  'slow-segments-capped-disk.json': {
    bottleneck: 'network',
    dominant: 'download',
    says: /^Network-bound: the download ran at/,
  },

  // The whole step under a 0.3-core cgroup quota with /proc/pressure hidden (the root integration test's recording).
  'cgroup-quota-no-psi.json': {
    bottleneck: 'cpu',
    dominant: 'extract',
    says: /^CPU-bound: the step's cgroup used .* cores of its 0\.3-core CPU quota during extraction and was throttled in/,
    unsupported: ['lookup', 'writeback'],
  },
  // Bottleneck lab recordings (tools/lab, `disk-profiler lab --record`): full runProfile restores of a real cache.
  'lab-disk-bandwidth.json': {
    bottleneck: 'disk-bandwidth',
    dominant: 'extract',
    says: /^Disk-bound \(bandwidth\): extraction wrote at .* sequential-write ceiling .*\(the kernel's dirty-page limit held tar back/,
  },
  'lab-disk-iops.json': {
    bottleneck: 'disk-iops',
    dominant: 'extract',
    says: /^Disk-bound \(IOPS\): extraction completed .* writes\/s of .* random-write ceiling/,
  },
  'lab-network.json': { bottleneck: 'network', dominant: 'download', says: /^Network-bound: the download ran at 1\.\d+ MiB\/s/ },
  'lab-cpu.json': { bottleneck: 'cpu', dominant: 'extract', says: /^CPU-bound: tar and zstd got only 0\.\d+ of a core while runnable tasks waited for a CPU/ },
  'lab-baseline.json': { bottleneck: 'cpu', dominant: 'extract', says: /^CPU-bound: (tar|zstd) used .* of a core during extraction/ },
  // The real-runner scenarios (issue 13), each judged as its 2x intervention answered in the bench
  // (BENCHMARKS.md): the disk limit a writeback tail ran into is named, not "writeback".
  'lab-runner-7gib.json': {
    bottleneck: 'disk-bandwidth',
    dominant: 'writeback',
    says: /^Disk-bound \(bandwidth\): after tar exited the page cache needed .* sequential-write ceiling/,
  },
  'lab-runner-16gib.json': {
    bottleneck: 'disk-bandwidth',
    dominant: 'writeback',
    says: /^Disk-bound \(bandwidth\): after tar exited the page cache needed .* sequential-write ceiling/,
  },
  'lab-earlier-dirty.json': { bottleneck: 'disk-bandwidth', dominant: 'writeback', says: /^Disk-bound \(bandwidth\): after tar exited the page cache needed/ },
  // A probe taken beside another writer read low; the device ran above it, the restore's own bytes did not.
  'lab-second-writer-bench2-run2.json': {
    bottleneck: 'disk-bandwidth',
    dominant: 'extract',
    says: /^Disk-bound \(bandwidth\): extraction wrote at .* above what fio measured/,
  },
  'lab-second-writer.json': {
    bottleneck: 'disk-bandwidth',
    dominant: 'extract',
    says: /^Disk-bound \(bandwidth\): extraction wrote at .* sequential-write ceiling/,
  },
  'lab-temp-other-disk.json': {
    bottleneck: 'disk-bandwidth',
    dominant: 'writeback',
    says: /^Disk-bound \(bandwidth\): after tar exited the page cache needed/,
  },
  'lab-cloud-volume.json': {
    bottleneck: 'disk-bandwidth',
    dominant: 'writeback',
    says: /^Disk-bound \(bandwidth\): after tar exited .* of the 12\d MiB\/s sequential-write ceiling/,
  },
  // A blkio cap of 2,000 IOPS (bios, merging on) and 40 MiB/s; fio read 1,735 IOPS: the bios reached the cgroup's cap.
  'lab-bio-iops-cap.json': {
    bottleneck: 'disk-iops',
    dominant: 'extract',
    says: /^Disk-bound \(IOPS\): extraction issued [\d,]+ write bios\/s .* the cgroup's blkio cap of 2000 IOPS/,
    unsupported: ['writeback'],
  },
  // No fio: the root blkio cap the cgroup reader found on the loop device is the ceiling, named as such.
  'lab-no-fio.json': {
    bottleneck: 'disk-bandwidth',
    dominant: 'extract',
    says: /^Disk-bound \(bandwidth\): extraction wrote at .* of the cgroup's blkio cap of 40 MiB\/s/,
    // A 0.67 s tail: "short", which nothing measured argues for.
    unsupported: ['writeback'],
  },
  // The CPU quota over large files: unzstd's work, not tar's file creation (issue 14's experiments).
  'lab-cpu-large-files.json': {
    bottleneck: 'cpu',
    dominant: 'extract',
    says: /^CPU-bound: tar and zstd got only 0\.\d+ of a core while runnable tasks waited for a CPU/,
  },
  // Runner types (issue 22), recorded with `disk-profiler lab S --record`.
  // A hosted runner's page cache absorbs a half-second extraction: tar + unzstd together at a full
  // core carry the verdict; the short tail whose CPU is not measured is named, not the verdict.
  'lab-hosted-page-cache.json': {
    bottleneck: 'cpu',
    dominant: 'extract',
    says: /^CPU-bound: tar and zstd together kept 0\.9\d+ of a core busy during extraction.*The writeback tail cannot be pinned on one resource \(CPU not measured\): .*could save at most 0\.0\d+ s, less than that\.$/,
  },
  'lab-container-job.json': {
    bottleneck: 'cpu',
    dominant: 'extract',
    says: /^CPU-bound: the step's cgroup ran at its 0\.5-core CPU quota during extraction and was throttled/,
  },
  'lab-burst-credit.json': {
    bottleneck: 'disk-bandwidth',
    dominant: 'extract',
    says: /^Disk-bound \(bandwidth\): extraction wrote at .* above what fio measured \(the ceiling moved or the probe understated it\)/,
  },
  // burst-credit: a run of the session's lab bench (--keep) and two after the controller was made exact,
  // with their interventions in the provenance (burst-credit.test.ts).
  'lab-burst-credit-exact-run1.json': {
    bottleneck: 'disk-bandwidth',
    dominant: 'extract',
    says: /^Disk-bound \(bandwidth\): extraction wrote at .* above what fio measured .* Twice the disk's bandwidth would save at most/,
  },
  'lab-burst-credit-exact-run2.json': {
    bottleneck: 'disk-bandwidth',
    dominant: 'extract',
    says: /^Disk-bound \(bandwidth\): extraction wrote at .* above what fio measured .* Twice the disk's bandwidth would save at most/,
  },
  'lab-burst-credit-bench-run2.json': {
    bottleneck: 'disk-bandwidth',
    dominant: 'extract',
    says: /^Disk-bound \(bandwidth\): extraction wrote at .* above what fio measured .* Twice the disk's bandwidth would save at most/,
  },
  // Runs of the session's lab bench whose bios ran far above fio's IOPS figure on an uncapped device (iops-count.test.ts).
  'lab-cpu-bench-run2.json': {
    bottleneck: 'cpu',
    dominant: 'extract',
    says: /^CPU-bound: tar and zstd got only 0\.\d+ of a core while runnable tasks waited for a CPU/,
  },
  'lab-two-disks-bench-run3.json': {
    bottleneck: 'disk-bandwidth',
    dominant: 'writeback',
    says: /^Disk-bound \(bandwidth\) on loop1: .* of the cgroup's blkio cap of 8 MiB\/s/,
  },
  // A fast disk that emptied its share of the tail first wrote more in it than the capped one still
  // draining: the tail is the capped one's, the device that went on writing last.
  'lab-two-disks-bench2-run1.json': {
    bottleneck: 'disk-bandwidth',
    dominant: 'writeback',
    says: /^Disk-bound \(bandwidth\) on loop1: after tar exited .* of the cgroup's blkio cap of 8 MiB\/s/,
  },
  // Two restore paths on two disks, the second capped and not probed: the tail is judged on the device
  // still writing, at the rate it sustained (named as such, not as a probed ceiling).
  'lab-two-disks.json': {
    bottleneck: 'disk-bandwidth',
    dominant: 'writeback',
    // The lab caps loop1 through the root blkio group, which is the profiler's own: the cap is the ceiling.
    says: /^Disk-bound \(bandwidth\) on loop1: .* of the cgroup's blkio cap of 8 MiB\/s/,
  },
  'lab-two-vcpu-shared.json': {
    bottleneck: 'cpu',
    dominant: 'extract',
    says: /^CPU-bound: the step's cgroup ran at its 0\.6-core CPU quota during extraction/,
  },
  // fio's 1 MiB sequential writes reached the device as 4 KiB bios at the IOPS cap: no bandwidth ceiling
  // (its 20 MiB/s), so the restore at 5,000 requests/s is IOPS-bound, as the intervention found (IOPS x2 -43 %).
  'lab-probe-iops-cap-bench-run1.json': {
    bottleneck: 'disk-iops',
    dominant: 'extract',
    says: /^Disk-bound \(IOPS\): extraction completed [\d,]+ writes\/s of 4 KiB, \d+% of fio's [\d,]+ IOPS \(below the cgroup's blkio cap of 5000 IOPS/,
  },
  // Beside another job's CPU load (issue 34): tar's own run-queue wait (/proc/<pid>/schedstat) decides, PSI supports it.
  'lab-cpu-beside-load.json': {
    bottleneck: 'cpu',
    dominant: 'extract',
    says: /^CPU-bound: tar and zstd got only 0\.\d+ of a core during extraction while tar waited on a run queue \d+% of the time \(its own wait for a CPU/,
  },
  // PSI cpu 98 % machine-wide, tar waiting 10-15 % of the extraction: not this restore's CPU.
  'lab-two-disks-beside-load.json': {
    bottleneck: 'disk-bandwidth',
    dominant: 'extract',
    says: /^Disk-bound \(bandwidth\): extraction was throttled by the kernel's dirty-page limit/,
  },
  // The first recordings of bio-iops-cap and no-fio (01:32-01:35 UTC, the VM loaded).
  // A cap on bios (blkio, merging on) at 2,000 IOPS and 40 MiB/s: the bios sat at the cap, the bytes at 41%.
  'lab-bio-iops-cap-bursts.json': {
    bottleneck: 'disk-iops',
    dominant: 'extract',
    says: /^Disk-bound \(IOPS\): extraction issued \d+ write bios\/s \(completed \+ merged: what a cap on bios counts\), \d+% of fio's \d+ IOPS \(below the cgroup's blkio cap of 2000 IOPS, counted in bios before merging\)/,
  },
  // Kept bench runs with their interventions (provenance.intervention), which __tests__/judge/what-if.test.ts
  // holds the what-ifs to. blkio let a burst of bios through at extraction's end and held the tail back.
  'lab-bio-iops-cap-bench3-run1.json': {
    bottleneck: 'disk-iops',
    dominant: 'extract',
    says: /^Disk-bound \(IOPS\): extraction issued \d+ write bios\/s \(completed \+ merged: what a cap on bios counts\), \d+% of fio's \d+ IOPS \(below the cgroup's blkio cap of 2000 IOPS, counted in bios before merging\)/,
  },
  // typescript's disk reached late in extraction, then written at its 8 MiB/s cap to the end of the tail.
  'lab-two-disks-bench3-run1.json': {
    bottleneck: 'disk-bandwidth',
    dominant: 'writeback',
    says: /^Disk-bound \(bandwidth\) on loop1: after tar exited .* of the cgroup's blkio cap of 8 MiB\/s/,
  },
  // No fio, the 40 MiB/s disk, a loaded VM: PSI cpu was other jobs'; the cgroup's blkio cap is the ceiling.
  'lab-no-fio-loaded.json': {
    bottleneck: 'disk-bandwidth',
    dominant: 'extract',
    says: /^Disk-bound \(bandwidth\): extraction wrote at .* of the cgroup's blkio cap of 40 MiB\/s/,
    // The short tail's "none" rests on its share of the restore alone: without fio nothing measured speaks for it.
    unsupported: ['writeback'],
  },
};

describe('verdicts on recorded profiles', () => {
  for (const [file, want] of Object.entries(EXPECTED)) {
    it(`${file} → ${want.bottleneck}`, () => {
      const profile = loadFixture(file);
      const verdict = judgeProfile(profile);
      expect(verdict.bottleneck).toBe(want.bottleneck);
      expect(sayVerdict(verdict, profile)).toMatch(want.says);
      expect(verdict.phases.find((p) => p.phase === want.dominant)?.bottleneck).toBe(want.bottleneck);
      // The dominant phase really is the longest one recorded.
      const longest = profile.phases.reduce((a, b) => (b.endMs - b.startMs > a.endMs - a.startMs ? b : a));
      expect(longest.name).toBe(want.longest ?? want.dominant);
      // Each phase verdict lists evidence, and at least one item supports it (nothing measured
      // can support "inconclusive": its sentence says what is missing instead).
      for (const p of verdict.phases) {
        expect(p.evidence.length).toBeGreaterThan(0);
        if (p.bottleneck !== 'inconclusive') expect(p.evidence.some((e) => e.supports)).toBe(!want.unsupported?.includes(p.phase));
      }
    });
  }

  it('has an expectation for every fixture', () => {
    expect(fixtureNames().filter((f) => !(f in EXPECTED))).toEqual([]);
  });
});
