/** The runner's cgroup as one row of the summary's runner table: the limits the step ran under. Pure. */
import type { CgroupIoLimit, CgroupLimits } from '../profile/schema.js';
import { bytes, formatNumber, iops, mibPerSecond } from '../util/format.js';

function ioCap(l: CgroupIoLimit): string {
  const parts = [
    l.readBytesPerSecond !== undefined ? `read ${mibPerSecond(l.readBytesPerSecond)}` : undefined,
    l.writeBytesPerSecond !== undefined ? `write ${mibPerSecond(l.writeBytesPerSecond)}` : undefined,
    l.readIops !== undefined ? `read ${iops(l.readIops)}` : undefined,
    l.writeIops !== undefined ? `write ${iops(l.writeIops)}` : undefined,
  ].filter(Boolean);
  return `${l.device} ${parts.join(', ')}`;
}

export function describeCgroup(c: CgroupLimits): string {
  const quota =
    c.cpuQuotaCores === null
      ? 'no CPU quota'
      : `CPU quota ${formatNumber(c.cpuQuotaCores)} cores${c.cpuPeriodUs ? ` (period ${formatNumber(c.cpuPeriodUs / 1000)} ms)` : ''}${c.cpuQuotaPath ? ` set on ${c.cpuQuotaPath}` : ''}`;
  const parts = [
    `v${c.version} \`${c.path}\``,
    quota,
    c.cpusetCpus === null ? undefined : `cpuset ${c.cpusetCpus} CPUs`,
    c.memoryLimitBytes === null ? 'no memory limit' : `memory limit ${bytes(c.memoryLimitBytes)}`,
    c.ioLimits.length > 0 ? `I/O caps ${c.ioLimits.map(ioCap).join('; ')}` : undefined,
    c.notRead?.length ? `not read: ${c.notRead.join('; ')}` : undefined,
  ].filter(Boolean);
  return parts.join(', ');
}
