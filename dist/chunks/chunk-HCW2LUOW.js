import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  judgeSaved
} from "./chunk-MEPGIO5W.js";
import {
  pageCacheLoop
} from "./chunk-ML5WHONI.js";
import {
  describeFingerprint
} from "./chunk-WM2BKT75.js";
import {
  xyChartInit
} from "./chunk-I5NRPR4P.js";
import {
  groupsOf,
  historyRunOf,
  quantile
} from "./chunk-IU36LFFJ.js";
import {
  cell,
  denseTable,
  details
} from "./chunk-HDZVFZKP.js";
import {
  TOOL_VERSION
} from "./chunk-V6ICDZO4.js";
import {
  spread
} from "./chunk-G25BJ2M5.js";
import {
  PHASES
} from "./chunk-SGXIA4GN.js";
import {
  PHASE_NOUN,
  RESOURCE_WORDS,
  sayCeilingFrom,
  verdictWords
} from "./chunk-YUP7TFMP.js";
import {
  iops,
  mibPerSecond,
  percent,
  seconds
} from "./chunk-QNSZTROI.js";
import {
  MiB
} from "./chunk-YRJ6SEFO.js";

// src/compare/best-fix.ts
function fixName(p) {
  const b = p.experiments?.fixBest;
  if (!b) return "none";
  return b.alternative === "other-disk" && b.mountPoint ? `other-disk ${b.mountPoint}` : b.alternative;
}
function bestFixOf(profiles) {
  const measured = profiles.filter((p) => (p.experiments?.outcomes.length ?? 0) > 0);
  if (measured.length === 0) return null;
  const counts = /* @__PURE__ */ new Map();
  for (const p of measured) counts.set(fixName(p), (counts.get(fixName(p)) ?? 0) + 1);
  const [fix, runs] = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  const savingMs = fix === "none" ? null : spread(measured.filter((p) => fixName(p) === fix).map((p) => p.experiments?.fixBest.savingMs));
  return { fix, savingMs, runs, of: measured.length };
}
function bestFixCell(b) {
  if (!b) return "\u2013";
  const saving = b.savingMs ? ` (\u2212${(b.savingMs.median / 1e3).toFixed(2)} s)` : "";
  return `${b.fix}${saving}${b.of > 1 ? ` <sub>${b.runs}/${b.of} runs</sub>` : ""}`;
}

// src/compare/hardware-kinds.ts
function phaseMs(p, name) {
  const x = p.phases.find((ph) => ph.name === name);
  return x ? x.endMs - x.startMs : null;
}
function hardwareKinds(items) {
  const byLabel = /* @__PURE__ */ new Map();
  for (const { profile } of items) if (profile.fingerprint) byLabel.set(profile.label, [...byLabel.get(profile.label) ?? [], profile]);
  const out = [];
  for (const [label, profiles] of byLabel) {
    const withHistory = profiles.filter((p) => p.history).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    if (withHistory?.history) {
      const kinds = withHistory.history.groups;
      out.push({ label, basis: "history", runs: kinds.reduce((s3, g) => s3 + g.runs, 0), kinds });
      continue;
    }
    const runs = profiles.map(
      (p) => historyRunOf({
        createdAt: p.createdAt,
        runId: "",
        runAttempt: "",
        fingerprintId: p.fingerprint?.id ?? "",
        hardware: p.fingerprint ? describeFingerprint(p.fingerprint) : "",
        phasesMs: { lookup: phaseMs(p, "lookup"), download: phaseMs(p, "download"), extract: phaseMs(p, "extract"), writeback: phaseMs(p, "writeback") },
        restoreOk: !!p.restore?.cacheHit && !p.restore.error && !p.restore.skipped,
        archiveBytes: p.restore?.archiveBytes ?? null,
        bottleneck: p.verdict?.bottleneck ?? "inconclusive",
        ceilings: { seqWriteMiBps: null, randWriteIops: null }
      })
    );
    out.push({ label, basis: "matrix", runs: runs.length, kinds: groupsOf(runs) });
  }
  return out.sort((a, b) => a.label.localeCompare(b.label));
}
var s = (ms) => `${(ms / 1e3).toFixed(2)}`;
function renderHardwareKinds(labels) {
  if (labels.length === 0) return "";
  const out = ["### Hardware kinds per runner label", ""];
  for (const l of labels) {
    out.push(
      `**${l.label}**: ${l.kinds.length} hardware kind${l.kinds.length === 1 ? "" : "s"} over ${l.runs} run${l.runs === 1 ? "" : "s"} (${l.basis === "history" ? "from the label's history" : "this matrix only: no history recorded"})`,
      "",
      "| Fingerprint | Hardware | Runs | Restore p50 / p90 (s) | Until on disk p50 / p90 (s) |",
      "|---|---|---:|---:|---:|"
    );
    for (const k of l.kinds) {
      const pp = (x) => x ? `${s(x.p50)} / ${s(x.p90)}` : "\u2013";
      out.push(`| \`${k.fingerprintId}\` | ${k.hardware.replace(/\|/g, "\\|")} | ${k.runs} | ${pp(k.restoreMs)} | ${pp(k.untilDurableMs)} |`);
    }
    out.push("");
  }
  return out.join("\n");
}

