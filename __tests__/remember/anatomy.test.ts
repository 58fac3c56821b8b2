// The anatomy remembered per cache entry (src/remember/anatomy.ts): one key per entry, the document
// checked before use, its roots read back under another workspace path. The store and lookup against
// the local services are in __tests__/restore/reported-tree.test.ts, beside the real reports they keep.
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anatomyDocument, anatomyKey, knownTreeOf, parseAnatomyDocument } from '../../src/remember/anatomy.js';
import { emptyAnatomy, type RestoredTree } from '../../src/restore/restored-tree.js';
import { addToHistogram } from '../../src/restore/size-histogram.js';

const entry = { matchedKey: 'npm-linux-abc', cacheVersion: 'f'.repeat(64) };

function tree(workspace: string): RestoredTree {
  const anatomy = emptyAnatomy();
  for (const size of [10, 5000, 70_000]) {
    anatomy.files++;
    anatomy.entries++;
    anatomy.extractedBytes += size;
    addToHistogram(anatomy.sizeHistogram, size);
  }
  anatomy.directories = 2;
  anatomy.entries += 2;
  const bytesByRoot = new Map([
    [path.join(workspace, 'node_modules'), 75_000],
    [path.join(path.dirname(workspace), 'outside'), 10],
  ]);
  return { anatomy, truncated: false, bytesByRoot };
}

describe('remembered anatomy', () => {
  it('has one key per entry: another matched key or another cache version is another key', () => {
    expect(anatomyKey(entry)).toMatch(/^disk-profiler-anatomy-[0-9a-f]{40}$/);
    expect(anatomyKey(entry)).toBe(anatomyKey({ ...entry }));
    expect(anatomyKey({ ...entry, matchedKey: 'npm-linux-abd' })).not.toBe(anatomyKey(entry));
    expect(anatomyKey({ ...entry, cacheVersion: 'e'.repeat(64) })).not.toBe(anatomyKey(entry));
  });

  it('reads back under another workspace path, roots relative to where tar extracted', () => {
    const doc = anatomyDocument(entry, 1234, tree('/home/runner/work/a/a'), '/home/runner/work/a/a', '2026-11-29T10:00:00.000Z');
    expect(doc.bytesByRoot).toEqual([
      ['node_modules', 75_000],
      ['../outside', 10],
    ]);
    const parsed = parseAnatomyDocument(JSON.parse(JSON.stringify(doc)), entry);
    if (typeof parsed === 'string') throw new Error(parsed);
    const known = knownTreeOf(parsed, '/srv/ws/b', ['/srv/ws/b/node_modules', '/srv/ws/outside']);
    if (typeof known === 'string') throw new Error(known);
    expect(known.tree.anatomy).toEqual(tree('/x').anatomy);
    expect([...known.tree.bytesByRoot]).toEqual([
      ['/srv/ws/b/node_modules', 75_000],
      ['/srv/ws/outside', 10],
    ]);
    expect(known.archiveBytes).toBe(1234);
    expect(known.learned).toEqual({ runId: doc.runId, runAttempt: doc.runAttempt, learnedAt: '2026-11-29T10:00:00.000Z' });
    // Roots it was not learned for: not used.
    expect(knownTreeOf(parsed, '/srv/ws/b', ['/srv/ws/b/node_modules'])).toMatch(/restore roots/);
    expect(knownTreeOf(parsed, '/srv/ws/b', ['/srv/ws/b/node_modules', '/srv/ws/b/other'])).toMatch(/restore roots are not \/srv\/ws\/b\/other/);
  });

  it.each([
    ['not an object', () => 7, /not a JSON object/],
    ['another entry', (d: Record<string, unknown>) => ({ ...d, matchedKey: 'other' }), /another cache entry/],
    ['no run', (d: Record<string, unknown>) => ({ ...d, runId: 5 }), /lacks its run/],
    ['no archive size', (d: Record<string, unknown>) => ({ ...d, archiveBytes: -1 }), /archive size/],
    ['a count that is no count', (d: Record<string, unknown>) => ({ ...d, anatomy: { ...(d.anatomy as object), files: 1.5 } }), /cannot read/],
    [
      "another version's buckets",
      (d: Record<string, unknown>) => ({
        ...d,
        anatomy: { ...(d.anatomy as object), sizeHistogram: (d.anatomy as RestoredTree['anatomy']).sizeHistogram.slice(1) },
      }),
      /cannot read/,
    ],
    ['no bytes per root', (d: Record<string, unknown>) => ({ ...d, bytesByRoot: [['a', 'b']] }), /bytes per restore root/],
  ] as const)('refuses a document with %s, saying why', (_, change, reason) => {
    const doc = JSON.parse(JSON.stringify(anatomyDocument(entry, 1234, tree('/w'), '/w', '2026-11-29T10:00:00.000Z')));
    expect(parseAnatomyDocument(change(doc), entry)).toMatch(reason);
  });
});
