/**
 * Periodic sampler of kernel counters (IO edge). Ticks are scheduled against the caller's origin
 * (k × intervalMs), so timer lateness does not accumulate; a tick missed while the event loop was
 * busy is skipped, not replayed, so a stalled loop does not burst. Counters are cumulative, so any
 * two snapshots give exact totals between them whatever was skipped or thinned.
 */
import { performance } from 'node:perf_hooks';
import type { BlockDeviceInfo, Snapshot } from '../profile/schema.js';
import { type CgroupCpuFiles, readCgroupCpu } from './cgroup.js';
import { pickDiskCounters } from './parse-diskstats.js';
import { parseMeminfo } from './parse-meminfo.js';
import { parsePressure } from './parse-pressure.js';
import { parseProcStat, parseProcStatTotal } from './parse-stat.js';
import { ProcessTreeReader } from './process-tree.js';
import { ProcFile, type ProcReadMode } from './proc-reader.js';

export interface SamplerOptions {
  intervalMs: number;
  devices: BlockDeviceInfo[];
  /** performance.now() value that snapshot times are relative to. */
  originMs: number;
  /** Default '/proc'; for tests. */
  procRoot?: string;
  /** Memory bound on the series; default 4000 (over 6 minutes at 100 ms before thinning). */
  maxSnapshots?: number;
  /** How /proc files are re-read; default 'pread' (the cheaper one, see cost.ts). */
  readMode?: ProcReadMode;
  /** cpu.stat (and v1 cpuacct.usage) of the runner's cgroup that holds the quota; absent: not sampled. */
  cgroupCpu?: CgroupCpuFiles | null;
}

export interface SampleSeries {
  intervalMs: number;
  keptEvery: number;
  snapshots: Snapshot[];
}

interface Entry {
  snapshot: Snapshot;
  /** Tick number k (taken at origin + k × interval); null for boundary snapshots, never thinned. */
  tick: number | null;
}

const DEFAULT_MAX_SNAPSHOTS = 4000;
/** Ten 20-digit counters and "cpu" fit easily; the rest of /proc/stat can be many KiB. */
const STAT_HEAD_BYTES = 512;

export class Sampler {
  private readonly intervalMs: number;
  private readonly originMs: number;
  private readonly procRoot: string;
  private readonly maxSnapshots: number;
  private readonly deviceNames: string[];
  private readonly files: {
    diskstats: ProcFile;
    stat: ProcFile;
    io: ProcFile;
    cpu: ProcFile;
    memory: ProcFile;
    meminfo: ProcFile;
  };
  private readonly tree: ProcessTreeReader;
  /** The cgroup's CPU files, each kept open like the /proc ones. */
  private readonly cgroup: { files: CgroupCpuFiles; open: Map<string, ProcFile> } | null;
  private entries: Entry[] = [];
  private keptEvery = 1;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private lastTick = -1;

  constructor(opts: SamplerOptions) {
    if (!(opts.intervalMs > 0)) throw new RangeError(`intervalMs must be positive, got ${opts.intervalMs}`);
    this.intervalMs = opts.intervalMs;
    this.originMs = opts.originMs;
    this.procRoot = opts.procRoot ?? '/proc';
    this.maxSnapshots = Math.max(2, opts.maxSnapshots ?? DEFAULT_MAX_SNAPSHOTS);
    this.deviceNames = opts.devices.map((d) => d.name);
    const mode = opts.readMode ?? 'pread';
    const file = (path: string) => new ProcFile(`${this.procRoot}/${path}`, mode);
    this.files = {
      diskstats: file('diskstats'),
      stat: file('stat'),
      io: file('pressure/io'),
      cpu: file('pressure/cpu'),
      memory: file('pressure/memory'),
      meminfo: file('meminfo'),
    };
    this.tree = new ProcessTreeReader(this.procRoot, mode);
    const cg = opts.cgroupCpu;
    this.cgroup = cg ? { files: cg, open: new Map([cg.stat, ...(cg.usage ? [cg.usage] : [])].map((f) => [f, new ProcFile(f, mode)])) } : null;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.scheduleNext();
  }