// src/compare/judged-run.ts
function withSaidCeiling(s3) {
  return s3.from ? { ...s3, from: { said: sayCeilingFrom(s3.from) ?? "", cap: s3.from.cap } } : s3;
}
function isResource(b) {
  return b !== "none" && b !== "inconclusive";
}
function judgeRun({ source, profile }) {
  const judgement = judgeSaved(profile);
  const v = judgement.verdict;
  const carriers = judgement.decision.carriers;
  const w = isResource(v.bottleneck) ? v.whatIf.find((x) => x.resource === v.bottleneck && x.measured !== false) : void 0;
  const carrier = judgement.phases.find((p) => p.phase === v.phase);
  const top = carrier?.disk.top ?? null;
  const restored = v.phases.length > 0 && v.untilOnDiskMs !== void 0;
  return {
    source,
    label: profile.label,
    profile,
    bottleneck: v.bottleneck,
    phases: carriers.map((p) => p.phase),
    phasesShare: carriers.length > 0 ? carriers.reduce((s3, p) => s3 + p.share, 0) : null,
    whatIf: w && w.savingAtMostMs !== void 0 ? { resource: w.resource, speedup: w.speedup, savingAtMostMs: w.savingAtMostMs } : null,
    diskShare: top && top.resource === v.bottleneck ? withSaidCeiling(top) : null,
    stepMs: restored ? v.stepMs ?? null : null,
    untilOnDiskMs: restored ? v.untilOnDiskMs ?? null : null,
    recordedBy: profile.tool.version,
    recordedBottleneck: profile.verdict?.bottleneck ?? null,
    fingerprintId: profile.fingerprint?.id ?? null,
    shared: (profile.context.otherProfiles?.length ?? 0) > 0
  };
}
function recordedElsewhere(run) {
  return run.recordedBy !== TOOL_VERSION;
}
function hardware(profile) {
  const c = profile.context;
  const disk = profile.devices.find((d) => d.primary);
  const fs = c.fileSystems[0];
  const parts = [
    `${c.cpuCount} CPU`,
    `${Math.round(c.memoryBytes / 1024 ** 3)} GiB`,
    disk ? `${disk.name}${disk.model ? ` (${disk.model})` : ""}` : "no block device",
    fs ? fs.fsType : ""
  ];
  return parts.filter(Boolean).join(", ");
}

