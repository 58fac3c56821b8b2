/**
 * What kind of runner this is (IO edge): kernel, CPU, RAM, virtualization, dirty-page limits.
 * Every field beyond what node:os gives is optional and read defensively: no /proc or /sys
 * (macOS, Windows, locked-down containers) just means fewer fields, never an exception.
 */
import os from 'node:os';
import type { RunnerContext } from '../profile/schema.js';
import type { CgroupReading } from './cgroup.js';
import type { DeviceResolution } from './devices.js';
import { memTotalBytes } from './parse-meminfo.js';
import { readNumber, readText } from './read-file.js';

export interface ContextOptions {
  procRoot?: string;
  sysRoot?: string;
  /** The runner's cgroup as sample/cgroup.ts read it (the pipeline reads it once for the sampler too). */
  cgroup?: CgroupReading | null;
  /** The machine as readHostFacts read it (the pipeline reads it once for the fingerprint too); read here when absent. */
  host?: HostFacts;
}

/** What the runner context and the hardware fingerprint both take of the machine: each file read once per profile. */
export interface HostFacts {
  cpuinfo: { model?: string; hypervisorFlag: boolean; processors: number };
  dmi: { sysVendor?: string; productName?: string; hypervisorType?: string };
  /** The kernel release (uname -r); absent where /proc does not say. */
  kernel?: string;
  /** MemTotal of /proc/meminfo; absent where not read. */
  memTotalBytes?: number;
}

/** cpuinfo, DMI, kernel release and MemTotal under the roots; each absent (never thrown) where not visible. */
export function readHostFacts(roots: { procRoot?: string; sysRoot?: string } = {}): HostFacts {
  const procRoot = roots.procRoot ?? '/proc';
  const facts: HostFacts = { cpuinfo: readCpuinfo(procRoot), dmi: readDmi(roots.sysRoot ?? '/sys') };
  const kernel = readKernelRelease(procRoot);
  if (kernel) facts.kernel = kernel;
  const memory = memTotalBytes(readText(`${procRoot}/meminfo`) ?? '');
  if (memory !== undefined) facts.memTotalBytes = memory;
  return facts;
}

/** "model name" (x86) or "Model"/"Hardware" (Arm) from /proc/cpuinfo, and its hypervisor flag. */
export function parseCpuinfo(text: string): { model?: string; hypervisorFlag: boolean } {
  const model = /^(?:model name|Model|Hardware)\s*:\s*(.+)$/m.exec(text)?.[1]?.trim();
  const hypervisorFlag = /^flags\s*:.*\bhypervisor\b/m.test(text);
  return model ? { model, hypervisorFlag } : { hypervisorFlag };
}

/** /proc/cpuinfo under procRoot: its model and hypervisor flag (parseCpuinfo), and how many processors it lists (0 where not read). */
export function readCpuinfo(procRoot: string): { model?: string; hypervisorFlag: boolean; processors: number } {
  const text = readText(`${procRoot}/cpuinfo`);
  if (!text) return { hypervisorFlag: false, processors: 0 };
  return { ...parseCpuinfo(text), processors: (text.match(/^processor\s*:/gm) ?? []).length };
}

/** The machine as DMI and the hypervisor name it under sysRoot; each absent where not visible. */
export function readDmi(sysRoot: string): { sysVendor?: string; productName?: string; hypervisorType?: string } {
  const out: { sysVendor?: string; productName?: string; hypervisorType?: string } = {};
  const sysVendor = readText(`${sysRoot}/class/dmi/id/sys_vendor`);
  if (sysVendor) out.sysVendor = sysVendor;
  const productName = readText(`${sysRoot}/class/dmi/id/product_name`);
  if (productName) out.productName = productName;
  const hypervisorType = readText(`${sysRoot}/hypervisor/type`);
  if (hypervisorType) out.hypervisorType = hypervisorType;
  return out;
}

/** The kernel release (uname -r) under procRoot. */
export function readKernelRelease(procRoot: string): string | undefined {
  return readText(`${procRoot}/sys/kernel/osrelease`);
}

/** Best visible description of the virtual machine, if it is one. */
export function describeVirtualization(parts: {
  sysVendor?: string;
  productName?: string;
  hypervisorType?: string;
  hypervisorFlag: boolean;
}): string | undefined {
  const dmi = [parts.sysVendor, parts.productName].filter((p): p is string => !!p).join(' ');
  const pieces: string[] = [];
  if (dmi) pieces.push(dmi);
  if (parts.hypervisorType) pieces.push(`hypervisor ${parts.hypervisorType}`);
  if (pieces.length === 0 && parts.hypervisorFlag) pieces.push('virtual machine (cpuinfo hypervisor flag; vendor not visible)');
  return pieces.length > 0 ? pieces.join(', ') : undefined;
}

export function readRunnerContext(where?: DeviceResolution, options: ContextOptions = {}): RunnerContext {
  const procRoot = options.procRoot ?? '/proc';
  const host = options.host ?? readHostFacts({ procRoot, ...(options.sysRoot ? { sysRoot: options.sysRoot } : {}) });
  const cpus = os.cpus();
  const context: RunnerContext = {
    os: process.platform,
    arch: process.arch,
    // os.cpus() can be empty in some sandboxes; availableParallelism is never 0.
    cpuCount: cpus.length || os.availableParallelism(),
    memoryBytes: os.totalmem(),
    fileSystems: where?.fileSystems ?? [],
    nodeVersion: process.version,
  };
  if (where?.noBlockDeviceReason) context.noBlockDeviceReason = where.noBlockDeviceReason;

  const kernel = host.kernel ?? (process.platform === 'linux' ? undefined : os.release());
  if (kernel) context.kernel = kernel;

  const cpuModel = host.cpuinfo.model ?? cpus[0]?.model?.trim();
  if (cpuModel) context.cpuModel = cpuModel;

  const virtualization = describeVirtualization({ ...host.dmi, hypervisorFlag: host.cpuinfo.hypervisorFlag });
  if (virtualization) context.virtualization = virtualization;

  // 0 means "unset, the ratio applies" for the *_bytes knobs: leave those out.
  const dirtyBytes = readNumber(`${procRoot}/sys/vm/dirty_bytes`);
  if (dirtyBytes) context.dirtyBytesLimit = dirtyBytes;
  const dirtyBackgroundBytes = readNumber(`${procRoot}/sys/vm/dirty_background_bytes`);
  if (dirtyBackgroundBytes) context.dirtyBackgroundBytesLimit = dirtyBackgroundBytes;
  const dirtyRatio = readNumber(`${procRoot}/sys/vm/dirty_ratio`);
  if (dirtyRatio !== undefined) context.dirtyRatio = dirtyRatio;
  const dirtyBackgroundRatio = readNumber(`${procRoot}/sys/vm/dirty_background_ratio`);
  if (dirtyBackgroundRatio !== undefined) context.dirtyBackgroundRatio = dirtyBackgroundRatio;
  if (options.cgroup) context.cgroup = options.cgroup.limits;
  return context;
}
