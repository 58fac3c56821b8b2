import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  errorMessage
} from "./chunk-76DRRFYG.js";

// src/system/cleanup.ts
var live = [];
function onSignal(signal) {
  for (const stack of [...live].reverse()) stack.runAllSync();
  process.off("SIGINT", onSignal);
  process.off("SIGTERM", onSignal);
  process.kill(process.pid, signal);
}
var CleanupStack = class {
  constructor(log = () => {
  }) {
    this.log = log;
    if (live.length === 0) {
      process.on("SIGINT", onSignal);
      process.on("SIGTERM", onSignal);
    }
    live.push(this);
  }
  log;
  actions = [];
  push(what, run, runSync) {
    this.actions.push({ what, run, ...runSync ? { runSync } : {} });
  }
  get size() {
    return this.actions.length;
  }
  /** Runs every action (newest first) and throws one error naming all that failed. */
  async runAll() {
    const failures = [];
    while (this.actions.length > 0) {
      const action = this.actions.pop();
      try {
        await action.run();
      } catch (error) {
        failures.push(`${action.what}: ${errorMessage(error)}`);
      }
    }
    this.dispose();
    if (failures.length > 0) throw new Error(`Lab cleanup left something behind: ${failures.join("; ")}`);
  }
  /** For the signal handler: no awaiting, asynchronous actions use their runSync. */
  runAllSync() {
    while (this.actions.length > 0) {
      const action = this.actions.pop();
      try {
        const result = (action.runSync ?? action.run)();
        if (result instanceof Promise) result.catch(() => {
        });
      } catch (error) {
        this.log(`lab cleanup: ${action.what}: ${errorMessage(error)}`);
      }
    }
  }
  /** Unregisters from the signal handler (runAll does it; call it yourself only if you never run it). */
  dispose() {
    const i = live.indexOf(this);
    if (i >= 0) live.splice(i, 1);
    if (live.length === 0) {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    }
  }
};

export {
  CleanupStack
};
