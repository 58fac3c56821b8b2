import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  applyFix
} from "./chunk-JWTXQPDP.js";
import {
  FIX_MIN_SAVING_SHARE,
  descriptorOf,
  runsOfTarget,
  sameTarget,
  schemaRank
} from "./chunk-3VIASG6B.js";
import {
  spread
} from "./chunk-G25BJ2M5.js";
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

// src/experiment/outcomes.ts
function comparedMs(r) {
  return descriptorOf(r.alternative).compares === "step" ? r.stepMs : r.untilOnDiskMs;
}
function timedMs(runs) {
  return timesInOrder(runs).filter((t) => t !== null);
}
function timesInOrder(runs) {
  const complete = runs.filter((r) => !r.error).map(comparedMs);
  const slowest = complete.length > 0 ? Math.max(...complete) : null;
  return runs.map((r) => {
    if (!r.error) return comparedMs(r);
    return r.stoppedAfterMs !== void 0 && slowest !== null ? Math.max(r.stoppedAfterMs, slowest) : null;
  });
}
function outcomes(runs, apply) {
  const keys = [];
  for (const r of runs) {
    if (!keys.some((k) => sameTarget(k, r))) keys.push({ alternative: r.alternative, mountPoint: r.mountPoint });
  }
  keys.sort((a, b) => schemaRank(a.alternative) - schemaRank(b.alternative));
  const groups = keys.map((k) => ({ ...k, runs: runsOfTarget(runs, k) }));
  const baseline = spread(timedMs(groups.find((g) => g.alternative === "baseline")?.runs ?? []));
  const out = [];
  for (const g of groups) {
    const ok = g.runs.filter((r) => !r.error);
    const timeMs = spread(timedMs(g.runs));
    if (!timeMs) continue;
    const isBaseline = g.alternative === "baseline";
    const savingMs = isBaseline || !baseline ? null : baseline.median - timeMs.median;
    out.push({
      alternative: g.alternative,
      mountPoint: g.mountPoint,
      timeMs,
      writebackLeftMs: descriptorOf(g.alternative).compares === "step" ? spread(ok.map((r) => r.syncMs)) : null,
      cpuMs: spread(ok.map((r) => r.cpuMs)),
      savingMs,
      savingShare: savingMs === null || !baseline || baseline.median <= 0 ? null : savingMs / baseline.median,
      ...applyFix(g.alternative, { ...apply, mountPoint: g.mountPoint }),
      failedRuns: g.runs.length - ok.length
    });
  }
  return out;
}
function fixBest(all) {
  const fixes = all.filter((o) => descriptorOf(o.alternative).isFix && o.fix?.kind !== "none" && o.savingMs !== null && o.savingShare !== null);
  const best = fixes.sort((a, b) => b.savingMs - a.savingMs)[0];
  if (!best || best.savingShare < FIX_MIN_SAVING_SHARE) return { alternative: "none", mountPoint: null, savingMs: best?.savingMs ?? null };
  return { alternative: best.alternative, mountPoint: best.mountPoint, savingMs: best.savingMs };
}

export {
  CleanupStack,
  timesInOrder,
  outcomes,
  fixBest
};