// src/compare/recommend.ts
function tied(a, b) {
  return a.min <= b.max && b.min <= a.max;
}
function recommend(runners) {
  const ranked = runners.filter((r) => r.untilOnDiskMs !== null).sort((a, b) => a.untilOnDiskMs.p50 - b.untilOnDiskMs.p50 || a.label.localeCompare(b.label));
  const notRestored = runners.filter((r) => r.untilOnDiskMs === null).map((r) => r.label);
  const fastest = ranked[0];
  if (!fastest) return { kind: "none", pick: null, asFast: [], by: null, slower: [], cheaper: null, notRestored, oneRun: [] };
  const tier = ranked.filter((r) => tied(fastest.untilOnDiskMs, r.untilOnDiskMs));
  const priced = tier.length > 1 && tier.every((r) => r.cost !== null);
  const pick = priced ? tier.reduce((a, b) => (b.cost?.perRestoreUsd ?? Infinity) < (a.cost?.perRestoreUsd ?? Infinity) ? b : a) : fastest;
  const later = (r) => ({
    label: r.label,
    p50LaterMs: r.untilOnDiskMs.p50 - pick.untilOnDiskMs.p50,
    p90LaterMs: r.untilOnDiskMs.p90 - pick.untilOnDiskMs.p90
  });
  const cheapest = ranked.filter((r) => r.cost !== null).reduce((a, b) => a === null || (b.cost?.perRestoreUsd ?? 0) < (a.cost?.perRestoreUsd ?? 0) ? b : a, null);
  const saved = cheapest && pick.cost && cheapest.cost ? pick.cost.per1000RunsUsd - cheapest.cost.per1000RunsUsd : 0;
  return {
    kind: tier.length > 1 && !priced ? "tie" : "pick",
    pick: pick.label,
    asFast: tier.filter((r) => r !== pick).map((r) => r.label),
    by: priced ? "cheaper-as-fast" : "fastest",
    slower: ranked.filter((r) => !tier.includes(r)).map(later),
    cheaper: cheapest && !tier.includes(cheapest) && saved > 0 ? { label: cheapest.label, p50LaterMs: later(cheapest).p50LaterMs, savedPer1000RunsUsd: saved } : null,
    notRestored,
    oneRun: ranked.filter((r) => r.untilOnDiskMs.runs === 1).map((r) => r.label)
  };
}
function slowKinds(labels) {
  return labels.filter((k) => k.kinds.length > 1).map((k) => {
    const timed = k.kinds.filter((g) => g.untilDurableMs !== null).sort((a, b) => (a.untilDurableMs?.p50 ?? 0) - (b.untilDurableMs?.p50 ?? 0));
    const fast = timed[0];
    const slow = timed[timed.length - 1];
    const beyond = fast?.untilDurableMs && slow?.untilDurableMs && slow !== fast && slow.untilDurableMs.p50 > fast.untilDurableMs.p90;
    return {
      label: k.label,
      kinds: k,
      slow: beyond && fast?.untilDurableMs && slow?.untilDurableMs ? { slow, fast, p50LaterMs: slow.untilDurableMs.p50 - fast.untilDurableMs.p50 } : null
    };
  });
}

// src/compare/run-times.ts
function runTimes(values) {
  const xs = values.filter((v) => v !== null && Number.isFinite(v));
  const p50 = quantile(xs, 0.5);
  const p90 = quantile(xs, 0.9);
  if (p50 === null || p90 === null) return null;
  return { p50, p90, min: Math.min(...xs), max: Math.max(...xs), runs: xs.length };
}
function labelCost(untilOnDiskMs, perMinuteUsd) {
  if (perMinuteUsd === void 0 || untilOnDiskMs === null) return null;
  const perRestoreUsd = untilOnDiskMs.p50 / 6e4 * perMinuteUsd;
  return { perMinuteUsd, perRestoreUsd, per1000RunsUsd: perRestoreUsd * 1e3 };
}

