/** File-size buckets for the anatomy: many small files are what turn an untar into an IOPS problem. */
import type { SizeBucket } from '../profile/schema.js';

const KIB = 1024;
const MIB = 1024 * KIB;
const BOUNDS: [number | null, string][] = [
  [1 * KIB, '< 1 KiB'],
  [4 * KIB, '1–4 KiB'],
  [16 * KIB, '4–16 KiB'],
  [64 * KIB, '16–64 KiB'],
  [256 * KIB, '64–256 KiB'],
  [1 * MIB, '256 KiB–1 MiB'],
  [16 * MIB, '1–16 MiB'],
  [null, '≥ 16 MiB'],
];

export function emptyHistogram(): SizeBucket[] {
  return BOUNDS.map(([maxBytes, label]) => ({ maxBytes, label, files: 0, bytes: 0 }));
}

export function addToHistogram(histogram: SizeBucket[], sizeBytes: number): void {
  const bucket = histogram.find((b) => b.maxBytes === null || sizeBytes < b.maxBytes);
  if (bucket) {
    bucket.files++;
    bucket.bytes += sizeBytes;
  }
}
