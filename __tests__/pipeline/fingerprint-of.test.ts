// The pipeline's fingerprint, made of what the context and the device resolution read, is the one read
// straight from /proc and /sys on this machine (reads only; nothing is changed).
import { describe, expect, it } from 'vitest';
import { fingerprintOf } from '../../src/pipeline/always-on.js';
import { readCgroup } from '../../src/sample/cgroup.js';
import { readHostFacts, readRunnerContext } from '../../src/sample/context.js';
import { nearestExisting, resolveDevices } from '../../src/sample/devices.js';
import { readFingerprint } from '../../src/sample/fingerprint.js';

describe.runIf(process.platform === 'linux')('fingerprintOf on this machine', () => {
  it.each([['/var/tmp/dp-fingerprint-not-there/yet'], ['/dev/shm/dp-fingerprint'], ['/nonexistent-root-path/x']])(
    '%s: the same fingerprint as read from the files',
    (restorePath) => {
      const where = resolveDevices({ restorePaths: [restorePath], archiveTemp: '/tmp' });
      const host = readHostFacts();
      const context = readRunnerContext(where, { cgroup: readCgroup({}), host });
      const fromReaders = fingerprintOf(where, host, context, restorePath);
      const direct = readFingerprint({
        diskNames: where.devices.filter((d) => d.roles.includes('restore-path')).map((d) => d.name),
        restorePath: nearestExisting(restorePath),
        fallback: { vcpus: context.cpuCount, memoryBytes: context.memoryBytes },
        ...(context.cgroup !== undefined ? { cgroup: context.cgroup } : {}),
      });
      expect(fromReaders).toEqual(direct);
      expect(fromReaders.fileSystem).not.toBeNull();
    },
  );
});