// src/compare/compare.ts
var CEILING_NAMES = ["seqWriteMiBps", "randWriteIops", "seqReadMiBps", "randReadIops"];
var CEILING_PROBES = {
  seqWriteMiBps: ["seq-write", "mibps"],
  randWriteIops: ["rand-write", "iops"],
  seqReadMiBps: ["seq-read", "mibps"],
  randReadIops: ["rand-read", "iops"]
};
function compareProfiles(items, prices = /* @__PURE__ */ new Map()) {
  const byLabel = /* @__PURE__ */ new Map();
  for (const item of items) {
    const run = judgeRun(item);
    byLabel.set(run.label, [...byLabel.get(run.label) ?? [], run]);
  }
  const runners = [...byLabel.entries()].map(([label, runs]) => combine(label, runs, prices.get(label)));
  runners.sort((a, b) => (a.untilOnDiskMs?.p50 ?? Infinity) - (b.untilOnDiskMs?.p50 ?? Infinity) || a.label.localeCompare(b.label));
  return {
    runners,
    recommendation: recommend(runners),
    fastest: {
      restore: runners.find((r) => r.untilOnDiskMs)?.label ?? null,
      ...Object.fromEntries(CEILING_NAMES.map((n) => [n, best(runners, n)]))
    },
    kinds: hardwareKinds(items),
    unpricedLabels: prices.size > 0 ? runners.filter((r) => r.untilOnDiskMs && !r.cost).map((r) => r.label) : [],
    pricedButAbsent: [...prices.keys()].filter((l) => !byLabel.has(l))
  };
}
function best(runners, ceiling) {
  let winner = null;
  for (const r of runners) {
    const value = r.ceilings[ceiling]?.median;
    if (value !== void 0 && (winner === null || value > (winner.ceilings[ceiling]?.median ?? -1))) winner = r;
  }
  return winner?.label ?? null;
}
function combine(label, runs, perMinuteUsd) {
  const profiles = runs.map((r) => r.profile);
  const pageCache = /* @__PURE__ */ new Set();
  const ceilings = Object.fromEntries(
    CEILING_NAMES.map((name) => {
      const [probe, unit] = CEILING_PROBES[name];
      const values = profiles.map((p) => {
        const v = probeValue(p, probe, unit);
        if (v === "page-cache") pageCache.add(name);
        return v === "page-cache" ? null : v;
      });
      return [name, spread(values)];
    })
  );
  const phasesMs = Object.fromEntries(PHASES.map((n) => [n, runTimes(runs.map((r) => r.untilOnDiskMs === null ? null : phaseMs2(r.profile, n)))]));
  const untilOnDiskMs = runTimes(runs.map((r) => r.untilOnDiskMs));
  const counts = /* @__PURE__ */ new Map();
  for (const r of runs) counts.set(r.bottleneck, (counts.get(r.bottleneck) ?? 0) + 1);
  const typical = nearest(runs, untilOnDiskMs?.p50);
  const cost = labelCost(untilOnDiskMs, perMinuteUsd);
  return {
    label,
    sources: runs.map((r) => r.source),
    runs,
    ceilings,
    pageCache: [...pageCache].filter((n) => ceilings[n] === null),
    phasesMs,
    stepMs: runTimes(runs.map((r) => r.stepMs)),
    untilOnDiskMs,
    bottlenecks: [...counts.entries()].map(([bottleneck, n]) => ({ bottleneck, runs: n })).sort((a, b) => b.runs - a.runs),
    typical,
    bestFix: bestFixOf(profiles),
    sharedRuns: runs.filter((r) => r.shared).length,
    otherVersionRuns: runs.filter(recordedElsewhere),
    cost
  };
}
function probeValue(profile, name, unit) {
  const probe = profile.probes?.probes.find((p) => p.name === name && !p.error);
  if (!probe) return null;
  if (pageCacheLoop(profile, probe) !== null) return "page-cache";
  return unit === "iops" ? probe.iops : probe.bytesPerSecond / MiB;
}
function phaseMs2(profile, name) {
  const phase = profile.phases.find((p) => p.name === name);
  return phase ? phase.endMs - phase.startMs : null;
}
function nearest(runs, target) {
  let bestRun = runs[0];
  if (target === void 0) return bestRun;
  let bestDistance = Infinity;
  for (const r of runs) {
    if (r.untilOnDiskMs !== null && Math.abs(r.untilOnDiskMs - target) < bestDistance) {
      bestDistance = Math.abs(r.untilOnDiskMs - target);
      bestRun = r;
    }
  }
  return bestRun;
}
function comparisonJson(c, indent) {
  return JSON.stringify(c, (key, value) => key === "profile" ? void 0 : value, indent);
}

