// Privileges of the runners the tests play, decided by the real decider (src/system/privilege.ts) from
// facts as those runners' kernels report them. CapEff values: a full root shell on this machine reads
// 000001ffffffffff-like masks (all 41 capabilities); Docker's default set for a container's root is
// 00000000a80425fb (CHOWN, DAC_OVERRIDE, FOWNER, ... without SYS_ADMIN), as `grep CapEff
// /proc/self/status` prints inside `docker run debian` (FIELD-NOTES.md, containers).
import { decidePrivileges, SYSCTL_FILES, type PrivilegeFacts, type Privileges, type ProcessFacts } from '../../src/system/privilege.js';

const access = (code: string | null) => Object.fromEntries(SYSCTL_FILES.map((f) => [f, code]));

export const FULL_ROOT: ProcessFacts = { uid: 0, capEff: 0x1ffffffffffn, sysctlAccess: access(null) };
export const CONTAINER_ROOT: ProcessFacts = { uid: 0, capEff: 0xa80425fbn, sysctlAccess: access('EROFS') };
export const PLAIN_USER = (uid: number): ProcessFacts => ({ uid, capEff: 0n, sysctlAccess: access('EACCES') });

export const privilegesOf = (facts: PrivilegeFacts): Privileges => decidePrivileges(facts);

/** Root with every capability and a writable /proc/sys (this machine, CI). */
export const ROOT_PRIVILEGES = decidePrivileges({ self: FULL_ROOT, sudo: null });
/** GitHub's `runner`: uid 1001 with passwordless sudo to a full root. */
export const SUDO_PRIVILEGES = decidePrivileges({ self: PLAIN_USER(1001), sudo: FULL_ROOT });
/** A self-hosted service user without sudo. */
export const NO_PRIVILEGES = decidePrivileges({ self: PLAIN_USER(1002), sudo: { unavailable: 'sudo: a password is required' } });
/** A container job: uid 0 without CAP_SYS_ADMIN, /proc/sys read-only, no sudo installed. */
export const CONTAINER_PRIVILEGES = decidePrivileges({ self: CONTAINER_ROOT, sudo: { unavailable: 'sudo is not installed' } });
