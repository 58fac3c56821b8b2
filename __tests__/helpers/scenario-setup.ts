// Sets a lab scenario up without a restore, checks it while in place, tears it down, and checks the machine is left as found.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { CleanupStack } from '../../src/system/cleanup.js';
import { labView, readMachineState } from '../../tools/lab/machine-state.js';
import { LAB_PREFIX } from '../../tools/lab/paths.js';
import { SCENARIOS, type LabScenarioName } from '../../tools/lab/scenario-specs.js';
import { setupScenario, type LabRunner } from '../../tools/lab/scenarios.js';
import { startLocalServices, type LocalServices } from '../../tools/services/index.js';

/** Starts the local services before the enclosing describe's tests and stops them after; returns them once started. */
export function useLocalServices(): () => LocalServices {
  let services: LocalServices | undefined;
  beforeAll(async () => {
    services = await startLocalServices();
  }, 60_000);
  afterAll(async () => {
    await services?.stop();
  });
  return () => services as LocalServices;
}

/**
 * Sets `name` up, runs `check` on the runner while it is in place (then fails on purpose with `fail`,
 * as a step failing right after setup), tears it down, and expects the lab's view of the machine
 * (its devices' state included) as before. Returns the scenario's device numbers.
 */
export async function setUpScenarioAndTearDown(
  services: LocalServices,
  name: LabScenarioName,
  check: (runner: LabRunner) => void | Promise<void>,
  opts: { fail?: boolean } = {},
): Promise<string[]> {
  const before = readMachineState();
  const cleanup = new CleanupStack();
  let devNumbers: string[] = [];
  const run = async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), `${LAB_PREFIX}setup-test-`));
    cleanup.push(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
    const runner = setupScenario(SCENARIOS[name], { cleanup, dir, services });
    devNumbers = runner.devNumbers;
    await check(runner);
    if (opts.fail) throw new Error(`injected failure after setting up ${name}`);
  };
  try {
    if (opts.fail) await expect(run()).rejects.toThrow(/injected failure/);
    else await run();
  } finally {
    await cleanup.runAll();
  }
  expect(labView(readMachineState(), devNumbers)).toEqual(labView(before, devNumbers));
  return devNumbers;
}