// src/compare/render-comparison.ts
var STEP_TIME = "Restore step";
var ON_DISK_TIME = "Until on disk";
var DEFINITIONS = `*${STEP_TIME}*: lookup + download + extraction, until tar exited (what the step takes). *${ON_DISK_TIME}*: the restore step plus the writeback tail, until the restored files were on disk; labels rank by its p50. *Spread*: a label's fastest to slowest run until on disk; two labels whose spreads overlap tie (the difference is within the runs' spread). p50 and p90 interpolate between runs.`;
var CEILING_COLUMNS = {
  seqWriteMiBps: { header: "Seq write (MiB/s)", probe: "seq-write", format: (v) => v.toFixed(0) },
  randWriteIops: { header: "Rand write (IOPS)", probe: "rand-write", format: (v) => v.toFixed(0) },
  seqReadMiBps: { header: "Seq read (MiB/s)", probe: "seq-read", format: (v) => v.toFixed(0) },
  randReadIops: { header: "Rand read (IOPS)", probe: "rand-read", format: (v) => v.toFixed(0) }
};
var s2 = (ms) => (ms / 1e3).toFixed(2);
var sec = (ms) => `${s2(ms)} s`;
var usd = (x) => x >= 1 ? `$${x.toFixed(2)}` : x >= 0.01 ? `$${x.toFixed(3)}` : `$${x.toPrecision(2)}`;
var runsWord = (n) => `${n} run${n === 1 ? "" : "s"}`;
var code = (label) => `\`${label.replace(/`/g, "'")}\``;
function list(words) {
  return words.length <= 1 ? words[0] ?? "" : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}
