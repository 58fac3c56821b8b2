/**
 * Whose bytes the restore's disk wrote: the restore's own (tar's writes, from /proc/<pid>/io), the
 * archive's pages dropped unwritten when it was deleted, and what another writer added: typed facts,
 * which report/say/attribution.ts says. Pure.
 */
import type { Attribution, AttributionFacts, DiskWritesKind, Profile } from '../profile/schema.js';
import type { PhaseFacts } from './phase-facts.js';
import { METADATA_OVERHEAD_SHARE, OTHER_WRITER_MIN_BYTES, OTHER_WRITER_RATIO } from './thresholds.js';

export interface AttributionInput {
  profile: Profile;
  download: PhaseFacts | undefined;
  extract: PhaseFacts | undefined;
  tail: PhaseFacts | undefined;
}

function earlierSteps(profile: Profile): AttributionFacts['earlierSteps'] {
  const p = profile.preflush;
  return p ? { deviceWrittenBytes: p.deviceWrittenBytes, durationMs: p.durationMs, owedBeforeBytes: p.owedBeforeBytes } : null;
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

/** How the disk's bytes compare with the restore's own (`other`: otherWriterBytes), in DISK_WRITES_KINDS' order. */
function diskWritesKind(other: number | null, beyondOwnShare: number): DiskWritesKind {
  if (other !== null) return 'another-writer';
  // Below the threshold the difference cannot be told apart: both are named, neither claimed. Past what
  // metadata and journal add on the lab's tree, another writer is the likelier part.
  if (beyondOwnShare > METADATA_OVERHEAD_SHARE) return 'likely-another-writer';
  return beyondOwnShare > 0.01 ? 'metadata-or-another' : 'own';
}

export function attribute(x: AttributionInput): Attribution {
  const ownWrittenBytes = x.extract?.ownIo?.writeBytes ?? null;
  const ownCancelledBytes = x.extract?.ownIo?.cancelledWriteBytes ?? null;
  const deviceWrittenBytes = x.extract?.disk || x.tail?.disk ? (x.extract?.disk?.writtenBytes ?? 0) + (x.tail?.disk?.writtenBytes ?? 0) : null;
  const archiveBytes = x.download?.ownIo?.writeBytes ?? null;
  const archiveDeleted =
    archiveBytes !== null && ownCancelledBytes !== null && archiveBytes > 0 ? { writtenBytes: archiveBytes, cancelledBytes: ownCancelledBytes } : null;

  let other: number | null = null;
  let diskWrites: AttributionFacts['diskWrites'] = null;
  if (ownWrittenBytes !== null && deviceWrittenBytes !== null) {
    const archiveWritten = archiveWrittenBytes(x.download, x.extract);
    const own = ownWrittenBytes + archiveWritten;
    other = otherWriterBytes(own, deviceWrittenBytes);
    const beyondOwnShare = own > 0 ? (deviceWrittenBytes - own) / own : 0;
    diskWrites = {
      kind: diskWritesKind(other, beyondOwnShare),
      tarBytes: ownWrittenBytes,
      archiveBytes: archiveWritten,
      ownBytes: own,
      deviceBytes: deviceWrittenBytes,
      beyondOwnBytes: deviceWrittenBytes - own,
      beyondOwnShare,
    };
  }
  return {
    ownWrittenBytes,
    ownCancelledBytes,
    deviceWrittenBytes,
    otherWriterBytes: other,
    facts: { earlierSteps: earlierSteps(x.profile), archiveDeleted, diskWrites },
  };
}
