/**
 * Node's on-disk compile cache (module.enableCompileCache: Node 22.1 and later; the action runs on node24),
 * kept in the job's RUNNER_TEMP: the main step compiles the bundle's chunks and Node writes V8's code
 * cache as it exits; the post step and the writeback follower read it back instead of compiling again
 * the chunks they share with main (the Actions toolkit, the storage SDK, the judge: BENCHMARKS.md, the
 * repeat run). Nothing outlives the job: the runner empties RUNNER_TEMP after it.
 *
 * A code cache is code, so only a directory this process made, or one of this uid that only it can open,
 * is used (system/owned-dir.ts): a shared host's RUNNER_TEMP may sit where others can write, and their
 * symlink or directory there is never followed.
 * Node checks every entry against its source's hash and recompiles a stale one. Without RUNNER_TEMP (the
 * CLI, tests), on Node 20, or on any failure: nothing, and the step compiles as before.
 */
import module from 'node:module';
import path from 'node:path';
import { errorMessage } from '../util/errors.js';
import { ensureDirectory } from './owned-dir.js';

export const COMPILE_CACHE_DIR_NAME = 'disk-profiler-compile-cache';

export type EnableCompileCache = (dir: string) => { status: number; message?: string; directory?: string };

const nodeEnable = (module as unknown as { enableCompileCache?: EnableCompileCache }).enableCompileCache;

/** The directory used, or why none was. */
export function enableJobCompileCache(
  env: NodeJS.ProcessEnv = process.env,
  enable: EnableCompileCache | undefined = nodeEnable,
): { dir: string } | { skipped: string } {
  if (!enable) return { skipped: `Node ${process.version} has no compile cache` };
  const temp = env.RUNNER_TEMP;
  if (!temp) return { skipped: 'RUNNER_TEMP is not set' };
  const dir = path.join(temp, COMPILE_CACHE_DIR_NAME);
  const unsafe = ensureDirectory(dir, 0o700, 'private');
  if (unsafe) return { skipped: unsafe };
  try {
    enable(dir);
    return { dir };
  } catch (error) {
    return { skipped: errorMessage(error) };
  }
}
