// Test helpers: real package trees as cache content, and a fingerprint to compare trees byte for byte.
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Copies real installed packages (never generated files) into dest/<package name>. */
export async function copyPackages(dest: string, packages: string[]): Promise<void> {
  for (const name of packages) {
    await cp(path.join(repoRoot, 'node_modules', name), path.join(dest, name), { recursive: true });
  }
}

/** Sorted `relative-path size sha256` lines for every regular file under root. */
export async function treeFingerprint(root: string): Promise<string[]> {
  const lines: string[] = [];
  async function walk(dir: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        const bytes = await readFile(full);
        lines.push(`${path.relative(root, full)} ${(await stat(full)).size} ${createHash('sha256').update(bytes).digest('hex')}`);
      }
    }
  }
  await walk(root);
  return lines.sort();
}

export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), `disk-profiler-${prefix}-`));
}

export async function removeDirs(...dirs: (string | undefined)[]): Promise<void> {
  for (const dir of dirs) if (dir) await rm(dir, { recursive: true, force: true });
}
