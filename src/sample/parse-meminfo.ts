/** /proc/meminfo → the page-cache figures the sampler needs, in bytes. Pure. */

export interface MeminfoBytes {
  memTotalBytes: number;
  dirtyBytes: number;
  writebackBytes: number;
}

/** The value of "<key>:" at a line start, in bytes (meminfo's "kB" means KiB); undefined if absent. */
function kibField(text: string, key: string): number | undefined {
  const needle = `${key}:`;
  let at = 0;
  if (!text.startsWith(needle)) {
    const newline = text.indexOf(`\n${needle}`);
    if (newline < 0) return undefined;
    at = newline + 1;
  }
  const match = /^\s*(\d+)/.exec(text.slice(at + needle.length, at + needle.length + 32));
  return match?.[1] === undefined ? undefined : Number(match[1]) * 1024;
}

/** MemTotal in bytes; undefined where absent. */
export function memTotalBytes(text: string): number | undefined {
  return kibField(text, 'MemTotal');
}

/** Null unless Dirty and Writeback are both present. Called every tick: no full split. */
export function parseMeminfo(text: string): MeminfoBytes | null {
  const dirtyBytes = kibField(text, 'Dirty');
  const writebackBytes = kibField(text, 'Writeback');
  if (dirtyBytes === undefined || writebackBytes === undefined) return null;
  return { memTotalBytes: memTotalBytes(text) ?? 0, dirtyBytes, writebackBytes };
}
