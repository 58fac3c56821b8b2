/**
 * Undo actions in a stack, run last-in first-out whatever happens: normal end, a failed step, or
 * SIGINT/SIGTERM (the handler runs them synchronously, then lets the signal end the process).
 * Every action runs even when an earlier one failed; failures are collected and reported.
 */
import { errorMessage } from '../util/errors.js';

interface UndoAction {
  what: string;
  run: () => void | Promise<void>;
  /** For the signal handler, when run() is asynchronous. */
  runSync?: () => void;
}

/** Live stacks, oldest first: on a signal the newest (a scenario's) is undone before the older (the session's). */
const live: CleanupStack[] = [];

function onSignal(signal: NodeJS.Signals): void {
  for (const stack of [...live].reverse()) stack.runAllSync();
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  process.kill(process.pid, signal);
}

export class CleanupStack {
  private readonly actions: UndoAction[] = [];

  constructor(private readonly log: (line: string) => void = () => {}) {
    if (live.length === 0) {
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    }
    live.push(this);
  }

  push(what: string, run: () => void | Promise<void>, runSync?: () => void): void {
    this.actions.push({ what, run, ...(runSync ? { runSync } : {}) });
  }

  get size(): number {
    return this.actions.length;
  }

  /** Runs every action (newest first) and throws one error naming all that failed. */
  async runAll(): Promise<void> {
    const failures: string[] = [];
    while (this.actions.length > 0) {
      const action = this.actions.pop() as UndoAction;
      try {
        await action.run();
      } catch (error) {
        failures.push(`${action.what}: ${errorMessage(error)}`);
      }
    }
    this.dispose();
    if (failures.length > 0) throw new Error(`Lab cleanup left something behind: ${failures.join('; ')}`);
  }

  /** For the signal handler: no awaiting, asynchronous actions use their runSync. */
  runAllSync(): void {
    while (this.actions.length > 0) {
      const action = this.actions.pop() as UndoAction;
      try {
        const result = (action.runSync ?? action.run)();
        if (result instanceof Promise) result.catch(() => {});
      } catch (error) {
        this.log(`lab cleanup: ${action.what}: ${errorMessage(error)}`);
      }
    }
  }

  /** Unregisters from the signal handler (runAll does it; call it yourself only if you never run it). */
  dispose(): void {
    const i = live.indexOf(this);
    if (i >= 0) live.splice(i, 1);
    if (live.length === 0) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  }
}
