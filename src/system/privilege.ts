/**
 * Privilege as it is, not as the uid suggests (issue 38): for each operation the action may need root
 * for, how this process can do it: directly ('root'), through passwordless sudo ('sudo'), or not at all
 * ('none', with what it lacks as data and a sentence). A container job is uid 0 without CAP_SYS_ADMIN
 * and with a read-only /proc/sys; GitHub's `runner` is uid 1001 with passwordless sudo; a self-hosted
 * service user often has neither. So each operation is decided from what the kernel says:
 * - mount (tmpfs, bind mounts, umount): uid 0 with CAP_SYS_ADMIN in CapEff (/proc/self/status, bit 21);
 * - sysctl (vm.dirty_*): access(W_OK) on each file written; EROFS is /proc/sys mounted read-only;
 * - files (mkdir + chown in a directory not ours, removing a tree the archive made read-only) and
 *   install (apt-get): uid 0 with CAP_CHOWN, CAP_DAC_OVERRIDE and CAP_FOWNER;
 * and, where this process cannot, from the same facts of a process `sudo -n` starts (sudo is bounded
 * by the same capability bounding set: in a container it adds nothing).
 *
 * The one place that reads the uid. Synchronous so cleanup can use it inside a signal handler.
 *
 * API: detectPrivileges() (read once per process, then remembered) → Privileges, one Grant per
 * operation; runPrivileged(grant, program, args) runs a command the way the grant says;
 * readPrivilegeFacts() + decidePrivileges(facts) are the two halves (IO edge, pure) for tests.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { PRIVILEGED_OPERATIONS, type PrivilegedOperation, type PrivilegeLack } from '../profile/schema.js';
import { DIRTY_SYSCTLS, sysctlPath } from './dirty-limits.js';

export { PRIVILEGED_OPERATIONS, type PrivilegedOperation, type PrivilegeLack };

/** How one operation runs: as this process, through `sudo -n`, or not at all. */
export type Via = 'root' | 'sudo' | 'none';

export interface Grant {
  via: Via;
  /** What this process lacks for it, and (after 'no-sudo' or alone) what sudo's process lacks: empty when via is 'root'. */
  lacks: PrivilegeLack[];
  /** Why not, as a sentence (via 'none'); null otherwise. */
  reason: string | null;
}

export type Privileges = Record<PrivilegedOperation, Grant>;

/** What one process can do, as the kernel says it. */
export interface ProcessFacts {
  /** Effective uid. */
  uid: number;
  /** The effective capability set; null where /proc/self/status has none (uid 0 then counts as holding all). */
  capEff: bigint | null;
  /** Each sysctl file the experiments write, with access(W_OK)'s error code, or null when writable. */
  sysctlAccess: Record<string, string | null>;
}

export interface PrivilegeFacts {
  self: ProcessFacts;
  /** The same facts of a process `sudo -n` started; why sudo could not start one; null when not asked (nothing was missing). */
  sudo: ProcessFacts | { unavailable: string } | null;
}

const CAP_CHOWN = 0;
const CAP_DAC_OVERRIDE = 1;
const CAP_FOWNER = 3;
const CAP_SYS_ADMIN = 21;
const FILE_CAPS = [CAP_CHOWN, CAP_DAC_OVERRIDE, CAP_FOWNER];

/** The files the page-cache experiment and its put-back write (a bytes knob or its ratio). */
export const SYSCTL_FILES: readonly string[] = DIRTY_SYSCTLS.map(sysctlPath);
/** sudo asked for the facts of its own process: a password prompt is never waited for (-n), nor a hung sudo. */
export const SUDO_PROBE_TIMEOUT_MS = 10_000;

