/**
 * Node's on-disk compile cache (module.enableCompileCache: Node 22.1 and later; the action runs on node24),
 * kept in the job's RUNNER_TEMP: the main step compiles the bundle's chunks and Node writes V8's code
 * cache as it exits; the post step and the writeback follower read it back instead of compiling again
 * the chunks they share with main (the Actions toolkit, the storage SDK, the judge: BENCHMARKS.md, the
 * repeat run). Nothing outlives the job: the runner empties RUNNER_TEMP after it.
 *
 * A code cache is code, so only a directory this process made, or one of this uid that no other can write,
 * is used (a shared host's RUNNER_TEMP may sit where others can write: never follow their symlinks).
 * Node checks every entry against its source's hash and recompiles a stale one. Without RUNNER_TEMP (the
 * CLI, tests), on Node 20, or on any failure: nothing, and the step compiles as before.
 */
import { lstatSync, mkdirSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { errorMessage } from '../util/errors.js';

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
  try {
    ownedPrivateDirectory(dir);
    enable(dir);
    return { dir };
  } catch (error) {
    return { skipped: errorMessage(error) };
  }
}

/** Makes dir (0700), or accepts an existing one only when it is a real directory of this uid that no other can write. */
export function ownedPrivateDirectory(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const st = lstatSync(dir);
  if (!st.isDirectory()) throw new Error(`${dir} is not a directory of its own (a symlink or a file)`);
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== uid) throw new Error(`${dir} belongs to uid ${st.uid}, not this process's ${uid}`);
  if ((st.mode & 0o022) !== 0) throw new Error(`${dir} can be written by others (mode ${(st.mode & 0o777).toString(8)})`);
}