function range(t) {
  return t.runs > 1 ? `${s2(t.min)}\u2013${sec(t.max)}` : `${sec(t.min)}, one run`;
}
function whySentence(run) {
  const parts = [verdictWords(run.bottleneck).label];
  const phases = list(run.phases.map((p) => PHASE_NOUN[p]));
  const clauses = [];
  if (phases && run.phasesShare !== null && run.untilOnDiskMs !== null)
    clauses.push(`${phases} took ${percent(run.phasesShare)} of its ${sec(run.untilOnDiskMs)} until on disk`);
  const d = run.diskShare;
  if (d) {
    const rate = d.resource === "disk-iops" ? iops : mibPerSecond;
    clauses.push(`the disk ${d.direction === "write" ? "wrote" : "read"} ${rate(d.rate)}, ${percent(d.share)} of its ${rate(d.ceiling)} ceiling`);
  }
  const w = run.whatIf;
  if (w)
    clauses.push(`${w.speedup === 2 ? "twice" : `${w.speedup} times`} the ${RESOURCE_WORDS[w.resource].noun} would save at most ${seconds(w.savingAtMostMs)}`);
  return `${parts[0]}${clauses.length > 0 ? `: ${clauses.join("; ")}` : ""}.`;
}
function timesOf(r) {
  const t = r.untilOnDiskMs;
  return t ? `${sec(t.p50)} at p50 and ${sec(t.p90)} at p90 (${runsWord(t.runs)})` : "no restore";
}
function laterText(ms) {
  return ms >= 0 ? `${sec(ms)} later` : `${sec(-ms)} sooner`;
}
function recommendationText(c) {
  const rec = c.recommendation;
  const byLabel = new Map(c.runners.map((r) => [r.label, r]));
  const pick = rec.pick ? byLabel.get(rec.pick) : void 0;
  if (rec.kind === "none" || !pick?.untilOnDiskMs) return ["**No runner label restored the cache**, so there is no time to rank: see each run below."];
  const out = [];
  const sooner = rec.slower.map((s3) => `${sec(s3.p50LaterMs)} at p50 and ${sec(s3.p90LaterMs)} at p90 sooner than ${code(s3.label)}`);
  const asFast = rec.asFast.map((l) => byLabel.get(l)).filter((r) => r?.untilOnDiskMs != null);
  const spreads = (rs) => rs.map((r) => `${code(r.label)} ${range(r.untilOnDiskMs)}`).join(", ");
  if (rec.kind === "tie") {
    const all = [pick, ...asFast];
    out.push(
      `**${list(all.map((r) => code(r.label)))} tie for this cache**: their restores were on disk after ${list(all.map((r) => sec(r.untilOnDiskMs.p50)))} at p50, a difference within their runs' spread (${spreads(all)}). Either will do; a price per label (the \`prices\` input) would break the tie.`
    );
    if (sooner.length > 0) out.push(`${code(pick.label)} was on disk ${list(sooner)}.`);
  } else if (rec.by === "cheaper-as-fast" && pick.cost) {
    const dearer = asFast.map((r) => `${code(r.label)} (${usd(r.cost?.per1000RunsUsd ?? 0)})`);
    out.push(
      `**Use ${code(pick.label)} for this cache**: as fast as ${list(asFast.map((r) => code(r.label)))} within their runs' spread (${spreads([pick, ...asFast])}) and cheaper: ${usd(pick.cost.per1000RunsUsd)} per 1,000 runs against ${list(dearer)}. Its restores were on disk after ${timesOf(pick)}${sooner.length > 0 ? `, ${list(sooner)}` : ""}.`
    );
  } else if (c.runners.filter((r) => r.untilOnDiskMs).length === 1) {
    out.push(`**Only ${code(pick.label)} restored the cache** (${timesOf(pick)}), so there is nothing to compare it with.`);
  } else {
    out.push(`**Use ${code(pick.label)} for this cache**: its restores were on disk after ${timesOf(pick)}, ${list(sooner)}.`);
  }
  if (rec.cheaper && pick.cost) {
    out.push(
      `${code(rec.cheaper.label)} costs ${usd(rec.cheaper.savedPer1000RunsUsd)} less per 1,000 runs at the given prices and is ${sec(rec.cheaper.p50LaterMs)} slower at p50: ${rec.cheaper.p50LaterMs < 1e3 ? "the cheaper choice where a second or less does not matter" : "the cheaper choice if that time does not matter"}.`
    );
  }
  const slower = rec.slower.map((s3) => byLabel.get(s3.label)).filter((r) => r !== void 0);
  if (slower.length > 0) {
    out.push("", "Why the others are slower (the verdict of the run nearest each label's p50):", "");
    for (const r of slower) {
      const s3 = rec.slower.find((x) => x.label === r.label);
      const mixed = r.bottlenecks.length > 1 ? ` Its runs: ${r.bottlenecks.map((b) => `${verdictWords(b.bottleneck).limitedBy} \xD7${b.runs}`).join(", ")}.` : "";
      out.push(`- ${code(r.label)}, ${laterText(s3?.p50LaterMs ?? 0)} at p50 (${laterText(s3?.p90LaterMs ?? 0)} at p90): ${whySentence(r.typical)}${mixed}`);
    }
  }
  if (rec.oneRun.length > 0 && c.runners.length > 1) {
    out.push(
      "",
      `${list(rec.oneRun.map(code))} ran once: ${rec.oneRun.length === 1 ? "its" : "their"} spread is not measured, so a difference from ${rec.oneRun.length === 1 ? "it" : "them"} is not checked against the runs' noise. Run each label a few times (a second matrix axis, e.g. \`attempt: [1, 2, 3]\`) to tell one from the other.`
    );
  }
  for (const l of rec.notRestored) out.push(`- ${code(l)}: no restore to rank (${noRestore(byLabel.get(l)?.typical.profile.restore ?? null)}).`);
  return out;
}
function noRestore(r) {
  if (!r) return "no restore was profiled";
  if (r.error) return `the restore failed during ${r.error.phase}`;
  if (r.skipped) return "the restore was skipped by request";
  return r.cacheHit ? "no phase was recorded" : "a cache miss";
}
function kindsText(c) {
  return slowKinds(c.kinds).map(({ label, kinds: k, slow }) => {
    const each = k.kinds.map(
      (g) => `${code(g.fingerprintId)} (${g.hardware}; ${runsWord(g.runs)}${g.untilDurableMs ? `, ${sec(g.untilDurableMs.p50)} p50` : ""})`
    );
    const which = slow ? `${code(slow.slow.fingerprintId)} is the slow one: ${sec(slow.p50LaterMs)} later at p50 than ${code(slow.fast.fingerprintId)}, beyond its p90.` : "They are alike within their spread: no kind is slower beyond the p90 of another.";
    return `\u26A0 ${code(label)} landed on ${k.kinds.length} hardware kinds over ${runsWord(k.runs)} (${k.basis === "history" ? "its history's" : "this matrix"}): ${list(each)}. ${which} Which one a job gets is the runner service's choice.`;
  });
}
function timeCell(t) {
  return t ? `${s2(t.p50)} / ${s2(t.p90)}` : "\u2013";
}
function spreadCell(t) {
  return t ? t.runs > 1 ? `${s2(t.min)}\u2013${s2(t.max)}` : `${s2(t.min)} <sub>1 run</sub>` : "\u2013";
}
function ceilingCell(s3, format) {
  if (!s3) return "\u2013";
  return s3.runs > 1 ? `${format(s3.median)} <sub>\xB1${Math.round(s3.spreadPercent / 2)}%</sub>` : format(s3.median);
}
function verdictCell(r) {
  return r.bottlenecks.map((b) => r.bottlenecks.length > 1 ? `${verdictWords(b.bottleneck).limitedBy} \xD7${b.runs}` : verdictWords(b.bottleneck).limitedBy).join(", ");
}
function marks(r) {
  return r.sharedRuns > 0 ? ` <sub>\u26A0 shared ${r.sharedRuns}/${r.runs.length}</sub>` : "";
}
function mainTable(c) {
  const rank = (r) => {
    const rec = c.recommendation;
    if (r.label === rec.pick) return "1";
    if (rec.asFast.includes(r.label)) return "1 (tie)";
    const i = rec.slower.findIndex((s3) => s3.label === r.label);
    return i >= 0 ? String(i + 2) : "\u2013";
  };
  const header = [
    "#",
    "Runner",
    "Runs",
    `${ON_DISK_TIME} p50 / p90 (s)`,
    "Spread (s)",
    `${STEP_TIME} p50 / p90 (s)`,
    "$ per restore / 1,000 runs",
    "Verdict",
    "Best fix (measured)"
  ];
  const rows = c.runners.map((r) => [
    rank(r),
    `${r.label}${marks(r)}`,
    String(r.runs.length),
    timeCell(r.untilOnDiskMs),
    spreadCell(r.untilOnDiskMs),
    timeCell(r.stepMs),
    r.cost ? `${usd(r.cost.perRestoreUsd)} / ${usd(r.cost.per1000RunsUsd)}` : "\u2013",
    verdictCell(r),
    bestFixCell(r.bestFix)
  ]);
  return denseTable(header, rows, ["r", "l", "r", "r", "r", "r", "r", "l", "l"]);
}
function ceilingsTable(c) {
  const columns = Object.entries(CEILING_COLUMNS);
  const rows = c.runners.map((r) => [
    r.label,
    ...columns.map(([name, col]) => r.pageCache.includes(name) ? "page cache, not ranked" : ceilingCell(r.ceilings[name], col.format))
  ]);
  if (rows.every((row) => row.slice(1).every((x) => x === "\u2013"))) return "";
  return denseTable(["Runner", ...columns.map(([, col]) => col.header)], rows, ["l", "r", "r", "r", "r"]);
}
function mermaidLabel(label) {
  return `"${label.replace(/["\n\r]/g, " ").slice(0, 40)}"`;
}
function spreadChart(runners) {
  const rows = runners.filter((r) => r.untilOnDiskMs !== null);
  if (rows.length === 0) return "";
  const values = (f) => rows.map((r) => Number((f(r.untilOnDiskMs) / 1e3).toFixed(2))).join(", ");
  return [
    "```mermaid",
    xyChartInit(),
    "xychart-beta",
    `  title "${ON_DISK_TIME} per label (s): slowest run, fastest run, p50 line"`,
    `  x-axis [${rows.map((r) => mermaidLabel(r.label)).join(", ")}]`,
    `  y-axis "seconds" 0 --> ${Math.ceil(Math.max(...rows.map((r) => r.untilOnDiskMs.max)) / 1e3)}`,
    `  bar [${values((t) => t.max)}]`,
    `  bar [${values((t) => t.min)}]`,
    `  line [${values((t) => t.p50)}]`,
    "```"
  ].join("\n");
}
function phasesTable(c) {
  const rows = c.runners.map((r) => [r.label, ...PHASES.map((p) => timeCell(r.phasesMs[p]))]);
  return denseTable(["Runner", ...PHASES.map((p) => `${PHASE_NOUN[p].replace(/^the /, "")} p50 / p90 (s)`)], rows, ["l", "r", "r", "r", "r"]);
}
function runsTable(c) {
  const rows = c.runners.flatMap(
    (r) => r.runs.map((run) => [
      r.label,
      run.source,
      run.untilOnDiskMs === null ? "\u2013" : s2(run.untilOnDiskMs),
      run.stepMs === null ? "\u2013" : s2(run.stepMs),
      verdictWords(run.bottleneck).limitedBy,
      run.recordedBy === TOOL_VERSION ? run.recordedBy : `${run.recordedBy}${run.recordedBottleneck && run.recordedBottleneck !== run.bottleneck ? ` (it said ${verdictWords(run.recordedBottleneck).limitedBy})` : ""}`,
      hardware(run.profile)
    ])
  );
  const header = ["Runner", "Profile", `${ON_DISK_TIME} (s)`, `${STEP_TIME} (s)`, `Verdict (${TOOL_VERSION})`, "Recorded by", "Hardware"];
  return denseTable(header, rows, ["l", "l", "r", "r", "l", "l", "l"]);
}
function renderComparison(comparison, problems = []) {
  const { runners } = comparison;
  const out = ["## Disk profiler: runners compared", ""];
  if (runners.length === 0) {
    out.push("No profiles to compare.");
    for (const p of problems) out.push(`- ${p}`);
    return out.join("\n");
  }
  out.push(...recommendationText(comparison), "");
  const kinds = kindsText(comparison);
  if (kinds.length > 0) out.push(...kinds, "");
  out.push(mainTable(comparison), "", DEFINITIONS, "");
  const chart = spreadChart(runners);
  if (chart) out.push(chart, "");
  const cached = runners.filter((r) => r.pageCache.length > 0);
  if (cached.length > 0) {
    out.push(
      `Probes that measured the page cache, not a disk, are not ranked or output as ceilings: ${list(cached.map((r) => `${code(r.label)} (${r.pageCache.map((n) => CEILING_COLUMNS[n].probe).join(", ")})`))}; a loop device over a file turns fio's direct writes into buffered ones.`,
      ""
    );
  }
  const elsewhere = runners.filter((r) => r.otherVersionRuns.length > 0);
  if (elsewhere.length > 0) {
    const n = elsewhere.reduce((s3, r) => s3 + r.otherVersionRuns.length, 0);
    out.push(
      `Every profile is judged by disk-profiler ${TOOL_VERSION}'s rules, as \`disk-profiler render\` judges it; ${n} of ${runners.reduce((s3, r) => s3 + r.runs.length, 0)} were recorded by another release (${list([...new Set(elsewhere.flatMap((r) => r.otherVersionRuns.map((x) => x.recordedBy)))])}): their figures are that release's recording, their verdicts this release's (the runs below say where they differ).`,
      ""
    );
  }
  const shared = runners.filter((r) => r.sharedRuns > 0);
  if (shared.length > 0) {
    out.push(
      `\u26A0 Shared machine: ${shared.map((r) => `${cell(r.label)} (${r.sharedRuns} of ${r.sources.length} runs)`).join(", ")} ran while another disk-profiler run used the same machine; those figures include its work. Give each job a machine of its own to compare runner types.`,
      ""
    );
  }
  const left = [
    ...problems,
    ...comparison.pricedButAbsent.map((l) => `prices: ${l} is priced, but no profile has that label`),
    ...comparison.unpricedLabels.map((l) => `prices: ${l} has no price, so its cost is not shown`)
  ];
  if (left.length > 0) {
    out.push("### Profiles left out and notes", "");
    for (const p of left) out.push(`- ${p}`);
    out.push("");
  }
  const ceilings = ceilingsTable(comparison);
  if (ceilings) out.push(details("Disk ceilings per label (fio)", ceilings), "");
  const kindsTables = renderHardwareKinds(comparison.kinds);
  if (kindsTables) out.push(`<details><summary>Hardware kinds per label</summary>

${kindsTables}
</details>`, "");
  out.push(details("Phases per label", phasesTable(comparison)), "");
  out.push(details("Each run", runsTable(comparison)));
  return out.join("\n");
}

export {
  compareProfiles,
  comparisonJson,
  renderComparison
};
