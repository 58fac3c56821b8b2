import { describe, expect, it } from 'vitest';
import { parseVerboseLine } from '../../src/restore/tar-verbose-line.js';

// Captured on the dev VM (GNU tar 1.35, 2026-11-29) from `tar -tvf x.tar -P --numeric-owner --full-time` of
// a tree made with `head -c`: tar trims the nanoseconds' trailing zeros and pads the field with spaces.
// Read as part of the name, those spaces made " tree/..." a cluster of its own in the sampler's census.
const PADDED = [
  'drwxr-xr-x 0/0               0 2026-11-29 08:25:07.1182564   tree/pkg-39/lib/',
  '-rw-r--r-- 0/0            8731 2026-11-29 08:25:07.1182564   tree/pkg-39/lib/f8.js',
  '-rw-r--r-- 0/0            7487 2026-11-29 08:25:06.96643445  tree/pkg-30/lib/f7.js',
  '-rw-r--r-- 0/0               3 2026-11-29 08:25:02.423617318 t/a/f1',
];

describe("a line of tar's verbose listing", () => {
  it('--full-time: the padding of a trimmed nanosecond field is not part of the name', () => {
    expect(PADDED.map((l) => parseVerboseLine(l))).toEqual([
      { type: 'd', sizeBytes: 0, name: 'tree/pkg-39/lib/' },
      { type: '-', sizeBytes: 8731, name: 'tree/pkg-39/lib/f8.js' },
      { type: '-', sizeBytes: 7487, name: 'tree/pkg-30/lib/f7.js' },
      { type: '-', sizeBytes: 3, name: 't/a/f1' },
    ]);
  });
  it('without --full-time (the restore report: -vv), minutes only: one space, then the name as it is', () => {
    expect(parseVerboseLine('-rw-r--r-- root/root      1234 2024-01-01 00:00  lead-space')).toEqual({ type: '-', sizeBytes: 1234, name: ' lead-space' });
    expect(parseVerboseLine('lrwxrwxrwx root/root         0 2024-01-01 00:00 a/l -> b/f')).toEqual({ type: 'l', sizeBytes: 0, name: 'a/l' });
    expect(parseVerboseLine('hrw-r--r-- root/root         0 2024-01-01 00:00 a/h link to a/b/f')).toEqual({ type: 'h', sizeBytes: 0, name: 'a/h' });
  });
  it('a line that is no member (a warning) is null', () => {
    expect(parseVerboseLine("tar: Removing leading `/' from member names")).toBeNull();
  });
});