  snapshot(): Snapshot {
    const snapshot = this.read(true);
    snapshot.selfCpuUs = selfCpuUs();
    this.append({ snapshot, tick: null });
    return snapshot;
  }

  stop(): SampleSeries {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const file of Object.values(this.files)) file.close();
    for (const file of this.cgroup?.open.values() ?? []) file.close();
    this.tree.close();
    return { intervalMs: this.intervalMs, keptEvery: this.keptEvery, snapshots: this.entries.map((e) => e.snapshot) };
  }

  private scheduleNext(): void {
    const now = performance.now();
    // Timers can fire a little early or very late: never repeat a tick, never replay missed ones.
    const tick = Math.max(Math.floor((now - this.originMs) / this.intervalMs) + 1, this.lastTick + 1);
    // Rounded up: timers count whole milliseconds and truncate a fraction, which would make every
    // tick fire up to 1 ms before its grid point (libuv's cached loop time can add another bit).
    const delayMs = Math.max(0, Math.ceil(this.originMs + tick * this.intervalMs - now));
    this.timer = setTimeout(() => this.onTick(tick), delayMs);
    // The sampler must never be what keeps the process alive.
    this.timer.unref();
  }

  private onTick(tick: number): void {
    if (!this.running) return;
    this.lastTick = tick;
    if (tick % this.keptEvery === 0) this.append({ snapshot: this.read(false), tick });
    this.scheduleNext();
  }

  private append(entry: Entry): void {
    this.entries.push(entry);
    while (this.entries.length > this.maxSnapshots) {
      const keptEvery = this.keptEvery * 2;
      const thinned = this.entries.filter((e) => e.tick === null || e.tick % keptEvery === 0);
      this.keptEvery = keptEvery;
      if (thinned.length === this.entries.length && thinned.every((e) => e.tick === null)) break;
      this.entries = thinned;
    }
  }

  private read(perCpu: boolean): Snapshot {
    // Disks first: their timestamp matters most (rates are per ms of this clock).
    const tMs = performance.now() - this.originMs;
    const diskText = this.files.diskstats.read();
    const disks = diskText === null ? this.deviceNames.map(() => null) : pickDiskCounters(diskText, this.deviceNames);
    // Periodic samples need only /proc/stat's first line; boundaries read it whole for per-CPU.
    const statText = this.files.stat.read(perCpu ? undefined : STAT_HEAD_BYTES);
    const io = parsePressure(this.files.io.read() ?? '');
    const cpuPressure = parsePressure(this.files.cpu.read() ?? '');
    const memoryPressure = parsePressure(this.files.memory.read() ?? '');
    const meminfo = parseMeminfo(this.files.meminfo.read() ?? '');
    const tree = this.tree.read();
    const snapshot: Snapshot = {
      tMs,
      disks,
      cpu: statText === null ? null : parseProcStatTotal(statText),
      pressure: io || cpuPressure || memoryPressure ? { io, cpu: cpuPressure, memory: memoryPressure } : null,
      memory: meminfo ? { dirtyBytes: meminfo.dirtyBytes, writebackBytes: meminfo.writebackBytes } : null,
      childCpuTicks: tree?.childCpuTicks ?? null,
      selfCpuTicks: tree?.selfCpuTicks ?? null,
      ownIo: tree?.ownIo ?? null,
    };
    // Only while tar and zstd run: most snapshots have none, and thousands of empty lists add up.
    if (tree && tree.processes.length > 0) snapshot.processes = tree.processes;
    if (perCpu && statText !== null) snapshot.perCpu = parseProcStat(statText).perCpu;
    if (this.cgroup) {
      const { files, open } = this.cgroup;
      snapshot.cgroupCpu = readCgroupCpu(files, (f) => open.get(f)?.read() ?? null);
    }
    return snapshot;
  }
}

/**
 * This process's CPU, user + system, from process.cpuUsage(): exact to the microsecond, where
 * /proc's ticks are 10 ms steps. Read at boundaries, so a download of 0.1 s is measured exactly.
 */
export function selfCpuUs(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}
