// The attribution said (report/say/attribution.ts): one line per part the judge's facts hold, each kind
// of difference between the disk's bytes and the restore's own in its own words; a recording made
// before the facts keeps the lines it recorded.
import { describe, expect, it } from 'vitest';
import { type Attribution, type AttributionFacts, DISK_WRITES_KINDS, type DiskWritesKind } from '../../../src/profile/schema.js';
import { sayAttribution } from '../../../src/report/say/attribution.js';
import { MiB } from '../../../src/util/units.js';

const diskWrites = (kind: DiskWritesKind, archiveBytes = 0): NonNullable<AttributionFacts['diskWrites']> => ({
  kind,
  tarBytes: 100 * MiB,
  archiveBytes,
  ownBytes: 100 * MiB + archiveBytes,
  deviceBytes: 130 * MiB,
  beyondOwnBytes: 30 * MiB - archiveBytes,
  beyondOwnShare: (30 * MiB - archiveBytes) / (100 * MiB + archiveBytes),
});

const attribution = (facts: AttributionFacts): Attribution => ({
  ownWrittenBytes: null,
  ownCancelledBytes: null,
  deviceWrittenBytes: null,
  otherWriterBytes: null,
  facts,
});

const NONE: AttributionFacts = { earlierSteps: null, archiveDeleted: null, diskWrites: null };

/** What each kind's line must say, and must not. */
const EXPECTED: Record<DiskWritesKind, { says: RegExp; not?: RegExp }> = {
  'another-writer': { says: /^Another writer shared the restore's disk: it wrote 130 MiB during extraction and the tail, 30 MiB more than the restore's own/ },
  'likely-another-writer': { says: /30 MiB \(30%\) more than the restore's own: tar's 100 MiB; more than file-system metadata .* so likely another writer/ },
  'metadata-or-another': { says: /30 MiB \(30%\) more than the restore's own: tar's 100 MiB; file-system metadata and journal, and any other writer/ },
  own: { says: /^The restore's own writes: tar wrote 100 MiB into the page cache; the disk wrote 130 MiB during extraction and the tail\.$/, not: /more than/ },
};

describe('sayAttribution', () => {
  it.each(DISK_WRITES_KINDS)('says the disk writes of kind %s in its own words', (kind) => {
    const [line, ...rest] = sayAttribution(attribution({ ...NONE, diskWrites: diskWrites(kind) }));
    expect(rest).toEqual([]);
    expect(line).toMatch(EXPECTED[kind].says);
    if (EXPECTED[kind].not) expect(line).not.toMatch(EXPECTED[kind].not);
  });

  it('gives each kind a line of its own', () => {
    const lines = DISK_WRITES_KINDS.map((kind) => sayAttribution(attribution({ ...NONE, diskWrites: diskWrites(kind) }))[0]);
    expect(new Set(lines).size).toBe(DISK_WRITES_KINDS.length);
  });

  it("names the archive's bytes in the restore's own where they reached the same disk (1 % of tar's or more)", () => {
    const [line] = sayAttribution(attribution({ ...NONE, diskWrites: diskWrites('metadata-or-another', 10 * MiB) }));
    expect(line).toMatch(/tar's 100 MiB and the archive's 10 MiB that reached the same disk, 110 MiB together/);
  });

  it("says earlier steps' flush and the archive deleted, in the judge's order", () => {
    const lines = sayAttribution(
      attribution({
        earlierSteps: { deviceWrittenBytes: 1024 * MiB, durationMs: 2500, owedBeforeBytes: null },
        archiveDeleted: { writtenBytes: 20 * MiB, cancelledBytes: 19 * MiB },
        diskWrites: diskWrites('own'),
      }),
    );
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Earlier steps' dirty pages: 1 GiB written in 2\.5 s before the lookup, outside/);
    expect(lines[1]).toMatch(/^The archive \(20 MiB written by the download\) was deleted right after extraction, as restoreCache does: 19 MiB of it left/);
    expect(lines[2]).toMatch(/^The restore's own writes/);
  });

  it('keeps the lines an older recording holds where it has no facts, and says nothing without an attribution', () => {
    const { facts: _, ...older } = attribution(NONE);
    expect(sayAttribution({ ...older, sentences: ['As recorded.'] })).toEqual(['As recorded.']);
    expect(sayAttribution(older)).toEqual([]);
    expect(sayAttribution(undefined)).toEqual([]);
  });
});
