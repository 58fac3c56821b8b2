/** /proc/<pid>/mountinfo (proc(5)) and longest-prefix lookup. Pure. */

export interface MountEntry {
  mountId: number;
  /** "major:minor" of st_dev for files on this mount (0:N for tmpfs, overlay, btrfs, nfs...). */
  devNumber: string;
  root: string;
  mountPoint: string;
  mountOptions: string;
  fsType: string;
  source: string;
  superOptions: string;
}

/** The kernel escapes space, tab, newline and backslash in paths as octal (\040 ...). */
export function unescapeMountField(value: string): string {
  return value.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

export function parseMountinfo(text: string): MountEntry[] {
  const entries: MountEntry[] = [];
  for (const line of text.split('\n')) {
    const f = line.trim().split(' ');
    // Optional fields (shared:N, master:N ...) end at a lone "-".
    const dash = f.indexOf('-', 6);
    if (f.length < 10 || dash < 0) continue;
    entries.push({
      mountId: Number(f[0]),
      devNumber: f[2] ?? '',
      root: unescapeMountField(f[3] ?? ''),
      mountPoint: unescapeMountField(f[4] ?? ''),
      mountOptions: f[5] ?? '',
      fsType: f[dash + 1] ?? '',
      source: unescapeMountField(f[dash + 2] ?? ''),
      superOptions: f[dash + 3] ?? '',
    });
  }
  return entries;
}

function isUnder(path: string, mountPoint: string): boolean {
  if (mountPoint === '/') return path.startsWith('/');
  return path === mountPoint || path.startsWith(`${mountPoint}/`);
}

/**
 * The mount serving an absolute, symlink-free path: the longest mount point that is a prefix;
 * among mounts stacked on the same point, the last listed is on top.
 */
export function findMount(entries: readonly MountEntry[], realPath: string): MountEntry | null {
  let best: MountEntry | null = null;
  for (const entry of entries) {
    if (!isUnder(realPath, entry.mountPoint)) continue;
    if (!best || entry.mountPoint.length >= best.mountPoint.length) best = entry;
  }
  return best;
}

/**
 * An overlay's layers from its super options ("lowerdir=/a:/b,upperdir=/u,workdir=/w"). The kernel
 * escapes a comma inside a path as "\,"; a read-only overlay has no upperdir.
 */
export function overlayLayers(superOptions: string): { upperDir?: string; lowerDirs: string[] } {
  const options = new Map<string, string>();
  for (const option of superOptions.split(/(?<!\\),/)) {
    const eq = option.indexOf('=');
    if (eq > 0) options.set(option.slice(0, eq), unescapeMountField(option.slice(eq + 1).replace(/\\,/g, ',')));
  }
  const upperDir = options.get('upperdir');
  const lowerDirs = (options.get('lowerdir') ?? '')
    .split(/(?<!\\):/)
    .filter((d) => d !== '')
    .map((d) => d.replace(/\\:/g, ':'));
  return upperDir ? { upperDir, lowerDirs } : { lowerDirs };
}

/** "major:minor" with a non-zero major: a block device's file system (0:N are anonymous: tmpfs, overlay, btrfs). */
export function isBlockDevNumber(devNumber: string): boolean {
  return /^[1-9]\d*:\d+$/.test(devNumber);
}
