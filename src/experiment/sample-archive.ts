/**
 * The nested sample archives, made in one pass: the archive through its own decompressor, the tar
 * stream split by TarSampleFilter, each sample compressed again by the program @actions/cache's
 * createTar uses for that compression method (so that its extraction is the same command). Timed: its
 * time is the experiments' (counted in the budget). IO edge.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { TarSampleFilter } from './sample-filter.js';
import { SampleSelector, type ClusterPlan, type SampleCounts } from './sample-select.js';
import type { ChildRegistry } from './processes.js';
import type { Command } from './tar-command.js';
import { monotonicMs } from '../util/clock.js';

/** The decompressor alone, to stdout: the program extractCommand hands tar. */
export function decompressToStdout(archivePath: string, compressionMethod: string): Command {
  if (compressionMethod === 'zstd') return { program: 'unzstd', args: ['--long=30', '-c', archivePath] };
  if (compressionMethod === 'zstd-without-long') return { program: 'unzstd', args: ['-c', archivePath] };
  if (compressionMethod === 'gzip') return { program: 'gzip', args: ['-dc', archivePath] };
  throw new RangeError(`compression method: ${JSON.stringify(compressionMethod)} given, zstd, zstd-without-long or gzip allowed`);
}

/** stdin to stdout compressed as @actions/cache 6.3.0's createTar compresses (getCompressionProgram: zstdmt, or tar -z's gzip). */
export function compressFromStdin(compressionMethod: string): Command {
  if (compressionMethod === 'zstd') return { program: 'zstdmt', args: ['--long=30', '-q', '-c'] };
  if (compressionMethod === 'zstd-without-long') return { program: 'zstdmt', args: ['-q', '-c'] };
  if (compressionMethod === 'gzip') return { program: 'gzip', args: ['-c'] };
  throw new RangeError(`compression method: ${JSON.stringify(compressionMethod)} given, zstd, zstd-without-long or gzip allowed`);
}

export interface SampleArchives {
  /** Index 0 the large sample, 1 the small one (SampleSelector.steps). */
  paths: string[];
  counts: SampleCounts[];
  steps: readonly number[];
  durationMs: number;
}

/** Resolves when the child exits 0; rejects naming it, its exit, and the last lines it wrote to stderr. */
export function exited(child: ChildProcess, what: string): Promise<void> {
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (c: string) => {
    stderr = (stderr + c).slice(-2000);
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${what} failed (${signal ?? `exit code ${code}`})${stderr.trim() ? `: ${stderr.trim().split('\n').slice(-2).join(' | ')}` : ''}`)),
    );
  });
}

/** Writes the nested samples of `archivePath` that the cluster plan chose to `outPaths` (large, small). */
export async function buildSampleArchives(p: {
  archivePath: string;
  compressionMethod: string;
  plan: ClusterPlan;
  outPaths: readonly [string, string];
  registry: ChildRegistry;
}): Promise<SampleArchives> {
  const started = monotonicMs();
  const selector = new SampleSelector(p.plan);
  const filter = new TarSampleFilter(selector);
  const dec = decompressToStdout(p.archivePath, p.compressionMethod);
  const reader = spawn(dec.program, dec.args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  p.registry.add(reader);
  const comp = compressFromStdin(p.compressionMethod);
  const fds = p.outPaths.map((out) => openSync(out, 'wx', 0o600));
  const writers = fds.map((fd) => {
    const w = spawn(comp.program, comp.args, { stdio: ['pipe', fd, 'pipe'], detached: true });
    p.registry.add(w);
    return w;
  });
  const done = [exited(reader, dec.program), ...writers.map((w) => exited(w, comp.program))];
  const write = (pieces: Buffer[][]) => {
    let full = false;
    pieces.forEach((list, i) => {
      const stdin = writers[i]?.stdin;
      for (const piece of list) if (stdin && !stdin.write(piece)) full = true;
    });
    return full;
  };
  let failure: unknown = null;
  const fail = (error: unknown) => {
    failure ??= error;
    p.registry.killAll();
  };
  try {
    await new Promise<void>((resolve, reject) => {
      reader.stdout?.on('data', (chunk: Buffer) => {
        try {
          if (write(filter.push(chunk))) {
            reader.stdout?.pause();
            let waiting = writers.filter((w) => w.stdin?.writableNeedDrain).length;
            for (const w of writers)
              if (w.stdin?.writableNeedDrain)
                w.stdin.once('drain', () => {
                  if (--waiting === 0) reader.stdout?.resume();
                });
          }
        } catch (error) {
          reject(error);
        }
      });
      reader.stdout?.once('end', () => {
        try {
          write(filter.end());
          for (const w of writers) w.stdin?.end();
          resolve();
        } catch (error) {
          reject(error);
        }
      });
      for (const w of writers) w.stdin?.on('error', reject);
    }).catch(fail);
    await Promise.all(done).catch(fail);
  } finally {
    for (const fd of fds) closeSync(fd);
  }
  if (failure) throw failure;
  return { paths: [...p.outPaths], counts: selector.counts, steps: selector.steps, durationMs: monotonicMs() - started };
}
