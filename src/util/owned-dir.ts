/**
 * Directories the profiler creates and may therefore remove: each carries our name prefix and a
 * marker file written when it was made. Nothing without both is ever removed.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Writes the marker into a directory just made; fails if one is there already. */
export function writeOwnerMarker(dir: string, markerName: string): void {
  fs.writeFileSync(path.join(dir, markerName), `${JSON.stringify({ tool: 'disk-profiler', pid: process.pid, createdAt: new Date().toISOString() })}\n`, {
    flag: 'wx',
  });
}

/** Why `dir` is not one of ours (by prefix, kind and marker), or null when it is. */
export function notOwnedReason(dir: string, prefix: string, markerName: string): string | null {
  if (!path.basename(dir).startsWith(prefix)) return `name does not start with ${prefix}`;
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(dir);
  } catch {
    return 'does not exist';
  }
  if (!stat.isDirectory()) return 'not a directory (or a symbolic link)';
  const marker = path.join(dir, markerName);
  if (!fs.existsSync(marker) || !fs.lstatSync(marker).isFile()) return `has no ${markerName} marker`;
  return null;
}
