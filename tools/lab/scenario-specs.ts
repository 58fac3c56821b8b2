/**
 * The lab's scenarios as data: what each runner is built with. Pure (no side effects), so the
 * relaxed variants the intervention times and the bench's duration estimate are derived here and
 * unit-tested. tools/lab/scenarios.ts turns a spec into a runner on this machine.
 */
import { RESOURCES, type Resource } from '../../src/profile/schema.js';
import { GiB, MiB } from '../../src/util/units.js';
import type { LabCacheName } from './cache-entry.js';
import { runnerDirtyLimits, type DirtyLimits } from './runner-dirty.js';

export type { Resource };
export { MiB };

/** The resources the lab can control: every resource a verdict can name, each by one setting. */
export const CONTROLLED_RESOURCES = RESOURCES;

/** The setting that controls each resource. Relaxing a resource 2× doubles it. */
export const RESOURCE_CONTROL = {
  'disk-bandwidth': 'writeBytesPerSecond',
  'disk-iops': 'writeIops',
  network: 'downloadBytesPerSecond',
  cpu: 'cpuCores',
} as const satisfies Record<Resource, string>;
export type ControlName = (typeof RESOURCE_CONTROL)[Resource];
export type Controls = Partial<Record<ControlName, number>>;

export const RELAX_FACTOR = 2;

/**
 * Where the restore path lives: a loop device; the stacked cloud-like volume; an overlay whose upper
 * layer is on a loop device (a container's root); ext4 on a device-mapper linear device over a loop
 * device (LVM's layout: the caps sit on the loop below); two loop devices, the spec's
 * `secondDiskPath` on the second, which carries the caps.
 */
export const DISK_KINDS = ['loop', 'cloud-volume', 'overlay', 'dm-linear', 'two-disks'] as const;
export type DiskKind = (typeof DISK_KINDS)[number];

export const LAB_SCENARIOS = [
  'disk-bandwidth',
  'disk-iops',
  'network',
  'cpu',
  'baseline',
  'runner-7gib',
  'runner-16gib',
  'earlier-dirty',
  'second-writer',
  'temp-other-disk',
  'cloud-volume',
  'cpu-large-files',
  'container-job',
  'hosted-page-cache',
  'lvm-capped',
  'bio-iops-cap',
  'burst-credit',
  'two-disks',
  'no-fio',
  'two-vcpu-shared',
  'probe-iops-cap',
  'cpu-beside-load',
  'two-disks-beside-load',
] as const;
export type LabScenarioName = (typeof LAB_SCENARIOS)[number];
/** The five the CI lab test runs (CI time): each has one known bottleneck. */
export const CI_LAB_SCENARIOS = ['disk-bandwidth', 'disk-iops', 'network', 'cpu', 'baseline'] as const satisfies readonly LabScenarioName[];

