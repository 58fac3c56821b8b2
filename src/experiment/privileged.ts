/**
 * Commands that need root: run directly as root, through passwordless sudo (GitHub-hosted runners'
 * `runner` user has it), or not at all. Synchronous so cleanup can use it inside a signal handler.
 */
import { execFileSync } from 'node:child_process';
import type { Privilege } from './availability.js';

export function detectPrivilege(): Privilege {
  if (typeof process.getuid === 'function' && process.getuid() === 0) return 'root';
  try {
    execFileSync('sudo', ['-n', 'true'], { stdio: 'ignore', timeout: 5000 });
    return 'sudo';
  } catch {
    return 'none';
  }
}

export function runAsRoot(privilege: Privilege, program: string, args: string[]): string {
  if (privilege === 'none') throw new Error(`${program} needs root or passwordless sudo`);
  const [cmd, argv] = privilege === 'root' ? [program, args] : ['sudo', ['-n', program, ...args]];
  return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}
