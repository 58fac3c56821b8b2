/**
 * One line of GNU tar's verbose listing (`tar -tv`, or `-xvv` while it extracts): the member's type,
 * size and name. Pure. "-rw-r--r-- 0/0 1234 2024-01-01 00:00:00 name" (seconds with --full-time);
 * symlinks end "name -> target", hard links "name link to target", devices give "8,1" as the size.
 */
export interface VerboseMember {
  /** tar's type letter: '-' file, 'd' directory, 'l' symlink, 'h' hard link, others (c, b, p, ...). */
  type: string;
  /** Bytes of content for a regular file; 0 for anything else. */
  sizeBytes: number;
  name: string;
}

/**
 * With --full-time GNU tar trims the nanoseconds' trailing zeros and pads the field to its width with
 * spaces ("08:25:07.1182564   tree/"): the padding is the field's, not the name's (` *` before the one separator).
 */
const LINE = /^(\S)\S*\s+\S+\s+(\S+)\s+\d{4}-\d\d-\d\d\s+\d\d:\d\d(?::\d\d(?:\.\d+ *)?)?\s(.*)$/;

export function parseVerboseLine(line: string): VerboseMember | null {
  const m = LINE.exec(line);
  if (!m) return null;
  const [, type, size, rest] = m as unknown as [string, string, string, string];
  let name = rest;
  if (type === 'l') name = rest.split(' -> ')[0] ?? rest;
  else if (type === 'h') name = rest.split(' link to ')[0] ?? rest;
  return { type, sizeBytes: type === '-' ? Number(size) || 0 : 0, name };
}