export interface ScenarioSpec {
  name: LabScenarioName;
  /** One line for reports and recordings' provenance. */
  about: string;
  /** The controlled resources' settings (only those set are controlled, and relaxed by the intervention). */
  controls: Controls;
  disk: DiskKind;
  /** blkio counts bios before the queue merges them: merging off makes the device count what the throttle counts. */
  noMerges?: boolean;
  /**
   * The loop device's queue/max_sectors_kb; unset: a fresh loop device's (loop-disk.ts). Bios above it
   * are split, and a cgroup cap counts the pieces: at 4, every write reaches the throttle as 4 KiB.
   */
  maxSectorsKb?: number;
  /** vm.dirty_bytes / vm.dirty_background_bytes while the scenario runs; unset: the machine's. */
  dirty?: DirtyLimits;
  /** Bytes an earlier step leaves dirty on the restore's file system right before the restore (not synced). */
  earlierDirtyBytes?: number;
  /** A second writer on the restore's disk during the restore, at this rate (buffered writes). */
  secondWriterBytesPerSecond?: number;
  /** The cache it restores (cache-entry.ts); unset: `deps`. */
  cache?: LabCacheName;
  /** The restore disk's image size where a cache needs more (the monorepo cache's ~95k inodes, twice during full runs); unset: LAB_SETTINGS.loopImageBytes. */
  loopImageBytes?: number;
  /**
   * Who the CPU quota (controls.cpuCores) holds: tar and the unzstd it spawns (a shim first on PATH),
   * or the whole step, profiler included (sampler, probes, the download), as a container job's or a
   * runner pod's cgroup does. Unset: tar.
   */
  cpuScope?: 'tar' | 'step';
  /** A kernel without PSI: /proc/pressure hidden from the step (a private mount namespace). Needs cpuScope 'step'. */
  hidePressure?: boolean;
  /**
   * Resources this scenario halves instead of doubling, where twice the resource is not available
   * on this VM; ground-truth.ts extrapolates the doubled time from the halved one (its header says how).
   */
  halved?: readonly Resource[];
  /** A burst-credit volume: writes run at `burstBytesPerSecond` until `budgetBytes` were written, then at controls.writeBytesPerSecond. */
  burstCredit?: { budgetBytes: number; burstBytesPerSecond: number };
  /** disk 'two-disks': the restore path (relative to the workspace) that lies on the second, capped disk. */
  secondDiskPath?: string;
  /**
   * Where the loop device's image lives: this VM's disk (unset), or RAM (/dev/shm) for a disk that
   * is never the limit: this VM's own disk spreads a writeback by seconds between runs (a plain
   * hosted-page-cache restore took 2.0 s and 3.4 s in one bench run), which would drown a CPU
   * scenario's ground truth.
   */
  diskImage?: 'ram';
  /** The probes' budget where the lab's default (LAB_PROBE_BUDGET_MS) leaves a probe no slot on this disk. */
  probeBudgetMs?: number;
  /**
   * Another job's CPU load beside the restore: `processes` busy loops in a cpu cgroup of their own
   * under a CFS quota of `cores` (other-cpu-load.ts). Not controlled: the intervention leaves it as it is.
   */
  otherCpuLoad?: { processes: number; cores: number };
  /** fio unavailable: the step's PATH lacks it (and the lab never installs it). */
  noFio?: boolean;
  /** Where RUNNER_TEMP (the archive) lives: on the restore's disk, or on this VM's disk. */
  runnerTemp: 'restore-disk' | 'vm-disk';
  /**
   * The verdict the runner was built to get, for `disk-profiler lab` and the CI lab test; null where
   * only the intervention can say (the bench checks every scenario against the intervention).
   */
  intended: Resource | 'not-disk' | null;
}

