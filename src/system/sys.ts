/**
 * The lab's edge to the kernel: sysfs/procfs writes and the few commands it runs (losetup, mkfs,
 * mount). Synchronous on purpose: cleanup must also work inside a signal handler.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

export function run(command: string, args: string[]): string {
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

export function readText(file: string): string {
  return readFileSync(file, 'utf8').trim();
}

export function writeText(file: string, value: string): void {
  writeFileSync(file, `${value}\n`);
}

/** Lines of a file, blank ones dropped; [] when it cannot be read. */
export function readLines(file: string): string[] {
  try {
    return readText(file)
      .split('\n')
      .filter((l) => l.trim() !== '');
  } catch {
    return [];
  }
}

export function commandAvailable(command: string): boolean {
  try {
    execFileSync('sh', ['-c', 'command -v "$1"', 'sh', command], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
