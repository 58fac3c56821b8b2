/**
 * CPU ticks of this process's children (tar, zstd), read from /proc without scanning it (IO edge).
 * cutime+cstime of this process covers children already reaped (and what they reaped); live
 * descendants are found through /proc/<pid>/task/<tid>/children and counted with their own
 * cutime+cstime, so the total only grows as processes exit and are waited for.
 */
import { readFileSync } from 'node:fs';
import { parsePidStat } from './parse-pid-stat.js';
import { ProcFile, type ProcReadMode } from './proc-reader.js';

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

export class ChildCpuReader {
  private readonly selfStat: ProcFile;
  private selfChildren: ProcFile | null = null;

  constructor(
    private readonly procRoot: string,
    private readonly mode: ProcReadMode,
  ) {
    this.selfStat = new ProcFile(`${procRoot}/self/stat`, mode);
  }

  /** Total user+system ticks of all children, reaped and live; null without /proc/self/stat. */
  read(): number | null {
    const self = parsePidStat(this.selfStat.read() ?? '');
    if (!self) return null;
    let ticks = self.cutimeTicks + self.cstimeTicks;
    // Only the main thread's children: Node spawns from the event-loop thread (uv_spawn), and
    // listing every thread would cost a readdir plus a read per thread on each tick.
    this.selfChildren ??= new ProcFile(`${this.procRoot}/self/task/${self.pid}/children`, this.mode);
    const queue = pidList(this.selfChildren.read());
    const seen = new Set<string>();
    while (queue.length > 0) {
      const pid = queue.shift() as string;
      if (seen.has(pid)) continue;
      seen.add(pid);
      // Descendants come and go (tar, zstd): plain reads, nothing kept open.
      const stat = parsePidStat(readOrNull(`${this.procRoot}/${pid}/stat`) ?? '');
      if (!stat) continue; // Exited between listing and reading: now in its parent's cutime.
      ticks += stat.utimeTicks + stat.stimeTicks + stat.cutimeTicks + stat.cstimeTicks;
      queue.push(...pidList(readOrNull(`${this.procRoot}/${pid}/task/${pid}/children`)));
    }
    return ticks;
  }

  close(): void {
    this.selfStat.close();
    this.selfChildren?.close();
  }
}
