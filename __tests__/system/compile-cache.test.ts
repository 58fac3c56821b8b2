// The job's compile cache (src/system/compile-cache.ts): on in RUNNER_TEMP only in a directory of this uid
// that no other can write; off, with the reason, without RUNNER_TEMP or without Node's API. The real
// Node 24 API is exercised by the bundled action's runs under Node 24 (.ci/run) and the repeat-run bench.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync, chownSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prerequisite } from '../helpers/prerequisites.js';
import { COMPILE_CACHE_DIR_NAME, enableJobCompileCache, type EnableCompileCache } from '../../src/system/compile-cache.js';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});
function temp(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), 'dp-compile-cache-'));
  made.push(d);
  return d;
}
function recorder(): { enable: EnableCompileCache; dirs: string[] } {
  const dirs: string[] = [];
  const enable: EnableCompileCache = (dir) => {
    dirs.push(dir);
    return { status: 1, directory: dir };
  };
  return { dirs, enable };
}

describe('enableJobCompileCache', () => {
  it('makes an owner-only directory in RUNNER_TEMP and turns the cache on there', () => {
    const runnerTemp = temp();
    const r = recorder();
    const result = enableJobCompileCache({ RUNNER_TEMP: runnerTemp }, r.enable);
    const dir = path.join(runnerTemp, COMPILE_CACHE_DIR_NAME);
    expect(result).toEqual({ dir });
    expect(r.dirs).toEqual([dir]);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    // The next step of the same job finds it and uses it.
    expect(enableJobCompileCache({ RUNNER_TEMP: runnerTemp }, r.enable)).toEqual({ dir });
  });

  it('is off without RUNNER_TEMP or without the API, saying why', () => {
    const r = recorder();
    expect(enableJobCompileCache({}, r.enable)).toEqual({ skipped: 'RUNNER_TEMP is not set' });
    expect(enableJobCompileCache({ RUNNER_TEMP: temp() }, undefined)).toEqual({ skipped: expect.stringContaining('has no compile cache') });
    expect(r.dirs).toEqual([]);
  });

  it('refuses a symlink, a file, a directory others can write or one others can open', () => {
    const r = recorder();
    const elsewhere = temp();
    const link = temp();
    symlinkSync(elsewhere, path.join(link, COMPILE_CACHE_DIR_NAME));
    expect(enableJobCompileCache({ RUNNER_TEMP: link }, r.enable)).toEqual({ skipped: expect.stringContaining('is a symbolic link, not a directory') });
    const file = temp();
    writeFileSync(path.join(file, COMPILE_CACHE_DIR_NAME), '');
    expect(enableJobCompileCache({ RUNNER_TEMP: file }, r.enable)).toEqual({ skipped: expect.stringMatching(/ is not a directory$/) });
    const open = temp();
    mkdirSync(path.join(open, COMPILE_CACHE_DIR_NAME));
    chmodSync(path.join(open, COMPILE_CACHE_DIR_NAME), 0o777);
    expect(enableJobCompileCache({ RUNNER_TEMP: open }, r.enable)).toEqual({
      skipped: expect.stringContaining('is writable by other users without the sticky bit (mode 0777)'),
    });
    // Nor one that others may only read: this code makes it 0700, so such a one is not its own (private: ours alone, as the machine's own directory).
    const readable = temp();
    mkdirSync(path.join(readable, COMPILE_CACHE_DIR_NAME));
    chmodSync(path.join(readable, COMPILE_CACHE_DIR_NAME), 0o755);
    expect(enableJobCompileCache({ RUNNER_TEMP: readable }, r.enable)).toEqual({ skipped: expect.stringContaining('is open to other users (mode 0755)') });
    expect(r.dirs).toEqual([]);
  });

  it.runIf(prerequisite('root (to chown a directory to another uid)', process.getuid?.() === 0))(
    'refuses a directory another uid made (as root: a real chown)',
    () => {
      const r = recorder();
      const other = temp();
      const dir = path.join(other, COMPILE_CACHE_DIR_NAME);
      mkdirSync(dir, { mode: 0o700 });
      chownSync(dir, 65534, 65534);
      expect(enableJobCompileCache({ RUNNER_TEMP: other }, r.enable)).toEqual({ skipped: expect.stringContaining('is owned by uid 65534, not by this user') });
      expect(r.dirs).toEqual([]);
    },
  );
});
