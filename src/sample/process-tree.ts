/**
 * What this process and its descendants (tar, zstd) used, read from /proc without scanning it (IO
 * edge). Reaped children are already folded into this process's counters by the kernel (cutime and
 * cstime in stat, every field of io); live descendants are found through
 * /proc/<pid>/task/<tid>/children and added, so the totals only grow as processes exit.
 */
import { readFileSync } from 'node:fs';
import type { OwnIo, ProcessTicks } from '../profile/schema.js';
import { addIo, parsePidIo } from './parse-pid-io.js';
import { parsePidSchedstat, schedstatCounts } from './parse-pid-schedstat.js';
import { parsePidStat } from './parse-pid-stat.js';
import { ProcFile, type ProcReadMode } from './proc-reader.js';

export interface ProcessTreeReading {
  /** user+system ticks of every descendant, reaped and live. */
  childCpuTicks: number;
  /** user+system ticks of this process alone. */
  selfCpuTicks: number;
  /** null where /proc/<pid>/io cannot be read (kernels without task I/O accounting). */
  ownIo: OwnIo | null;
  processes: ProcessTicks[];
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return null;
  }
}

function pidList(text: string | null): string[] {
  return text ? text.split(' ').filter((p) => p.trim() !== '') : [];
}

export class ProcessTreeReader {
  private readonly selfStat: ProcFile;
  private readonly selfIo: ProcFile;
  private selfChildren: ProcFile | null = null;
  /**
   * Descendants that were already running when the reader was made (a local cache service in the
   * lab or a test, say): not the restore's, so neither their CPU nor their I/O is counted.
   */
  private readonly before = new Set<string>();

  constructor(
    private readonly procRoot: string,
    private readonly mode: ProcReadMode,
  ) {
    this.selfStat = new ProcFile(`${procRoot}/self/stat`, mode);
    this.selfIo = new ProcFile(`${procRoot}/self/io`, mode);
    const self = parsePidStat(this.selfStat.read() ?? '');
    const queue = self ? pidList(readOrNull(`${procRoot}/self/task/${self.pid}/children`)) : [];
    while (queue.length > 0) {
      const pid = queue.shift() as string;
      if (this.before.has(pid)) continue;
      this.before.add(pid);
      queue.push(...pidList(readOrNull(`${procRoot}/${pid}/task/${pid}/children`)));
    }
  }

  /** null without /proc/self/stat. */
  read(): ProcessTreeReading | null {
    const self = parsePidStat(this.selfStat.read() ?? '');
    if (!self) return null;
    let childCpuTicks = self.cutimeTicks + self.cstimeTicks;
    let ownIo = parsePidIo(this.selfIo.read() ?? '');
    const processes: ProcessTicks[] = [];
    // Only the main thread's children: Node spawns from the event-loop thread (uv_spawn), and
    // listing every thread would cost a readdir plus a read per thread on each tick.
    this.selfChildren ??= new ProcFile(`${this.procRoot}/self/task/${self.pid}/children`, this.mode);
    const queue = pidList(this.selfChildren.read());
    const seen = new Set<string>();
    while (queue.length > 0) {
      const pid = queue.shift() as string;
      if (seen.has(pid) || this.before.has(pid)) continue;
      seen.add(pid);
      // Descendants come and go: plain reads, nothing kept open.
      const stat = parsePidStat(readOrNull(`${this.procRoot}/${pid}/stat`) ?? '');
      if (!stat) continue; // Exited between listing and reading: now in its parent's counters.
      const ownTicks = stat.utimeTicks + stat.stimeTicks;
      childCpuTicks += ownTicks + stat.cutimeTicks + stat.cstimeTicks;
      // Read while the process lives: a reaped task's schedstat is gone, and no parent counter keeps it.
      const sched = parsePidSchedstat(readOrNull(`${this.procRoot}/${pid}/schedstat`) ?? '');
      processes.push({
        pid: stat.pid,
        comm: stat.comm,
        cpuTicks: ownTicks,
        ppid: stat.ppid,
        reapedTicks: stat.cutimeTicks + stat.cstimeTicks,
        ...(sched && schedstatCounts(sched, ownTicks) ? { runDelayNs: sched.runDelayNs } : {}),
      });
      const io = parsePidIo(readOrNull(`${this.procRoot}/${pid}/io`) ?? '');
      if (ownIo && io) ownIo = addIo(ownIo, io);
      queue.push(...pidList(readOrNull(`${this.procRoot}/${pid}/task/${pid}/children`)));
    }
    return { childCpuTicks, selfCpuTicks: self.utimeTicks + self.stimeTicks, ownIo, processes };
  }

  close(): void {
    this.selfStat.close();
    this.selfIo.close();
    this.selfChildren?.close();
  }
}
