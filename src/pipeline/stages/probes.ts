/**
 * Stage 6: the fio probes on the target's file system, under the machine's 'probes' phase; or the
 * remembered suite, or the reason they were skipped. A ran suite is placed on the profile's clock
 * and named by the device it measured.
 */
import type { ProfileConfig } from '../../config/config.js';
import type { MachineSession } from '../../machine/session.js';
import type { ProbeSuiteResult } from '../../profile/schema.js';
import { runProbeSuite } from '../../probe/suite.js';
import { resolveDevices } from '../../sample/devices.js';
import { monotonicMs } from '../../util/clock.js';
import { errorMessage } from '../../util/errors.js';
import type { ProbePlan } from '../always-on.js';
import type { KernelRoots, PipelineHooks, Warn } from './hooks.js';
import type { ProbeTarget } from './placement.js';

export type ProbeConfig = Pick<ProfileConfig, 'probes' | 'probeBudgetMs' | 'installFio'>;
type ProbeHooks = Pick<PipelineHooks, 'signal' | 'log' | 'onProbeDirectory' | 'onPhase' | 'procRoot'>;

export async function probeStage(
  config: ProbeConfig,
  run: { runProbes: boolean; plan: ProbePlan; target: ProbeTarget; cpuCount: number; originMs: number },
  machine: MachineSession,
  holdMachine: () => Promise<string | null>,
  kernel: KernelRoots,
  hooks: ProbeHooks,
  warn: Warn,
): Promise<ProbeSuiteResult> {
  const { runProbes, plan, target } = run;
  const busy = runProbes ? await holdMachine() : null;
  // On the profile's clock, so an export can place the probes in time (the suite records durations only).
  const startMs = monotonicMs() - run.originMs;
  hooks.onPhase?.(runProbes && !busy ? 'probes' : null);
  if (runProbes && !busy) machine.enter('probes');
  const probes: ProbeSuiteResult =
    plan.remembered?.suite ??
    (busy
      ? { status: 'skipped', reason: busy, wallMs: 0, probes: [] }
      : await probe(
          config,
          target.path,
          run.cpuCount,
          {
            ...hooks,
            onProbeDirectory: (dir) => {
              machine.addProbeDir(dir);
              hooks.onProbeDirectory?.(dir);
            },
          },
          warn,
        ));
  if (probes.status === 'ran' && !plan.remembered) {
    const probed = probedDevice(target.path, kernel);
    if (probed) probes.deviceName = probed;
    if (target.because) probes.deviceBecause = target.because;
    probes.startMs = startMs;
  }
  return probes;
}

async function probe(config: ProbeConfig, targetPath: string, cpuCount: number, hooks: ProbeHooks, warn: Warn): Promise<ProbeSuiteResult> {
  if (config.probes.length === 0)
    return { status: 'skipped', reason: 'probes: none was set, so the verdict has no fio ceilings to compare with', wallMs: 0, probes: [] };
  try {
    const result = await runProbeSuite({
      targetPath,
      probes: config.probes,
      budgetMs: config.probeBudgetMs,
      cpuCount,
      allowInstall: config.installFio,
      signal: hooks.signal,
      log: hooks.log,
      onDirectory: hooks.onProbeDirectory,
      ...(hooks.procRoot ? { procRoot: hooks.procRoot } : {}),
    });
    if (result.status !== 'ran' && result.reason) warn(`fio probes ${result.status}: ${result.reason}`);
    return result;
  } catch (error) {
    warn(`fio probes failed: ${errorMessage(error)}`);
    return { status: 'failed', reason: errorMessage(error), wallMs: 0, probes: [] };
  }
}

/** The device the probed file system sits on, or undefined when it cannot be told. */
function probedDevice(target: string, kernel: KernelRoots): string | undefined {
  try {
    return resolveDevices({ restorePaths: [target] }, kernel).devices.find((d) => d.primary)?.name;
  } catch {
    return undefined;
  }
}
