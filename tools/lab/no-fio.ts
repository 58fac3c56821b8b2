/**
 * A runner without fio (no passwordless sudo, no apt-get): a directory of symlinks to every command
 * on PATH but fio, used as the step's whole PATH. The lab never installs fio (install-fio false).
 */
import { mkdirSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';

export function pathWithout(dir: string, missing: readonly string[], searchPath = process.env.PATH ?? ''): string {
  const bin = path.join(dir, 'path-without-fio');
  mkdirSync(bin);
  const seen = new Set<string>(missing);
  for (const d of searchPath.split(':').filter(Boolean)) {
    let names: string[] = [];
    try {
      names = readdirSync(d);
    } catch {
      continue;
    }
    for (const name of names) {
      if (seen.has(name)) continue;
      const target = path.join(d, name);
      try {
        if (!statSync(target).isFile()) continue;
      } catch {
        continue;
      }
      seen.add(name);
      symlinkSync(target, path.join(bin, name));
    }
  }
  return bin;
}