/** This process's uid and gid (for chown and the tmpfs mount's uid=/gid= options). */
export function processIds(): { uid: number; gid: number } {
  return { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
}

/** uid 0: for the lab's and the bench's own prerequisite checks only; what the action may do is decided per operation by detectPrivileges(). */
export const isRoot: boolean = processIds().uid === 0;

/** Uid (effective, the second field) and CapEff from /proc/<pid>/status. Pure. */
export function parseStatus(text: string): { uid: number | null; capEff: bigint | null } {
  const uid = /^Uid:\s+\d+\s+(\d+)/m.exec(text)?.[1];
  const cap = /^CapEff:\s+([0-9a-fA-F]+)/m.exec(text)?.[1];
  return { uid: uid === undefined ? null : Number(uid), capEff: cap === undefined ? null : BigInt(`0x${cap}`) };
}

function accessOf(files: readonly string[]): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const file of files) {
    try {
      accessSync(file, constants.W_OK);
      out[file] = null;
    } catch (error) {
      out[file] = (error as NodeJS.ErrnoException).code ?? 'EACCES';
    }
  }
  return out;
}

function readSelf(): ProcessFacts {
  let status = { uid: null as number | null, capEff: null as bigint | null };
  try {
    status = parseStatus(readFileSync('/proc/self/status', 'utf8'));
  } catch {
    // No /proc (not Linux): the uid alone.
  }
  return { uid: status.uid ?? processIds().uid, capEff: status.capEff, sysctlAccess: accessOf(SYSCTL_FILES) };
}

/**
 * What a process started by `sudo -n` can do: this same node binary, run through sudo, prints its own
 * /proc/self/status and access(W_OK) of each sysctl file (no shell: `test -w` answers yes for root on
 * a read-only mount in some shells).
 */
const SUDO_PROBE_SCRIPT = `const fs = require('fs');
const access = {};
for (const f of process.argv.slice(1)) { try { fs.accessSync(f, fs.constants.W_OK); access[f] = null; } catch (e) { access[f] = e.code || 'EACCES'; } }
let status = '';
try { status = fs.readFileSync('/proc/self/status', 'utf8'); } catch {}
process.stdout.write(JSON.stringify({ status, access }));`;

/** The sudo probe's command line: `sudo -n <node> -e <script> <sysctl files>`. Pure. */
export function sudoProbeCommand(nodePath: string = process.execPath): { command: string; args: string[] } {
  return { command: 'sudo', args: ['-n', nodePath, '-e', SUDO_PROBE_SCRIPT, ...SYSCTL_FILES] };
}

function readViaSudo(): ProcessFacts | { unavailable: string } {
  const { command, args } = sudoProbeCommand();
  try {
    const out = execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: SUDO_PROBE_TIMEOUT_MS });
    const parsed = JSON.parse(out) as { status: string; access: Record<string, string | null> };
    const status = parseStatus(parsed.status);
    return { uid: status.uid ?? 0, capEff: status.capEff, sysctlAccess: parsed.access };
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') return { unavailable: 'sudo is not installed' };
    const said = String(e.stderr ?? '')
      .trim()
      .split('\n')
      .pop();
    return { unavailable: said || e.message };
  }
}

/** What this process can do, and (only when it cannot do everything itself) what a process sudo starts can. IO edge. */
export function readPrivilegeFacts(): PrivilegeFacts {
  const self = readSelf();
  const complete = PRIVILEGED_OPERATIONS.every((op) => directLacks(op, self).length === 0);
  return { self, sudo: complete ? null : readViaSudo() };
}

const has = (caps: bigint | null, bit: number): boolean => caps === null || ((caps >> BigInt(bit)) & 1n) === 1n;

/** What a process lacks to do `op` itself. Pure. */
export function directLacks(op: PrivilegedOperation, p: ProcessFacts): PrivilegeLack[] {
  switch (op) {
    case 'mount':
      return p.uid !== 0 ? ['not-root'] : has(p.capEff, CAP_SYS_ADMIN) ? [] : ['cap-sys-admin'];
    case 'files':
    case 'install':
      return p.uid !== 0 ? ['not-root'] : FILE_CAPS.every((bit) => has(p.capEff, bit)) ? [] : ['cap-files'];
    case 'sysctl': {
      const errors = Object.values(p.sysctlAccess).filter((e): e is string => e !== null);
      if (errors.length === 0 && Object.keys(p.sysctlAccess).length > 0) return [];
      if (errors.includes('EROFS')) return ['sysctl-read-only'];
      return p.uid !== 0 ? ['not-root'] : ['sysctl-not-writable'];
    }
  }
}

