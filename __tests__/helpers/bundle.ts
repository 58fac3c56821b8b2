// A test's small target script, bundled into a world-readable temp directory so that plain node runs
// it under other users, setpriv or unshare (vite-node needs the repository and its user). And the
// command line that runs something with /proc/sys read-only, as a container job has it.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { repoRoot } from './tree.js';

export interface Bundled {
  /** The bundled script (ESM), for `node <script>`. */
  script: string;
  remove: () => void;
}

/** Bundles `entry` (relative to the repository) into a fresh 0755 directory. For beforeAll; remove() in afterAll. */
export function bundleScript(entry: string): Bundled {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'disk-profiler-target-'));
  chmodSync(dir, 0o755);
  const script = path.join(dir, `${path.basename(entry, '.ts')}.mjs`);
  buildSync({ entryPoints: [path.join(repoRoot, entry)], bundle: true, platform: 'node', format: 'esm', outfile: script, logLevel: 'warning' });
  chmodSync(script, 0o644);
  return { script, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `cmd` in a private mount namespace where /proc/sys is bound onto itself read-only (needs root, unshare, mount). */
export function withReadOnlyProcSys(cmd: string[]): [string, string[]] {
  return [
    'unshare',
    ['-m', '--propagation', 'private', 'sh', '-c', 'mount --bind /proc/sys /proc/sys && mount -o remount,bind,ro /proc/sys && exec "$@"', 'sh', ...cmd],
  ];
}
