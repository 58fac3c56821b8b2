// Run by dirty-failed-write.test.ts where /proc/sys is read-only: raises vm.dirty_* claiming root
// (as a uid-0 check used to), then puts back as the page-cache experiment does, and prints what happened.
import { DirtyRaiseError, dirtyChangeFor, putBackIfOurs, raiseDirtyLimits, readDirtySettings } from '../../src/experiment/dirty.js';
import { decidePrivileges } from '../../src/system/privilege.js';

// What a uid check concluded in a container: root for everything (the facts of a full root).
const claimed = decidePrivileges({ self: { uid: 0, capEff: null, sysctlAccess: { '/proc/sys/vm/dirty_bytes': null } }, sudo: null });
const saved = readDirtySettings();
const limits = { dirtyBytes: saved.dirty_bytes + 64 * 1024 * 1024, backgroundBytes: saved.dirty_background_bytes + 32 * 1024 * 1024 };
const recorded = dirtyChangeFor(saved, limits);
let error = '';
let written = null;
try {
  raiseDirtyLimits(claimed, limits);
} catch (e) {
  error = (e as Error).message;
  if (e instanceof DirtyRaiseError) written = e.written;
}
const afterFailure = written ? dirtyChangeFor(saved, written) : recorded;
process.stdout.write(
  JSON.stringify({
    error,
    written,
    // The change as the experiment holds it after the failure, and as the record made before the write says (a kill between the two).
    putBack: putBackIfOurs(claimed, afterFailure),
    putBackOfRecord: putBackIfOurs(claimed, recorded),
    unchanged: JSON.stringify(readDirtySettings()) === JSON.stringify(saved),
  }),
);
