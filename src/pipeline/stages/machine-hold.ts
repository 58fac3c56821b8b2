/**
 * The probes and experiments measure and change the whole machine: one profile at a time (the
 * restore is the user's job's own work, unlocked). The lock is taken at the first part that needs
 * it and held to the end; no waiting for experiments that cannot run (a miss, a failed restore).
 */
import type { ProfileConfig } from '../../config/config.js';
import { lockWaitMs } from '../../machine/lock.js';
import type { MachineSession } from '../../machine/session.js';
import type { Warn } from './hooks.js';

export interface HoldPlan {
  runProbes: boolean;
  experimentsCanRun: boolean;
}

/** Takes the machine once, when first called; every call after says the same (null: held; else why it is busy). */
export function machineHold(
  machine: MachineSession,
  config: Pick<ProfileConfig, 'probeBudgetMs' | 'experimentsBudgetMs'>,
  plan: HoldPlan,
  signal: AbortSignal | undefined,
  warn: Warn,
): () => Promise<string | null> {
  let busy: string | null | undefined;
  return async () => {
    if (busy !== undefined) return busy;
    busy = await machine.acquire(
      lockWaitMs({
        probesMs: plan.runProbes ? config.probeBudgetMs : null,
        experimentsMs: plan.experimentsCanRun ? config.experimentsBudgetMs : null,
      }),
      signal,
    );
    if (busy) {
      const parts = [plan.runProbes ? 'fio probes' : '', plan.experimentsCanRun ? 'experiments' : ''].filter(Boolean).join(' and ');
      warn(`${parts.charAt(0).toUpperCase()}${parts.slice(1)} skipped: ${busy}.`);
    }
    return busy;
  };
}