/** The figures the scenarios are built with; recorded next to each result. */
export const LAB_SETTINGS = {
  /** 40 MiB/s: a twentieth of this disk's sequential write, below a GitHub runner's ~200 MiB/s. */
  writeBytesPerSecond: 40 * MiB,
  /** 1000 IOPS: about a hundredth of this disk's random-write ceiling. */
  writeIops: 1000,
  /**
   * A runner whose RAM cannot absorb the restore: with 23 GiB and dirty_ratio 20 this machine would
   * buffer the whole extraction and hide the disk behind the writeback tail.
   */
  tightDirty: { dirtyBytes: 32 * MiB, backgroundBytes: 8 * MiB },
  /**
   * 1.5 MiB/s: zstd packs the lab's ~125 MB of JavaScript into a ~12 MB archive, so at 6 MiB/s the
   * download (2 s) was no longer than extraction; at 1.5 MiB/s it takes ~8 s, about four times longer.
   */
  downloadBytesPerSecond: 1.5 * MiB,
  /** 30 % of one core for tar + unzstd, which otherwise use about one. */
  cpuCores: 0.3,
  loopImageBytes: 2048 * MiB,
  /** GitHub's 2-vCPU Linux runner (older/private-repo size) and 4-vCPU public-repo runner. */
  runner7GiB: runnerDirtyLimits(7 * GiB),
  runner16GiB: runnerDirtyLimits(16 * GiB),
  /** What an earlier step (checkout, setup-node, npm ci) leaves dirty: the 1 GiB. */
  earlierDirtyBytes: 1 * GiB,
  /** A fifth of the capped disk's bandwidth: another job step writing logs/artifacts. */
  secondWriterBytesPerSecond: 8 * MiB,
  /** An EBS gp3 volume's baseline, both write caps at once. */
  cloudWriteBytesPerSecond: 125 * MiB,
  cloudWriteIops: 3000,
  /** EBS counts an I/O of up to 256 KiB as one operation: the upper device splits larger requests there. */
  cloudMaxSectorsKb: 256,
  /** The cloud volume's backing file on the lower device, fully written first (allocated extents): room for the restore and the probes' file (≥ 640 MiB free). */
  cloudVolumeBytes: 1024 * MiB,
  /** A container job's CPU limit (Kubernetes `cpu: 500m`, `docker run --cpus 0.5`), over the whole step. */
  containerCpuCores: 0.5,
  /**
   * tar + unzstd held to one core, as on a hosted runner where the extraction's pipeline is one
   * core's work; the intervention halves it (this 2-vCPU VM has no second core to double it into).
   */
  hostedCpuCores: 1,
  /** A bio-counting IOPS cap below the bandwidth cap's binding point for this cache's unmerged writeback (~17k bios). */
  bioWriteIops: 2000,
  /** A burst-credit volume: 160 MiB/s for its first 48 MiB (the credit), then the 40 MiB/s baseline. */
  burstBytesPerSecond: 160 * MiB,
  burstBudgetBytes: 48 * MiB,
  /** The second disk's cap (two-disks): it receives typescript's ~23 MB, ~3 s at 8 MiB/s. */
  secondDiskBytesPerSecond: 8 * MiB,
  /**
   * Two vCPUs' worth of 30 % each: the whole step shares a CFS quota of 0.6 cores across this VM's 2
   * CPUs, so tar, unzstd, the download and the profiler's sampler run in parallel and none of them
   * reaches a core; doubled, 1.2 cores, which this VM has with room to spare (at 0.7 → 1.4 the doubled runs, on the
   * loaded shared VM, did not get their 1.4 cores: savings of 18 % and −6 % in two smoke runs).
   */
  sharedCpuCores: 0.6,
  /**
   * probe-iops-cap: both caps, counted in bios, on a device whose requests are at most 4 KiB, so fio's
   * 1 MiB sequential writes reach the throttle as 256 bios each and meet the IOPS cap (5,000 x 4 KiB =
   * 19.5 MiB/s) long before the bandwidth cap (80 MiB/s, which the doubled IOPS cap stays below too).
   * At 2,400 IOPS the probes' layout and its drain (32 MiB in flight) took 6.6 s of the lab's 14 s
   * budget and left none for the random probe.
   */
  smallBioWriteBytesPerSecond: 80 * MiB,
  smallBioWriteIops: 5000,
  smallBioMaxSectorsKb: 4,
  /**
   * Another job beside the restore: four busy loops held to half a core by their own container's
   * quota. Four, so that once the quota is spent in a period they wait, runnable, for the rest of it
   * on both CPUs: machine-wide PSI cpu some stays high while they take at most half of one of this
   * VM's two cores.
   */
  otherCpuLoad: { processes: 4, cores: 0.5 },
} as const;

const capped = { writeBytesPerSecond: LAB_SETTINGS.writeBytesPerSecond };

