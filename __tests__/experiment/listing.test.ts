import { describe, expect, it } from 'vitest';
import { climbOf, parseListing } from '../../src/experiment/listing.js';
import { decompressCommand, extractCommand } from '../../src/experiment/tar-command.js';

// Captured on the dev VM (GNU tar 1.35): an archive made as @actions/cache makes it (`tar --posix -cf
// … -P -C <workspace> … --use-compress-program "zstdmt --long=30"`) of a/ (file, hard link, symlink)
// and ../other/ (a path outside the workspace), listed with `tar -tvf … -P --numeric-owner --full-time`.
const CAPTURED = `drwxr-xr-x 0/0               0 2026-11-23 05:07:58.324366292 a/
drwxr-xr-x 0/0               0 2026-11-23 05:07:58.321266221 a/b/
-rw-r--r-- 0/0               3 2026-11-23 05:07:58.321266221 a/b/f
hrw-r--r-- 0/0               0 2026-11-23 05:07:58.321266221 a/h link to a/b/f
lrwxrwxrwx 0/0               0 2026-11-23 05:07:58.324366292 a/l -> b/f
drwxr-xr-x 0/0               0 2026-11-23 05:07:58.324366292 ../other/
-rw-r--r-- 0/0               2 2026-11-23 05:07:58.324366292 ../other/y
`;

describe('the archive listing', () => {
  it('counts file bytes and how far names climb above the extraction directory', () => {
    expect(parseListing(CAPTURED)).toEqual({ entries: 7, extractedBytes: 5, climbLevels: 1, absolute: [] });
  });
  it('climb: the lowest point of the path, not its end', () => {
    expect(climbOf('a/b/c')).toBe(0);
    expect(climbOf('../../home/runner/.cache/x')).toBe(2);
    expect(climbOf('a/../../b')).toBe(1);
    expect(climbOf('./a/./b')).toBe(0);
  });
  it('absolute names are reported (an extraction elsewhere could not contain them)', () => {
    const l = parseListing('-rw-r--r-- 0/0 10 2026-11-23 05:07:58 /etc/passwd\n');
    expect(l.absolute).toEqual(['/etc/passwd']);
  });
});

describe('commands', () => {
  it("extraction: extractTar's Linux GNU tar arguments, into the experiment's directory", () => {
    expect(extractCommand('/usr/bin/tar', '/a/cache.tzst', '/x/run-1', 'zstd-without-long')).toEqual({
      program: '/usr/bin/tar',
      args: ['-xf', '/a/cache.tzst', '-P', '-C', '/x/run-1', '--use-compress-program', 'unzstd'],
    });
    expect(extractCommand('/usr/bin/tar', '/a/cache.tgz', '/x', 'gzip').args).toEqual(['-xf', '/a/cache.tgz', '-P', '-C', '/x', '-z']);
  });
  it('decompression alone: the same tar and decompression program, writing nothing', () => {
    expect(decompressCommand('/usr/bin/tar', '/a/cache.tzst', 'zstd-without-long')).toEqual({
      program: '/usr/bin/tar',
      args: ['-tf', '/a/cache.tzst', '-P', '--use-compress-program', 'unzstd'],
    });
  });
});
