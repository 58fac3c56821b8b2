/**
 * Whose bytes the restore's disk wrote: the restore's own (tar's writes, from /proc/<pid>/io), the
 * archive's pages dropped unwritten when it was deleted, and what another writer added. Pure.
 */
import type { Attribution, Profile } from '../profile/schema.js';
import { bytes, percent, seconds } from '../util/format.js';
import type { PhaseFacts } from './phase-facts.js';
import { METADATA_OVERHEAD_SHARE, OTHER_WRITER_MIN_BYTES, OTHER_WRITER_RATIO } from './thresholds.js';

export interface AttributionInput {
  profile: Profile;
  download: PhaseFacts | undefined;
  extract: PhaseFacts | undefined;
  tail: PhaseFacts | undefined;
}

function earlierSteps(profile: Profile): string | null {
  const p = profile.preflush;
  if (!p) return null;
  const written = p.deviceWrittenBytes;
  const found = p.owedBeforeBytes === null ? '' : ` (Dirty + Writeback machine-wide before it: ${bytes(p.owedBeforeBytes)})`;
  return `Earlier steps' dirty pages: ${written === null ? 'flushed' : `${bytes(written)} written`} in ${seconds(p.durationMs)} before the lookup${found}, outside the restore's time and figures.`;
}

/**
 * What the device wrote beyond the restore's own bytes, when that is more than file-system metadata
 * and journal can explain; null otherwise (the device's bytes are then the restore's own).
 */
export function otherWriterBytes(ownBytes: number, deviceBytes: number): number | null {
  return deviceBytes > OTHER_WRITER_RATIO * ownBytes + OTHER_WRITER_MIN_BYTES ? deviceBytes - ownBytes : null;
}

/**
 * The archive's pages that reached the disk: what the download dirtied less what deleting it dropped
 * unwritten. They count as the restore's where the archive shares extraction's device; 0 elsewhere or
 * where either figure is missing.
 */
export function archiveWrittenBytes(download: PhaseFacts | undefined, extract: PhaseFacts | undefined): number {
  const dirtied = download?.ownIo?.writeBytes;
  const dropped = extract?.ownIo?.cancelledWriteBytes;
  if (!download || !extract || download.deviceIndex !== extract.deviceIndex || dirtied == null || dropped == null) return 0;
  return Math.max(0, dirtied - dropped);
}

export function attribute(x: AttributionInput): Attribution {
  const sentences: string[] = [];
  const before = earlierSteps(x.profile);
  if (before) sentences.push(before);

  const ownWrittenBytes = x.extract?.ownIo?.writeBytes ?? null;
  const ownCancelledBytes = x.extract?.ownIo?.cancelledWriteBytes ?? null;
  const deviceWrittenBytes = x.extract?.disk || x.tail?.disk ? (x.extract?.disk?.writtenBytes ?? 0) + (x.tail?.disk?.writtenBytes ?? 0) : null;
  const archiveBytes = x.download?.ownIo?.writeBytes ?? null;
  if (archiveBytes !== null && ownCancelledBytes !== null && archiveBytes > 0) {
    sentences.push(
      `The archive (${bytes(archiveBytes)} written by the download) was deleted right after extraction, as restoreCache does: ${bytes(ownCancelledBytes)} of it left the page cache unwritten.`,
    );
  }

  const archiveWritten = archiveWrittenBytes(x.download, x.extract);
  let other: number | null = null;
  if (ownWrittenBytes !== null && deviceWrittenBytes !== null) {
    const own = ownWrittenBytes + archiveWritten;
    // What "own" adds up, named where the percentage is: tar's bytes, and the archive's where they reached this disk.
    // (An archive's few KiB, which move no figure as printed, are left unnamed.)
    const ownWords =
      archiveWritten >= 0.01 * ownWrittenBytes
        ? `the restore's own: tar's ${bytes(ownWrittenBytes)} and the archive's ${bytes(archiveWritten)} that reached the same disk, ${bytes(own)} together`
        : `the restore's own: tar's ${bytes(ownWrittenBytes)}`;
    other = otherWriterBytes(own, deviceWrittenBytes);
    if (other !== null) {
      sentences.push(
        `Another writer shared the restore's disk: it wrote ${bytes(deviceWrittenBytes)} during extraction and the tail, ${bytes(other)} more than ${ownWords}. The disk figures of those phases include it; the restore's time does too, as it would on this runner.`,
      );
    } else {
      const overhead = own > 0 ? (deviceWrittenBytes - own) / own : 0;
      // Below the threshold the difference cannot be told apart: say both, claim neither. Past what
      // metadata and journal add on the lab's tree, another writer is the likelier part, and is named first.
      const what =
        overhead > METADATA_OVERHEAD_SHARE
          ? `more than file-system metadata and journal added in the lab's runs (up to ${percent(METADATA_OVERHEAD_SHARE)}), so likely another writer on the same disk`
          : 'file-system metadata and journal, and any other writer on the same disk';
      const rest = overhead > 0.01 ? `, ${bytes(deviceWrittenBytes - own)} (${percent(overhead)}) more than ${ownWords}; ${what}` : '';
      sentences.push(
        `The restore's own writes: tar wrote ${bytes(ownWrittenBytes)} into the page cache; the disk wrote ${bytes(deviceWrittenBytes)} during extraction and the tail${rest}.`,
      );
    }
  }
  return { ownWrittenBytes, ownCancelledBytes, deviceWrittenBytes, otherWriterBytes: other, sentences };
}
