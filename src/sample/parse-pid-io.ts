/** /proc/<pid>/io → the storage-level byte counts (proc(5)). Pure. */
import type { OwnIo } from '../profile/schema.js';

function field(text: string, name: string): number | undefined {
  const match = new RegExp(`^${name}:\\s*(\\d+)`, 'm').exec(text);
  return match ? Number(match[1]) : undefined;
}

export function parsePidIo(text: string): OwnIo | null {
  const readBytes = field(text, 'read_bytes');
  const writeBytes = field(text, 'write_bytes');
  const cancelledWriteBytes = field(text, 'cancelled_write_bytes');
  if (readBytes === undefined || writeBytes === undefined || cancelledWriteBytes === undefined) return null;
  return { readBytes, writeBytes, cancelledWriteBytes };
}

export function addIo(a: OwnIo, b: OwnIo): OwnIo {
  return {
    readBytes: a.readBytes + b.readBytes,
    writeBytes: a.writeBytes + b.writeBytes,
    cancelledWriteBytes: a.cancelledWriteBytes + b.cancelledWriteBytes,
  };
}
