import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  applyFix
} from "./chunk-XEJEEAGX.js";
import {
  FIX_MIN_SAVING_SHARE,
  descriptorOf,
  runsOfTarget,
  sameTarget,
  schemaRank
} from "./chunk-3V4773W6.js";
import {
  median,
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

// src/experiment/sample-extrapolate.ts
function lineAtOne(xSmall, tSmall, xLarge, tLarge) {
  if (!(xLarge > xSmall)) throw new RangeError(`sample sizes: the large sample's share (${xLarge}) must exceed the small one's (${xSmall})`);
  if (xLarge >= 1) return tLarge;
  return Math.max(tLarge, tLarge + (tLarge - tSmall) * (1 - xLarge) / (xLarge - xSmall));
}
function extrapolate(small, large) {
  const mid = (s) => (s.entryShare + s.byteShare) / 2;
  const ms = lineAtOne(mid(small.size), small.timeMs.median, mid(large.size), large.timeMs.median);
  const values = [];
  for (const share of ["entryShare", "byteShare"])
    for (const ts of [small.timeMs.min, small.timeMs.max])
      for (const tl of [large.timeMs.min, large.timeMs.max]) values.push(lineAtOne(small.size[share], ts, large.size[share], tl));
  return { ms, lowMs: Math.min(ms, ...values), highMs: Math.max(ms, ...values) };
}
function extrapolatedSaving(baseline, alternative) {
  return {
    savingMs: baseline.ms - alternative.ms,
    lowMs: baseline.lowMs - alternative.highMs,
    highMs: baseline.highMs - alternative.lowMs
  };
}
function sampleStep(p) {
  const fixedMs = p.fullRunMs * p.directoryShare;
  const perShareMs = p.fullRunMs - fixedMs;
  const x = (p.availableMs - (p.runsOnLarge + p.runsOnSmall) * fixedMs) / (perShareMs * (p.runsOnLarge + p.runsOnSmall / p.smallFactor));
  if (!(x > 0)) return null;
  const every = Math.max(1, Math.ceil(1 / Math.min(1, x)));
  if (p.sampledEntries / (every * p.smallFactor) < p.minSmallEntries) return null;
  return every;
}

// src/experiment/sampled-outcomes.ts
function sampledOutcomes(s, apply, restoreUntilOnDiskMs = null) {
  const small = outcomes(s.small.runs, apply);
  const large = outcomes(s.large.runs, apply);
  const whole = large.flatMap((l) => {
    const sm = small.find((o) => sameTarget(o, l));
    if (!sm) return [];
    return [{ large: l, small: sm, ext: extrapolate({ size: s.small.size, timeMs: sm.timeMs }, { size: s.large.size, timeMs: l.timeMs }) }];
  });
  const base = whole.find((w) => w.large.alternative === "baseline");
  const scaled = base && restoreUntilOnDiskMs !== null && restoreUntilOnDiskMs > 0 && base.ext.lowMs > 0;
  const restore = scaled ? restoreRange(restoreUntilOnDiskMs, base.large.timeMs) : null;
  return whole.map(({ large: l, small: sm, ext: extrapolated }) => {
    const isBase = l.alternative === "baseline";
    const ext = base && restore ? isBase ? restore : scaledTo(restore.ms, base.ext, extrapolated) : extrapolated;
    const saving = base && !isBase ? extrapolatedSaving(restore ?? base.ext, ext) : null;
    const runs = l.timeMs.runs + sm.timeMs.runs;
    const baseMs = restore?.ms ?? base?.ext.ms ?? 0;
    return {
      ...l,
      timeMs: spreadOf(ext, runs),
      // What the samples left to write back and their CPU time are the samples' own, not the whole restore's: not extrapolated.
      writebackLeftMs: null,
      cpuMs: null,
      savingMs: saving ? saving.savingMs : null,
      savingShare: saving && baseMs > 0 ? saving.savingMs / baseMs : null,
      failedRuns: l.failedRuns + sm.failedRuns,
      sampled: {
        savingLowMs: saving ? saving.lowMs : 0,
        savingHighMs: saving ? saving.highMs : 0,
        largeSampleTimeMs: l.timeMs,
        smallSampleTimeMs: sm.timeMs,
        ...restore ? { baselineFrom: "restore" } : {}
      }
    };
  });
}
function spreadOf(ext, runs) {
  return { median: ext.ms, min: ext.lowMs, max: ext.highMs, runs, spreadPercent: ext.ms > 0 ? (ext.highMs - ext.lowMs) / ext.ms * 100 : 0 };
}
function restoreRange(restoreMs, largeBaseline) {
  const share = largeBaseline.median > 0 ? (largeBaseline.max - largeBaseline.min) / largeBaseline.median : 0;
  return { ms: restoreMs, lowMs: restoreMs * (1 - share), highMs: restoreMs * (1 + share) };
}
function scaledTo(restoreMs, base, alt) {
  return {
    ms: restoreMs * (alt.ms / base.ms),
    lowMs: restoreMs * Math.min(alt.lowMs / base.highMs, alt.ms / base.ms),
    highMs: restoreMs * Math.max(alt.highMs / base.lowMs, alt.ms / base.ms)
  };
}

// src/experiment/sample-pairs.ts
function pairedRounds(baseline, alternative) {
  return baseline.flatMap((b, i) => {
    const a = alternative[i];
    return b !== null && a !== null && a !== void 0 && b > 0 ? [{ round: i + 1, baselineMs: b, ms: a }] : [];
  });
}
function roundRatios(baseline, alternative) {
  return pairedRounds(baseline, alternative).map((r) => r.ms / r.baselineMs);
}
function pairedOutcomes(runs, apply, restoreMs) {
  const measured = outcomes(runs, apply);
  const inOrder = (o) => timesInOrder(runsOfTarget(runs, o));
  const base = measured.find((o) => o.alternative === "baseline");
  if (!base) return [];
  const restore = restoreRange(restoreMs, base.timeMs);
  const baseTimes = inOrder(base);
  return measured.flatMap((o) => {
    if (o === base) return [withSampled(o, spreadOf(restore, o.timeMs.runs), null)];
    const ratios = roundRatios(baseTimes, inOrder(o));
    const ratio = median(ratios);
    if (ratio === null) return [];
    const lowRatio = Math.min(...ratios);
    const highRatio = Math.max(...ratios);
    const time = spreadOf({ ms: restore.ms * ratio, lowMs: restore.lowMs * lowRatio, highMs: restore.highMs * highRatio }, o.timeMs.runs);
    const savingMs = restore.ms * (1 - ratio);
    const ends = [restore.lowMs, restore.highMs].flatMap((r) => [r * (1 - highRatio), r * (1 - lowRatio)]);
    return [withSampled(o, time, { savingMs, lowMs: Math.min(savingMs, ...ends), highMs: Math.max(savingMs, ...ends), share: 1 - ratio })];
  });
}
function withSampled(o, timeMs, saving) {
  return {
    ...o,
    timeMs,
    // What the sample left to write back and its CPU time are the sample's own, not the whole restore's.
    writebackLeftMs: null,
    cpuMs: null,
    savingMs: saving ? saving.savingMs : null,
    savingShare: saving ? saving.share : null,
    sampled: {
      savingLowMs: saving ? saving.lowMs : 0,
      savingHighMs: saving ? saving.highMs : 0,
      largeSampleTimeMs: o.timeMs,
      baselineFrom: "restore"
    }
  };
}
function slowerThanBaseline(target, runs) {
  if (target.alternative === "baseline") return null;
  const mine = runsOfTarget(runs, target);
  const own = timesInOrder(mine).map((t, i) => t ?? mine[i]?.stoppedAfterMs ?? null);
  const stopped = (round) => mine[round - 1]?.stoppedAfterMs !== void 0;
  return pairedRounds(timesInOrder(runs.filter((r) => r.alternative === "baseline")), own).find((r) => r.ms > r.baselineMs || stopped(r.round)) ?? null;
}
function pairedLive(targets, runs) {
  const baselineRuns = runs.filter((r) => r.alternative === "baseline").length;
  const retired = targets.flatMap((target) => {
    const slower = slowerThanBaseline(target, runs);
    return slower ? [{ target, ...slower }] : [];
  });
  const runsWanted = (t) => t.alternative === "baseline" ? Number.POSITIVE_INFINITY : descriptorOf(t.alternative).isFix ? baselineRuns : Math.min(1, baselineRuns);
  const live2 = targets.filter((t) => !retired.some((r) => r.target === t) && runsOfTarget(runs, t).length < runsWanted(t));
  return { live: live2, retired };
}
function pairedLead(targets, runs) {
  const baseTimes = timesInOrder(runs.filter((r) => r.alternative === "baseline"));
  const retired = new Set(pairedLive(targets, runs).retired.map((r) => r.target));
  let lead = null;
  for (const target of targets) {
    if (!descriptorOf(target.alternative).isFix || retired.has(target)) continue;
    const ratio = median(roundRatios(baseTimes, timesInOrder(runsOfTarget(runs, target))));
    if (ratio !== null && (lead === null || ratio < lead.ratio)) lead = { target, ratio };
  }
  return lead?.target ?? null;
}
var PAIRED_CAP_FACTOR = 1;
function pairedCapMs(target, runs) {
  if (target.alternative === "baseline") return null;
  const round = runsOfTarget(runs, target).length;
  const baselineMs = timesInOrder(runs.filter((r) => r.alternative === "baseline"))[round];
  return baselineMs === null || baselineMs === void 0 ? null : baselineMs * PAIRED_CAP_FACTOR;
}
var PAIRS_FOR = ["cpu"];
var PAIRED_ROUNDS = 4;
var PAIRED_ROUNDS_MAX = 8;
var PAIRED_ROUND_BASELINES = 2.5;
function sampleReading(restoreBottleneck, restoreUntilOnDiskMs) {
  return restoreBottleneck !== null && PAIRS_FOR.includes(restoreBottleneck) && restoreUntilOnDiskMs !== null && restoreUntilOnDiskMs > 0 ? "pairs" : "line";
}

export {
  CleanupStack,
  timesInOrder,
  outcomes,
  fixBest,
  sampleStep,
  sampledOutcomes,
  pairedRounds,
  pairedOutcomes,
  pairedLive,
  pairedLead,
  pairedCapMs,
  PAIRED_ROUNDS,
  PAIRED_ROUNDS_MAX,
  PAIRED_ROUND_BASELINES,
  sampleReading
};