export const SCENARIOS: Record<LabScenarioName, ScenarioSpec> = {
  'disk-bandwidth': {
    name: 'disk-bandwidth',
    about: 'a restore larger than the dirty budget (32 MiB) onto an ext4 loop device capped at 40 MiB/s of writes',
    controls: capped,
    disk: 'loop',
    dirty: LAB_SETTINGS.tightDirty,
    runnerTemp: 'restore-disk',
    intended: 'disk-bandwidth',
  },
  'disk-iops': {
    name: 'disk-iops',
    about: 'the same, capped at 1000 write IOPS with the device merging off',
    controls: { writeIops: LAB_SETTINGS.writeIops },
    disk: 'loop',
    noMerges: true,
    dirty: LAB_SETTINGS.tightDirty,
    runnerTemp: 'restore-disk',
    intended: 'disk-iops',
  },
  network: {
    name: 'network',
    about: 'download served at 1.5 MiB/s; restore on a fresh, uncapped ext4 loop device',
    controls: { downloadBytesPerSecond: LAB_SETTINGS.downloadBytesPerSecond },
    // Not this VM's disk: after other work deletes many files there, ext4's inode allocator skips
    // recently deleted inodes one by one (recently_deleted(), 90% of tar's CPU under perf), which
    // made extraction take 12 s of CPU instead of 1.5 s and the restore CPU-bound some runs and not
    // others. A fresh file system has no such history.
    disk: 'loop',
    runnerTemp: 'restore-disk',
    intended: 'network',
  },
  cpu: {
    name: 'cpu',
    about: 'tar + unzstd under a CFS quota of 30 % of one core; restore on a fresh, uncapped ext4 loop device',
    controls: { cpuCores: LAB_SETTINGS.cpuCores },
    // A fresh file system, for the reason given under network.
    disk: 'loop',
    runnerTemp: 'restore-disk',
    intended: 'cpu',
  },
  'cpu-large-files': {
    name: 'cpu-large-files',
    about:
      'the same CFS quota of 30 % of one core, restoring 68 large JS files (~380 MB, packed ~5:1) that unzstd dominates; fresh ext4 loop device, 32 MiB dirty limit so writeback keeps pace',
    controls: { cpuCores: LAB_SETTINGS.cpuCores },
    disk: 'loop',
    cache: 'large-files',
    // The tight dirty limit keeps the writeback beside the CPU-bound extraction rather than in a tail
    // after it: the time until on disk is then the CPU's, as on the cpu scenario.
    dirty: LAB_SETTINGS.tightDirty,
    runnerTemp: 'restore-disk',
    intended: 'cpu',
  },
  baseline: {
    name: 'baseline',
    about: "the machine as it is: this VM's disk through a fresh ext4 loop device on it, nothing throttled",
    controls: {},
    // This VM's disk, but a fresh file system on it, for the reason given under network: on the VM's
    // own ext4 the lab's deletes made a plain restore take 0.75 s in one run and 12 s in the next.
    disk: 'loop',
    runnerTemp: 'restore-disk',
    intended: 'not-disk',
  },
  'runner-7gib': {
    name: 'runner-7gib',
    about: `a 7 GiB runner's dirty thresholds (${mib(LAB_SETTINGS.runner7GiB.backgroundBytes)} / ${mib(LAB_SETTINGS.runner7GiB.dirtyBytes)} MiB): the restore is absorbed, then written back to a disk capped at 40 MiB/s`,
    controls: capped,
    disk: 'loop',
    dirty: LAB_SETTINGS.runner7GiB,
    runnerTemp: 'restore-disk',
    intended: 'disk-bandwidth',
  },
  'runner-16gib': {
    name: 'runner-16gib',
    about: `a 16 GiB runner's dirty thresholds (${mib(LAB_SETTINGS.runner16GiB.backgroundBytes)} / ${mib(LAB_SETTINGS.runner16GiB.dirtyBytes)} MiB) on a disk capped at 40 MiB/s`,
    controls: capped,
    disk: 'loop',
    dirty: LAB_SETTINGS.runner16GiB,
    runnerTemp: 'restore-disk',
    intended: 'disk-bandwidth',
  },
  'earlier-dirty': {
    name: 'earlier-dirty',
    about: "1 GiB left dirty by an earlier step on the restore's file system (16 GiB runner thresholds, so it stays dirty), disk capped at 40 MiB/s",
    controls: capped,
    disk: 'loop',
    dirty: LAB_SETTINGS.runner16GiB,
    earlierDirtyBytes: LAB_SETTINGS.earlierDirtyBytes,
    runnerTemp: 'restore-disk',
    intended: 'disk-bandwidth',
  },
  'second-writer': {
    name: 'second-writer',
    about: 'a second writer at 8 MiB/s on the same disk (capped at 40 MiB/s, 32 MiB dirty budget) during the restore',
    controls: capped,
    disk: 'loop',
    dirty: LAB_SETTINGS.tightDirty,
    secondWriterBytesPerSecond: LAB_SETTINGS.secondWriterBytesPerSecond,
    runnerTemp: 'restore-disk',
    intended: 'disk-bandwidth',
  },
  'temp-other-disk': {
    name: 'temp-other-disk',
    about: "RUNNER_TEMP (the archive) on this VM's disk, the restore on a loop device capped at 40 MiB/s (16 GiB runner thresholds)",
    controls: capped,
    disk: 'loop',
    dirty: LAB_SETTINGS.runner16GiB,
    runnerTemp: 'vm-disk',
    intended: 'disk-bandwidth',
  },
  /**
   * Both caps at once; the intervention, not the design, says which binds. Checked here
   * (2026-11-23, 16 GiB thresholds, plain tar -x + sync -f): the lab cache's writeback merges into
   * ~150 KiB requests (944 upper writes for 140 MiB), ~850/s at the 125 MiB/s cap, far below 3,000
   * IOPS: doubling the IOPS cap saved 0–5 %, doubling the bandwidth cap 34–47 %. More small files did
   * not change the answer: this repo's whole node_modules (67k files, a 519 MB tar) averaged 74 KiB
   * per request, IOPS ×2 saved 17 %, bandwidth ×2 56 %. So the lab cache is kept (a restore of
   * seconds, not tens), and the scenario is issue 17's case in reverse: a judge that computes the
   * IOPS share at any request size must still let the larger share (bandwidth) win.
   */
  'cloud-volume': {
    name: 'cloud-volume',
    about:
      'a gp3-like volume (3,000 write IOPS and 125 MiB/s at once, merging on, requests up to 256 KiB) restoring ~12.9k small files (16 GiB runner thresholds)',
    controls: { writeBytesPerSecond: LAB_SETTINGS.cloudWriteBytesPerSecond, writeIops: LAB_SETTINGS.cloudWriteIops },
    disk: 'cloud-volume',
    dirty: LAB_SETTINGS.runner16GiB,
    runnerTemp: 'restore-disk',
    intended: null,
  },
  'container-job': {
    name: 'container-job',
    about:
      'a container job: the whole step, profiler included, in a cgroup v1 cpu group with a CFS quota of 0.5 cores, /proc/pressure hidden (a kernel without PSI), the cache path in an overlay whose upper layer is on a fresh ext4 loop device (RAM-backed image), RUNNER_TEMP bind-mounted from it (16 GiB runner thresholds)',
    controls: { cpuCores: LAB_SETTINGS.containerCpuCores },
    cpuScope: 'step',
    hidePressure: true,
    disk: 'overlay',
    diskImage: 'ram',
    dirty: LAB_SETTINGS.runner16GiB,
    runnerTemp: 'restore-disk',
    intended: 'cpu',
  },
  'hosted-page-cache': {
    name: 'hosted-page-cache',
    about:
      "a 16 GiB hosted runner's page cache: its dirty thresholds absorb the restore, the disk is uncapped (fresh ext4 loop device on a RAM-backed image), restoring the deps cache (~0.5 CPU-second of tar + unzstd: half a second at one core, a second halved), tar + unzstd held to one core; the intervention halves their CPU (0.5 cores) and extrapolates the doubled time",
    controls: { cpuCores: LAB_SETTINGS.hostedCpuCores },
    halved: ['cpu'],
    // The deps cache, not large-files: the latter's ~70 MB download spread the plain base 2.5–4.3 s
    // on this shared VM (one bench run), drowning the extraction's 0.7 s.
    disk: 'loop',
    diskImage: 'ram',
    dirty: LAB_SETTINGS.runner16GiB,
    runnerTemp: 'restore-disk',
    intended: 'cpu',
  },
  'lvm-capped': {
    name: 'lvm-capped',
    about:
      "LVM's layout: ext4 on a device-mapper linear device (bio-based: counts bios before the disk below merges them) over a loop device capped at 40 MiB/s of writes, merging on (32 MiB dirty budget)",
    controls: capped,
    disk: 'dm-linear',
    dirty: LAB_SETTINGS.tightDirty,
    runnerTemp: 'restore-disk',
    intended: null,
  },
  'bio-iops-cap': {
    name: 'bio-iops-cap',
    about:
      'a disk capped at 2,000 write IOPS and 40 MiB/s by a cap that counts requests before merging (blkio on the loop device, merging on), restoring ~12.9k small files (32 MiB dirty budget)',
    controls: { writeBytesPerSecond: LAB_SETTINGS.writeBytesPerSecond, writeIops: LAB_SETTINGS.bioWriteIops },
    disk: 'loop',
    noMerges: false,
    dirty: LAB_SETTINGS.tightDirty,
    runnerTemp: 'restore-disk',
    intended: null,
  },
  'burst-credit': {
    name: 'burst-credit',
    about:
      "a burst-credit volume: writes at 160 MiB/s until 48 MiB were written (the lab's controller watches the device's completed sectors), then 40 MiB/s; the probes run on the spent volume (32 MiB dirty budget; the loop image in RAM)",
    controls: capped,
    burstCredit: { budgetBytes: LAB_SETTINGS.burstBudgetBytes, burstBytesPerSecond: LAB_SETTINGS.burstBytesPerSecond },
    disk: 'loop',
    // The controller counts the loop device's completions. With the image on this VM's disk the loop
    // worker's buffered writes into it are held by the machine-wide dirty budget (32 MiB here), so
    // completions lag what the throttle let through by a varying amount: the bench's profiled runs got
    // 48-77 MiB at the burst rate for a 48 MiB credit, its plain ones 2.1-3.0 s. In RAM the loop device
    // completes a bio as it is copied (tmpfs has no dirty throttling): the count is the throttle's.
    diskImage: 'ram',
    dirty: LAB_SETTINGS.tightDirty,
    runnerTemp: 'restore-disk',
    intended: 'disk-bandwidth',
  },
  'two-disks': {
    name: 'two-disks',
    about:
      'two restore paths on two fresh ext4 loop devices: node_modules/@azure (~100 MB, uncapped, first after sorting) and node_modules/typescript (~23 MB) on a second disk capped at 8 MiB/s (32 MiB dirty budget)',
    controls: { writeBytesPerSecond: LAB_SETTINGS.secondDiskBytesPerSecond },
    disk: 'two-disks',
    secondDiskPath: 'node_modules/typescript',
    dirty: LAB_SETTINGS.tightDirty,
    runnerTemp: 'restore-disk',
    intended: 'disk-bandwidth',
  },
  'no-fio': {
    name: 'no-fio',
    about: 'no fio (PATH without it, install-fio false) on a loop device capped at 40 MiB/s of writes (32 MiB dirty budget): no probed ceiling',
    controls: capped,
    noFio: true,
    disk: 'loop',
    dirty: LAB_SETTINGS.tightDirty,
    runnerTemp: 'restore-disk',
    intended: 'disk-bandwidth',
  },
  'two-vcpu-shared': {
    name: 'two-vcpu-shared',
    about:
      "a 2-vCPU runner whose CPUs the step shares: the whole step (download, the profiler's sampler and probes, tar, unzstd) under one CFS quota of 0.6 cores across this VM's 2 CPUs, PSI visible, fresh ext4 loop device on a RAM-backed image (7 GiB runner thresholds)",
    controls: { cpuCores: LAB_SETTINGS.sharedCpuCores },
    cpuScope: 'step',
    disk: 'loop',
    diskImage: 'ram',
    dirty: LAB_SETTINGS.runner7GiB,
    runnerTemp: 'restore-disk',
    intended: 'cpu',
  },
  'probe-iops-cap': {
    name: 'probe-iops-cap',
    about:
      "a disk capped at 5,000 write IOPS and 80 MiB/s by blkio (bios, before merging) whose requests are at most 4 KiB (queue/max_sectors_kb 4, merging on): fio's 1 MiB sequential writes reach the cap as 4 KiB bios and meet the IOPS cap, not the bandwidth one; restoring ~12.9k small files (32 MiB dirty budget)",
    controls: { writeBytesPerSecond: LAB_SETTINGS.smallBioWriteBytesPerSecond, writeIops: LAB_SETTINGS.smallBioWriteIops },
    disk: 'loop',
    noMerges: false,
    maxSectorsKb: LAB_SETTINGS.smallBioMaxSectorsKb,
    // Every request 4 KiB: the layout drains its 32 MiB in flight for 1.6 s after its cap, and in one
    // of two recordings at 14 s the random probe got no slot (fixtures/profiles/probe-caps).
    probeBudgetMs: 20_000,
    dirty: LAB_SETTINGS.tightDirty,
    runnerTemp: 'restore-disk',
    intended: null,
  },
  'cpu-beside-load': {
    name: 'cpu-beside-load',
    about:
      "the cpu scenario (tar + unzstd under a CFS quota of 30 % of one core, fresh ext4 loop device) beside another job's CPU load: four busy loops in a cgroup of their own held to 0.5 cores, which keep machine-wide PSI cpu high whatever the restore does",
    controls: { cpuCores: LAB_SETTINGS.cpuCores },
    otherCpuLoad: LAB_SETTINGS.otherCpuLoad,
    disk: 'loop',
    runnerTemp: 'restore-disk',
    intended: 'cpu',
  },
  'two-disks-beside-load': {
    name: 'two-disks-beside-load',
    about:
      "the two-disks scenario (node_modules/typescript on a second disk capped at 8 MiB/s, 32 MiB dirty budget) beside another job's CPU load: four busy loops in a cgroup of their own held to 0.5 cores, which keep machine-wide PSI cpu high; the restore is not CPU-bound and must not be judged so",
    controls: { writeBytesPerSecond: LAB_SETTINGS.secondDiskBytesPerSecond },
    otherCpuLoad: LAB_SETTINGS.otherCpuLoad,
    disk: 'two-disks',
    secondDiskPath: 'node_modules/typescript',
    dirty: LAB_SETTINGS.tightDirty,
    runnerTemp: 'restore-disk',
    intended: 'disk-bandwidth',
  },
};