const NEEDS: Record<PrivilegedOperation, string> = {
  mount: 'mounting (a tmpfs, a bind mount) needs CAP_SYS_ADMIN',
  sysctl: 'writing vm.dirty_* needs a writable /proc/sys',
  files: 'making a directory where this user cannot write, or removing a read-only tree, needs root',
  install: 'installing a package needs root',
};

function lackSentence(lack: PrivilegeLack, p: ProcessFacts, who: string): string {
  const failing = Object.entries(p.sysctlAccess).filter(([, e]) => e !== null);
  const files =
    failing.length === 0 ? 'the vm.dirty_* files' : `${failing[0]?.[0]}: ${failing[0]?.[1]}${failing.length > 1 ? ` and ${failing.length - 1} more` : ''}`;
  switch (lack) {
    case 'not-root':
      return `${who} runs as uid ${p.uid}, not root`;
    case 'cap-sys-admin':
      return `${who} is uid 0 without CAP_SYS_ADMIN in its effective capabilities (as a container job is)`;
    case 'cap-files':
      return `${who} is uid 0 without CAP_CHOWN, CAP_DAC_OVERRIDE and CAP_FOWNER in its effective capabilities`;
    case 'sysctl-read-only':
      return `/proc/sys is mounted read-only for ${who} (${files}), as in a container job`;
    case 'sysctl-not-writable':
      return `${who} cannot write ${files}`;
    case 'no-sudo':
      return 'there is no passwordless sudo';
  }
}

function decideOne(op: PrivilegedOperation, facts: PrivilegeFacts): Grant {
  const own = directLacks(op, facts.self);
  if (own.length === 0) return { via: 'root', lacks: [], reason: null };
  const sudo = facts.sudo;
  const why = own.map((l) => lackSentence(l, facts.self, 'this process')).join('; ');
  if (sudo === null || 'unavailable' in sudo) {
    return {
      via: 'none',
      lacks: [...own, 'no-sudo'],
      reason: `${NEEDS[op]}: ${why}, and there is no passwordless sudo${sudo ? ` (${sudo.unavailable})` : ''}`,
    };
  }
  const viaSudo = directLacks(op, sudo);
  if (viaSudo.length === 0) return { via: 'sudo', lacks: own, reason: null };
  const same = viaSudo.every((l) => own.includes(l));
  const sudoWhy = same
    ? 'sudo does not lift it (the process it starts is held the same way)'
    : `through sudo, ${viaSudo.map((l) => lackSentence(l, sudo, 'the process sudo starts')).join('; ')}`;
  return { via: 'none', lacks: [...new Set([...own, ...viaSudo])], reason: `${NEEDS[op]}: ${why}, and ${sudoWhy}` };
}

/** Each operation's grant from the facts. Pure. */
export function decidePrivileges(facts: PrivilegeFacts): Privileges {
  return Object.fromEntries(PRIVILEGED_OPERATIONS.map((op) => [op, decideOne(op, facts)])) as Privileges;
}

let remembered: Privileges | null = null;

/** This process's privileges, read once (the sudo probe costs a process) and remembered. */
export function detectPrivileges(): Privileges {
  remembered ??= decidePrivileges(readPrivilegeFacts());
  return remembered;
}

/** Runs `program` as the grant says: directly, through `sudo -n`, or throws its reason. stdin closed. */
export function runPrivileged(grant: Grant, program: string, args: string[]): string {
  if (grant.via === 'none') throw new Error(grant.reason ?? `${program} needs root or passwordless sudo`);
  const [cmd, argv] = grant.via === 'root' ? [program, args] : ['sudo', ['-n', program, ...args]];
  return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}
