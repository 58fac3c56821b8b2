// The pipeline's fingerprint, made of what the context and the device resolution read (mountinfo,
// cpuinfo, DMI and /sys/block once per profile), is the one read straight from /proc and /sys on this
// machine (reads only; nothing is changed).
import { describe, expect, it } from 'vitest';
import { viewMachine } from '../../../src/pipeline/stages/machine-view.js';
import { nearestExisting } from '../../../src/sample/devices.js';
import { readFingerprint } from '../../../src/sample/fingerprint.js';

describe.runIf(process.platform === 'linux')('the machine stage on this machine', () => {
  it.each([['/var/tmp/dp-fingerprint-not-there/yet'], ['/dev/shm/dp-fingerprint'], ['/nonexistent-root-path/x']])(
    '%s: the same fingerprint as read from the files',
    async (restorePath) => {
      const view = await viewMachine({ paths: [restorePath], workspace: '/tmp', runnerTemp: '/tmp' }, { procRoot: '/proc' }, () => {});
      expect(view.restorePaths).toEqual([restorePath]);
      const direct = readFingerprint({
        diskNames: view.where.devices.filter((d) => d.roles.includes('restore-path')).map((d) => d.name),
        restorePath: nearestExisting(restorePath),
        fallback: { vcpus: view.context.cpuCount, memoryBytes: view.context.memoryBytes },
        ...(view.context.cgroup !== undefined ? { cgroup: view.context.cgroup } : {}),
      });
      expect(view.fingerprint).toEqual(direct);
      expect(view.fingerprint.fileSystem).not.toBeNull();
    },
  );
});