function mib(bytes: number): string {
  return (bytes / MiB).toFixed(0);
}

/** The resources a scenario controls (the ones its intervention relaxes), in CONTROLLED_RESOURCES order. */
export function controlledResources(spec: ScenarioSpec): Resource[] {
  return CONTROLLED_RESOURCES.filter((r) => spec.controls[RESOURCE_CONTROL[r]] !== undefined);
}

/** How the intervention changes a resource: RELAX_FACTOR, or ½ where the scenario halves it. */
export function relaxFactorOf(spec: ScenarioSpec, resource: Resource): number {
  return spec.halved?.includes(resource) ? 1 / RELAX_FACTOR : RELAX_FACTOR;
}

/** The same scenario with ONE controlled resource relaxed 2× (its cap, rate or quota doubled), or halved where the spec says so. */
export function relaxed(spec: ScenarioSpec, resource: Resource): ScenarioSpec {
  const control = RESOURCE_CONTROL[resource];
  const value = spec.controls[control];
  if (value === undefined) {
    throw new Error(`scenario ${spec.name} does not control ${resource} (it controls ${controlledResources(spec).join(', ') || 'nothing'})`);
  }
  return { ...spec, controls: { ...spec.controls, [control]: value * relaxFactorOf(spec, resource) } };
}

