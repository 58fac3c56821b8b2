/**
 * The log as actions/cache users read it: one collapsible group per phase (::group::), a progress line
 * every so often while a long phase runs, so a silent extraction is not mistaken for a hang. The groups
 * follow the phase boundaries the measurement takes, so the log and the profile name the same phases.
 */
import * as core from '@actions/core';

export interface LogSink {
  startGroup(title: string): void;
  endGroup(): void;
  info(line: string): void;
}

const coreSink: LogSink = { startGroup: core.startGroup, endGroup: core.endGroup, info: core.info };

export const PHASE_TITLES: Record<string, string> = {
  lookup: 'Restore: lookup (cache service)',
  download: 'Restore: download',
  extract: 'Restore: extraction (tar + zstd)',
  writeback: 'Restore: writeback tail (page cache to disk)',
  probes: 'fio probes',
  list: 'Save: listing the paths',
  archive: 'Save: creating the archive (tar + zstd)',
  reserve: 'Save: reserving the entry',
  upload: 'Save: upload',
  commit: 'Save: commit',
};

export class PhaseLog {
  private open: { title: string; startedMs: number; timer: NodeJS.Timeout } | null = null;

  constructor(
    private readonly sink: LogSink = coreSink,
    private readonly progressEveryMs = 10_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Ends the open group and, with a phase, opens its group. */
  enter(phase: string | null): void {
    this.close();
    if (phase === null) return;
    const title = PHASE_TITLES[phase] ?? phase;
    this.sink.startGroup(title);
    const startedMs = this.now();
    const timer = setInterval(() => this.sink.info(`${title}: still running after ${Math.round((this.now() - startedMs) / 1000)} s`), this.progressEveryMs);
    timer.unref();
    this.open = { title, startedMs, timer };
  }

  close(): void {
    if (!this.open) return;
    clearInterval(this.open.timer);
    this.sink.endGroup();
    this.open = null;
  }
}
