/**
 * Whose bytes the restore's disk wrote, said: the judge's typed facts (judge/attribution.ts attribute:
 * earlier steps' flush, the archive deleted, the disk's bytes against the restore's own and which kind
 * of difference that is) turned into the lines the summary lists. Nothing here decides. Pure.
 */
import type { Attribution, AttributionFacts, DiskWritesKind } from '../../profile/schema.js';
import { METADATA_OVERHEAD_SHARE } from '../../judge/thresholds.js';
import { bytes, percent, seconds } from '../../util/format.js';

function earlierStepsLine(e: NonNullable<AttributionFacts['earlierSteps']>): string {
  const found = e.owedBeforeBytes === null ? '' : ` (Dirty + Writeback machine-wide before it: ${bytes(e.owedBeforeBytes)})`;
  const written = e.deviceWrittenBytes === null ? 'flushed' : `${bytes(e.deviceWrittenBytes)} written`;
  return `Earlier steps' dirty pages: ${written} in ${seconds(e.durationMs)} before the lookup${found}, outside the restore's time and figures.`;
}

function archiveDeletedLine(a: NonNullable<AttributionFacts['archiveDeleted']>): string {
  return `The archive (${bytes(a.writtenBytes)} written by the download) was deleted right after extraction, as restoreCache does: ${bytes(a.cancelledBytes)} of it left the page cache unwritten.`;
}

type DiskWrites = NonNullable<AttributionFacts['diskWrites']>;

/**
 * What "own" adds up, named where the percentage is: tar's bytes, and the archive's where they reached
 * this disk. (An archive's few KiB, which move no figure as printed, are left unnamed.)
 */
function ownWords(d: DiskWrites): string {
  return d.archiveBytes >= 0.01 * d.tarBytes
    ? `the restore's own: tar's ${bytes(d.tarBytes)} and the archive's ${bytes(d.archiveBytes)} that reached the same disk, ${bytes(d.ownBytes)} together`
    : `the restore's own: tar's ${bytes(d.tarBytes)}`;
}

/** What the disk wrote beyond the restore's own, by kind; '' where it is within 1 %. */
const BEYOND_OWN: Record<Exclude<DiskWritesKind, 'another-writer'>, (d: DiskWrites) => string> = {
  'likely-another-writer': (d) =>
    `, ${bytes(d.beyondOwnBytes)} (${percent(d.beyondOwnShare)}) more than ${ownWords(d)}; more than file-system metadata and journal added in the lab's runs (up to ${percent(METADATA_OVERHEAD_SHARE)}), so likely another writer on the same disk`,
  'metadata-or-another': (d) =>
    `, ${bytes(d.beyondOwnBytes)} (${percent(d.beyondOwnShare)}) more than ${ownWords(d)}; file-system metadata and journal, and any other writer on the same disk`,
  own: () => '',
};

function diskWritesLine(d: DiskWrites): string {
  if (d.kind === 'another-writer')
    return `Another writer shared the restore's disk: it wrote ${bytes(d.deviceBytes)} during extraction and the tail, ${bytes(d.beyondOwnBytes)} more than ${ownWords(d)}. The disk figures of those phases include it; the restore's time does too, as it would on this runner.`;
  return `The restore's own writes: tar wrote ${bytes(d.tarBytes)} into the page cache; the disk wrote ${bytes(d.deviceBytes)} during extraction and the tail${BEYOND_OWN[d.kind](d)}.`;
}

/** The attribution's lines; a recording made before the facts existed keeps the lines it recorded. */
export function sayAttribution(a: Attribution | undefined): string[] {
  if (!a) return [];
  const f = a.facts;
  if (!f) return a.sentences ?? [];
  return [
    ...(f.earlierSteps ? [earlierStepsLine(f.earlierSteps)] : []),
    ...(f.archiveDeleted ? [archiveDeletedLine(f.archiveDeleted)] : []),
    ...(f.diskWrites ? [diskWritesLine(f.diskWrites)] : []),
  ];
}