/** Specs that could not be built as written (pure checks, so a typo fails the unit test, not a bench hour). */
export function specProblems(spec: ScenarioSpec): string[] {
  const out: string[] = [];
  if (spec.hidePressure && spec.cpuScope !== 'step') out.push('hidePressure needs cpuScope step (the step runs in its own mount namespace)');
  if (spec.cpuScope && spec.controls.cpuCores === undefined) out.push('cpuScope without a cpuCores control');
  if ((spec.disk === 'two-disks') !== (spec.secondDiskPath !== undefined)) out.push("secondDiskPath goes with disk 'two-disks' and only with it");
  if (spec.burstCredit && spec.controls.writeBytesPerSecond === undefined) out.push('burstCredit needs the writeBytesPerSecond it drops to');
  // Checked on relaxed variants too (the intervention doubles the baseline): a burst at or below it would be no burst.
  if (spec.burstCredit && spec.burstCredit.burstBytesPerSecond <= (spec.controls.writeBytesPerSecond ?? 0)) {
    out.push('the burst rate must be above the baseline cap it drops to');
  }
  for (const r of spec.halved ?? []) if (spec.controls[RESOURCE_CONTROL[r]] === undefined) out.push(`halves ${r}, which it does not control`);
  return out;
}

/** The figures a scenario is built with, flat, for the report and the recordings' provenance. */
export function settingsOf(spec: ScenarioSpec): Record<string, number> {
  const out: Record<string, number> = { ...spec.controls };
  if (spec.dirty) {
    out.dirtyBytes = spec.dirty.dirtyBytes;
    out.dirtyBackgroundBytes = spec.dirty.backgroundBytes;
  }
  if (spec.earlierDirtyBytes !== undefined) out.earlierDirtyBytes = spec.earlierDirtyBytes;
  if (spec.secondWriterBytesPerSecond !== undefined) out.secondWriterBytesPerSecond = spec.secondWriterBytesPerSecond;
  if (spec.disk === 'cloud-volume') out.maxSectorsKb = LAB_SETTINGS.cloudMaxSectorsKb;
  if (spec.maxSectorsKb !== undefined) out.maxSectorsKb = spec.maxSectorsKb;
  if (spec.probeBudgetMs !== undefined) out.probeBudgetMs = spec.probeBudgetMs;
  if (spec.burstCredit) {
    out.burstBudgetBytes = spec.burstCredit.budgetBytes;
    out.burstBytesPerSecond = spec.burstCredit.burstBytesPerSecond;
  }
  if (spec.cpuScope === 'step') out.cpuQuotaOnWholeStep = 1;
  if (spec.hidePressure) out.pressureHidden = 1;
  if (spec.noFio) out.noFio = 1;
  if (spec.otherCpuLoad) {
    out.otherCpuLoadProcesses = spec.otherCpuLoad.processes;
    out.otherCpuLoadCores = spec.otherCpuLoad.cores;
  }
  if (spec.diskImage === 'ram') out.ramBackedDisk = 1;
  return out;
}
