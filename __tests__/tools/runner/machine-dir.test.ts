// The tools' own machine directory (tools/runner/machine-dir.ts): the lab, the bench and the demo profile many times
// over and leave the machine's own directory (/run/lock/disk-profiler) as found.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MACHINE_DIR_ENV, machineDir } from '../../../src/machine/place.js';
import { useOwnMachineDir } from '../../../tools/runner/machine-dir.js';

describe("the tools' machine directory", () => {
  it('is where profiles go while in use, shaped as /run/lock (sticky, world-writable), and is gone with the variable after', () => {
    const given = process.env[MACHINE_DIR_ENV];
    delete process.env[MACHINE_DIR_ENV];
    try {
      const remove = useOwnMachineDir('dp-tools-machine-');
      const dir = process.env[MACHINE_DIR_ENV] as string;
      expect(dir).toMatch(/dp-tools-machine-.*\/disk-profiler$/);
      expect(machineDir()).toBe(dir);
      expect(statSync(dir).mode & 0o7777).toBe(0o1777);
      expect(statSync(path.dirname(dir)).mode & 0o777).toBe(0o755);
      remove();
      expect(process.env[MACHINE_DIR_ENV]).toBeUndefined();
      expect(existsSync(path.dirname(dir))).toBe(false);
    } finally {
      if (given === undefined) delete process.env[MACHINE_DIR_ENV];
      else process.env[MACHINE_DIR_ENV] = given;
    }
  });

  it('keeps a directory the caller set', () => {
    const given = process.env[MACHINE_DIR_ENV];
    process.env[MACHINE_DIR_ENV] = '/tmp/chosen/disk-profiler';
    try {
      useOwnMachineDir('dp-tools-machine-')();
      expect(process.env[MACHINE_DIR_ENV]).toBe('/tmp/chosen/disk-profiler');
    } finally {
      if (given === undefined) delete process.env[MACHINE_DIR_ENV];
      else process.env[MACHINE_DIR_ENV] = given;
    }
  });
});
