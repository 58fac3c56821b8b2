/**
 * What this process and its descendants (tar, zstd) used, read from /proc without scanning it (IO
 * edge). Reaped children are already folded into this process's counters by the kernel (cutime and
 * cstime in stat, every field of io); live descendants are found through
 * /proc/<pid>/task/<tid>/children and added, so the totals only grow as processes exit.
 *
 * Bounded: each tick reads this process's three files and four per followed descendant, and at most
 * MAX_FOLLOWED descendants are followed (a restore has two or three: tar, zstd). One followed stays
 * followed while it lives, so a total never drops; one beyond the bound is not read while it lives,
 * and its CPU and I/O join the totals when its parent reaps it (cutime, cstime and io are the kernel's
 * sums of reaped children), as a step at that tick.
 */
import { readFileSync } from 'node:fs';
import type { OwnIo, ProcessTicks } from '../profile/schema.js';
import { addIo, parsePidIo } from './parse-pid-io.js';
import { parsePidSchedstat, schedstatCounts } from './parse-pid-schedstat.js';
import { parsePidStat } from './parse-pid-stat.js';
import { ProcFile, type ProcReadMode } from './proc-reader.js';

/** The most descendants read per tick: 4 files each, so a tick reads at most 3 + 4 × this many files. */
export const MAX_FOLLOWED = 16;

export interface ProcessTreeReading {
  /** user+system ticks of every descendant, reaped and live. */
  childCpuTicks: number;
  /** user+system ticks of this process alone. */
  selfCpuTicks: number;
  /** null where /proc/<pid>/io cannot be read (kernels without task I/O accounting). */
  ownIo: OwnIo | null;
  processes: ProcessTicks[];
  /** Files this reading read (its bound: 3 + 4 × MAX_FOLLOWED). */
  filesRead: number;
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
  /** The descendants followed (read each tick while they live), at most maxFollowed. */
  private readonly followed = new Set<string>();

  constructor(
    private readonly procRoot: string,
    private readonly mode: ProcReadMode,
    private readonly maxFollowed = MAX_FOLLOWED,
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
    let filesRead = 3;
    let childCpuTicks = self.cutimeTicks + self.cstimeTicks;
    let ownIo = parsePidIo(this.selfIo.read() ?? '');
    const processes: ProcessTicks[] = [];
    // Only the main thread's children: Node spawns from the event-loop thread (uv_spawn), and
    // listing every thread would cost a readdir plus a read per thread on each tick.
    this.selfChildren ??= new ProcFile(`${this.procRoot}/self/task/${self.pid}/children`, this.mode);
    const queue = pidList(this.selfChildren.read());
    const seen = new Set<string>();
    // One followed before keeps its place while it lives; new ones wait until those are read, then
    // take the places that are free (of those that exited), in the order listed.
    const waiting: string[] = [];
    const visit = (pid: string): void => {
      // Descendants come and go: plain reads, nothing kept open.
      filesRead += 4;
      const stat = parsePidStat(readOrNull(`${this.procRoot}/${pid}/stat`) ?? '');
      if (!stat) {
        // Exited between listing and reading: now in its parent's counters.
        this.followed.delete(pid);
        return;
      }
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
    };
    const drain = (admit: boolean): void => {
      while (queue.length > 0) {
        const pid = queue.shift() as string;
        if (seen.has(pid) || this.before.has(pid)) continue;
        if (!this.followed.has(pid)) {
          if (!admit) {
            waiting.push(pid);
            continue;
          }
          if (this.followed.size >= this.maxFollowed) continue;
          this.followed.add(pid);
        }
        seen.add(pid);
        visit(pid);
      }
    };
    drain(false);
    // Gone from the tree (exited and reaped): their places are free again.
    for (const pid of this.followed) if (!seen.has(pid)) this.followed.delete(pid);
    queue.push(...waiting);
    drain(true);
    return { childCpuTicks, selfCpuTicks: self.utimeTicks + self.stimeTicks, ownIo, processes, filesRead };
  }

  close(): void {
    this.selfStat.close();
    this.selfIo.close();
    this.selfChildren?.close();
  }
}
