/** Throttles one device through the root blkio cgroup (cgroup v1), and lifts it again with "M:m 0". */
import path from 'node:path';
import type { CleanupStack } from '../../src/system/cleanup.js';
import { BLKIO_ROOT, type ThrottleFile } from './paths.js';
import { readLines, writeText } from '../../src/system/sys.js';

export function throttleDevice(cleanup: CleanupStack, devNumber: string, file: ThrottleFile, limit: number): void {
  const target = path.join(BLKIO_ROOT, file);
  cleanup.push(`lift ${file} on ${devNumber}`, () => writeText(target, `${devNumber} 0`));
  writeText(target, `${devNumber} ${limit}`);
}

/** The throttle lines currently set for a device (none once lifted). */
export function throttlesOf(devNumber: string, file: ThrottleFile): string[] {
  return readLines(path.join(BLKIO_ROOT, file)).filter((l) => l.split(/\s+/)[0] === devNumber);
}
