import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  EXPERIMENTS_FOR,
  alwaysOnLines,
  capMetBy,
  capsOnDevice,
  experimentsAccount,
  historySection,
  judgeInDetail,
  measuredOnWords,
  pageCacheLoop,
  probeCounted,
  profileOutputs,
  sayPageCacheProbe,
  sayProbeNote,
  seqWriteMetIops,
  stallLead,
  verdictCarriers
} from "./chunk-ML5WHONI.js";
import {
  downloadSection,
  renderSaveSection,
  supportingCharts,
  verdictChart
} from "./chunk-I5NRPR4P.js";
import {
  denseTable,
  details,
  escapeHtml,
  fixed,
  sayAttribution,
  sayDevice,
  sayEvidence,
  sayStallToolkit,
  sayWhatIf,
  table
} from "./chunk-HDZVFZKP.js";
import {
  TOOL_VERSION
} from "./chunk-V6ICDZO4.js";
import {
  FIX_PLACEMENT,
  descriptorOf,
  workflowFix
} from "./chunk-3V4773W6.js";
import {
  privateMachineSentence
} from "./chunk-CGZR6LBH.js";
import {
  isPattern
} from "./chunk-JYT2JN4Z.js";
import {
  isDiskResource
} from "./chunk-SGXIA4GN.js";
import {
  PHASE_NOUN,
  RESOURCE_WORDS,
  limitedBy,
  sayPhase,
  sayVerdict,
  segmentTimeoutMinutes,
  stallOpening,
  verdictWords
} from "./chunk-YUP7TFMP.js";
import {
  bytes,
  formatNumber,
  iops,
  mibPerSecond,
  percent,
  seconds,
  utcMinute
} from "./chunk-QNSZTROI.js";
import {
  MiB,
  SUSTAINED_RATE_MS,
  WORTH_CHANGING,
  worthChanging,
  wroteAlmostNothingEarly
} from "./chunk-YRJ6SEFO.js";

// src/report/cgroup-row.ts
function ioCap(l) {
  const parts = [
    l.readBytesPerSecond !== void 0 ? `read ${mibPerSecond(l.readBytesPerSecond)}` : void 0,
    l.writeBytesPerSecond !== void 0 ? `write ${mibPerSecond(l.writeBytesPerSecond)}` : void 0,
    l.readIops !== void 0 ? `read ${iops(l.readIops)}` : void 0,
    l.writeIops !== void 0 ? `write ${iops(l.writeIops)}` : void 0
  ].filter(Boolean);
  return `${l.device} ${parts.join(", ")}`;
}
function describeCgroup(c) {
  const quota = c.cpuQuotaCores === null ? "no CPU quota" : `CPU quota ${formatNumber(c.cpuQuotaCores)} cores${c.cpuPeriodUs ? ` (period ${formatNumber(c.cpuPeriodUs / 1e3)} ms)` : ""}${c.cpuQuotaPath ? ` set on ${c.cpuQuotaPath}` : ""}`;
  const parts = [
    `v${c.version} \`${c.path}\``,
    quota,
    c.cpusetCpus === null ? void 0 : `cpuset ${c.cpusetCpus} CPUs`,
    c.memoryLimitBytes === null ? "no memory limit" : `memory limit ${bytes(c.memoryLimitBytes)}`,
    c.ioLimits.length > 0 ? `I/O caps ${c.ioLimits.map(ioCap).join("; ")}` : void 0,
    c.notRead?.length ? `not read: ${c.notRead.join("; ")}` : void 0
  ].filter(Boolean);
  return parts.join(", ");
}

// src/experiment/sample-words.ts
var shareText = (x) => x < 0.1 ? `${(x * 100).toFixed(1)}%` : percent(x);
function sizeShareWords(size) {
  return `${shareText(size.entryShare)} of the files (${shareText(size.byteShare)} of bytes)`;
}
function sampleShareWords(e, name2 = "large") {
  const size = e.sample?.sizes.find((z) => z.name === name2);
  return size ? sizeShareWords(size) : null;
}
function savingUncertaintyMs(o) {
  if (!o.sampled || o.savingMs === null) return null;
  return Math.max(o.savingMs - o.sampled.savingLowMs, o.sampled.savingHighMs - o.savingMs, 0);
}
function sampledSavingWords(e, o) {
  const shares = sampleShareWords(e);
  const half = savingUncertaintyMs(o);
  if (!shares || half === null || !o.sampled) return null;
  const rounds = e.sample?.reading === "pairs" ? ` in ${o.sampled.largeSampleTimeMs.runs} rounds beside the baseline` : "";
  return `measured on a sample of ${shares}${rounds}, \xB1 ${seconds(half)}`;
}
function sampleReadingWords(e) {
  if (e.sample?.reading === "pairs")
    return "The CPU held the restore, so each alternative ran in rounds beside the baseline on this sample; its time is the median over the rounds of its run's time over the baseline's in the same round, times the restore's own; the range is that of the rounds and of the baseline's runs.";
  return `A second sample of ${sampleShareWords(e, "small")} gave the line each time is extrapolated along to the whole restore. The times are the whole restore's, extrapolated; the range is that of the runs and of scaling by files or by bytes.`;
}

// src/report/headline.ts
var NOT_CONFIRMED = "the disk is not confirmed";
var NOISY_BASELINE_SPREAD_PERCENT = 25;
var MEASURE_PLACEMENT = "In this action's `with:`: the next run measures them on this runner (about a minute).";
var fixTitle = (a) => descriptorOf(a).words.title;
function label(b) {
  return verdictWords(b).label;
}
function durationOf(verdict, phases, name2) {
  const given = verdict.phases.find((p) => p.phase === name2)?.durationMs;
  if (given !== void 0) return given;
  const r = phases.find((p) => p.name === name2);
  return r ? r.endMs - r.startMs : 0;
}
function isResource(b) {
  return b !== "none" && b !== "inconclusive";
}
function decidedCarriers(input) {
  const v = input.verdict;
  return v.decision?.carriers ?? verdictCarriers(
    v.phases.map((p) => ({ phase: p.phase, bottleneck: p.bottleneck, durationMs: durationOf(v, input.phases, p.phase) })),
    v.bottleneck
  );
}
function phaseList(names) {
  const nouns = names.map((n) => PHASE_NOUN[n]);
  return nouns.length <= 1 ? nouns[0] ?? "" : `${nouns.slice(0, -1).join(", ")} and ${nouns[nouns.length - 1]}`;
}
function savingRange(o, baseline) {
  const median = Math.max(0, o.savingMs ?? 0);
  const share = Math.max(0, o.savingShare ?? 0);
  if (!baseline || baseline.timeMs.runs < 2 || baseline.timeMs.spreadPercent <= NOISY_BASELINE_SPREAD_PERCENT) {
    return { ms: seconds(median), share: percent(share) };
  }
  const low = Math.max(0, baseline.timeMs.min - o.timeMs.max);
  const lowShare = baseline.timeMs.min > 0 ? low / baseline.timeMs.min : 0;
  return { ms: `${seconds(low).replace(/ s$/, "")}\u2013${seconds(median)}`, share: `${percent(lowShare).replace(/%$/, "")}\u2013${percent(share)}` };
}
function whatIfSavingMs(w, totalMs) {
  return w.savingAtMostMs ?? Math.max(0, totalMs - w.restoreLowerBoundMs);
}
function noRestoreHeadline(input) {
  const r = input.restore;
  const nothing = { kind: "nothing", text: "Nothing to apply: no restore was profiled.", pastes: [], note: null };
  if (!r) return { text: "No cache restore was profiled, so there is nothing to judge.", basis: "no-restore", names: input.verdict.bottleneck, todo: nothing };
  if (r.error && !r.cacheHit)
    return {
      text: `The restore failed during ${r.error.phase}: nothing was restored, so there is nothing to judge.`,
      basis: "no-restore",
      names: input.verdict.bottleneck,
      todo: { ...nothing, text: 'Fix the failure under "Problems met"; the next restore that succeeds is profiled.' }
    };
  if (r.skipped)
    return {
      text: r.skipped.reason === "lookup-only" ? "Lookup only: nothing was downloaded or extracted, so there is nothing to judge." : "The restore was skipped: nothing was downloaded or extracted.",
      basis: "no-restore",
      names: input.verdict.bottleneck,
      todo: { ...nothing, text: "Nothing to apply: a restore that downloads and extracts is needed to judge one." }
    };
  if (!r.cacheHit)
    return {
      text: "Cache miss: no entry matched the keys, so nothing was restored or judged.",
      basis: "no-restore",
      names: input.verdict.bottleneck,
      todo: { ...nothing, text: "Nothing to apply: the post step saves the cache, and the next run that hits it is profiled." }
    };
  return { text: "The profile recorded no phase to judge.", basis: "no-restore", names: input.verdict.bottleneck, todo: nothing };
}
function measuredFix(e) {
  if (!e || e.fixBest.alternative === "none") return null;
  const fix = e.outcomes.find(
    (o) => o.alternative === e.fixBest.alternative && (o.mountPoint === e.fixBest.mountPoint || e.fixBest.alternative !== "other-disk")
  );
  if (!fix || fix.savingMs === null) return null;
  return { fix, baseline: e.outcomes.find((o) => o.alternative === "baseline") };
}
function measureInput(resource, why) {
  const names = resource ? EXPERIMENTS_FOR[resource] : null;
  if (names?.length === 0) return [];
  const value = names ? names.join(", ") : "default";
  return [
    {
      kind: "input",
      yaml: `experiments: ${value}`,
      placement: `${MEASURE_PLACEMENT}${why ? ` They did not run here: ${why}.` : ""}`,
      misplaced: null,
      paths: [],
      note: null
    }
  ];
}
function stepPaste(fix) {
  if (fix.kind !== "step" || !fix.yaml) return [];
  return [{ kind: "step", yaml: fix.yaml, placement: fix.placement ?? FIX_PLACEMENT, misplaced: fix.misplaced, paths: fix.paths, note: fix.note }];
}
function fastBox(text) {
  return { kind: "fast", text, pastes: [], note: null };
}
function shortOf(savingMs, totalMs) {
  const parts = [];
  if (savingMs < WORTH_CHANGING.savingMs) parts.push(seconds(WORTH_CHANGING.savingMs));
  if (totalMs <= 0 || savingMs / totalMs < WORTH_CHANGING.savingShare) parts.push(`${percent(WORTH_CHANGING.savingShare)} of the ${seconds(totalMs)}`);
  return `less than the ${parts.join(" and ")} worth changing a workflow for`;
}
function whatToDo(input, totalMs, untilOnDisk) {
  const scope = untilOnDisk ? "the time until the files are on disk" : "the restore's time";
  const onDisk = untilOnDisk ? `The files were on disk in ${seconds(totalMs)}` : `The restore took ${seconds(totalMs)}`;
  const measured = measuredFix(input.experiments);
  if (measured) {
    const { fix, baseline } = measured;
    const s = savingRange(fix, baseline);
    const savedMs = Math.max(0, fix.savingMs ?? 0);
    const where = fix.alternative === "other-disk" && fix.mountPoint ? ` (${fix.mountPoint})` : "";
    const baseMs = baseline?.timeMs.median ?? 0;
    if (!worthChanging(savedMs, baseMs)) {
      return fastBox(
        `${fixTitle(fix.alternative)}${where} saved ${s.ms} (${s.share}), measured: ${shortOf(savedMs, baseMs)}. This restore is fast enough: nothing needs changing.`
      );
    }
    const what = fix.alternative === "page-cache" ? "off the step" : "off the extraction until the files were on disk";
    const runs = fix.timeMs.runs === 1 ? "one run" : `median of ${fix.timeMs.runs} runs`;
    const on = input.experiments?.measuredOn;
    const sampled = input.experiments ? sampledSavingWords(input.experiments, fix) : null;
    const text = `${fixTitle(fix.alternative)}${where}: measured ${s.ms} (${s.share}) ${what}, ${runs} ${on ? `${measuredOnWords(on)}, on this hardware and a cache of this shape` : "on this runner"}${sampled ? `, ${sampled}` : ""}.`;
    if (!fix.fix) {
      return {
        kind: "measured-fix",
        text,
        pastes: [],
        note: "This profile was recorded before fixes were written as workflow steps: profile again for the step to paste."
      };
    }
    return { kind: "measured-fix", text, pastes: stepPaste(fix.fix), note: null };
  }
  const v = input.verdict;
  const ran = input.experiments && input.experiments.outcomes.length > 0;
  const none = ran ? `No measured fix saved ${percent(WORTH_CHANGING.savingShare)} of the extraction here. ` : "";
  const noneRan = input.experimentsNoneRan ?? null;
  if (!isResource(v.bottleneck)) {
    if (totalMs < WORTH_CHANGING.savingMs)
      return fastBox(`${onDisk}: less than the ${seconds(WORTH_CHANGING.savingMs)} worth changing a workflow for. Nothing needs changing.`);
    return {
      kind: "nothing",
      text: `${none}${v.bottleneck === "none" ? "No resource was near its limit: nothing to relax." : "No resource could be named, so no fix is estimated."}`,
      pastes: ran ? [] : measureInput(null, noneRan),
      note: null
    };
  }
  const w = v.whatIf.find((x) => x.resource === v.bottleneck);
  const boundPhasesMs = decidedCarriers(input).reduce((sum, c) => sum + c.share * totalMs, 0);
  const mostMs = w && w.measured !== false ? Math.min(totalMs, whatIfSavingMs(w, totalMs)) : Math.min(totalMs, boundPhasesMs);
  const disk = isDiskResource(v.bottleneck);
  const onDevice = disk && input.device ? input.devicePaths ?? [] : [];
  const noun = disk && input.device ? `${RESOURCE_WORDS[v.bottleneck].writeNoun.replace("disk's", `${input.device}'s`)}${onDevice.length > 0 ? ` (${onDevice.join(", ")})` : ""}` : `the ${RESOURCE_WORDS[v.bottleneck].writeNoun}`;
  if (!worthChanging(mostMs, totalMs)) {
    const bound = w && w.measured !== false ? `twice ${noun} would save at most ${seconds(mostMs)}` : `the phases it limited took ${seconds(mostMs)}`;
    return fastBox(`${onDisk}; ${bound}, ${shortOf(mostMs, totalMs)}. Nothing needs changing.`);
  }
  const most = seconds(mostMs);
  const least = w?.savingAtLeastMs != null && w.savingAtLeastMs > 0 ? seconds(w.savingAtLeastMs) : null;
  const estimate = !w ? "" : w.measured === false ? `How much twice ${noun} would save is not measured: no ceiling for it was probed or sustained. ` : least ? `Twice ${noun} would save ${least} to ${most} of ${scope} (an estimate, not measured). ` : `Twice ${noun} would save at most ${most} of ${scope} (an estimate, not measured). `;
  const paths = onDevice.length > 0 ? onDevice : input.paths ?? [];
  const ramStep = disk && paths.length > 0 && !paths.some(isPattern) && input.extractedBytes ? stepPaste(workflowFix("ram", { paths, mountPoint: null, extractedBytes: input.extractedBytes })) : [];
  const advice = disk && ramStep.length === 0 ? RESOURCE_WORDS[v.bottleneck].advice.replace(" (the step below, not measured here", " (not measured here") : RESOURCE_WORDS[v.bottleneck].advice;
  return {
    kind: "what-if",
    text: `${none}${estimate}${advice}`,
    pastes: [...ramStep, ...ran ? [] : measureInput(v.bottleneck, noneRan)],
    note: null
  };
}
function stallFirstScreen(input, stall, totalMs, scope) {
  const share = totalMs > 0 ? percent(Math.min(1, stall.durationMs / totalMs)) : "";
  const text = `${stallOpening(stall)}): ${share} of the ${scope}.`;
  const lead = stallCutOf(input, stall);
  const t = lead?.segmentTimeout;
  if (lead && t) {
    const setting = segmentTimeoutMinutes(t.cutMs);
    const inForce = segmentTimeoutMinutes(t.inForceMs);
    if (lead.cut === "no-safe-segment-timeout") {
      const normal = stall.normalSegmentMs != null ? `: a normal segment took ${seconds(stall.normalSegmentMs)} here` : "";
      return {
        text,
        basis: "verdict",
        names: "network",
        todo: {
          kind: "nothing",
          text: `No setting cuts this stall short safely. SEGMENT_DOWNLOAD_TIMEOUT_MINS=${setting} (${inForce} in force) would, but would also abort normal segments as misses${normal}.`,
          pastes: [],
          note: null
        }
      };
    }
    return {
      text,
      basis: "verdict",
      names: "network",
      todo: {
        kind: "measured-fix",
        text: `SEGMENT_DOWNLOAD_TIMEOUT_MINS=${setting} or less (${inForce} in force) would have cut this stall short, aborting the restore as a miss instead of waiting.`,
        pastes: [
          {
            kind: "env",
            yaml: `SEGMENT_DOWNLOAD_TIMEOUT_MINS: '${setting}'`,
            placement: "In the restore step's `env:` (this action's, or actions/cache's): @actions/cache reads it there.",
            misplaced: null,
            paths: [],
            note: null
          }
        ],
        note: "The Azure SDK has no timeout on a response body: this setting is the only one that ends such a stall."
      }
    };
  }
  return { text, basis: "verdict", names: "network", todo: { kind: "nothing", text: capitalised(sayStallToolkit(stall)), pastes: [], note: null } };
}
function stallCutOf(input, stall) {
  const decided2 = input.verdict.decision?.stall;
  if (decided2) return decided2;
  const limits = input.phases.find((p) => p.name === "download")?.downloadTimeline?.limits;
  return limits ? stallLead(stall, null, limits) : null;
}
function capitalised(s) {
  const t = s.charAt(0).toUpperCase() + s.slice(1);
  return /[.!?]$/.test(t) ? t : `${t}.`;
}
function configPaths(profile) {
  const p = profile.config.paths;
  return Array.isArray(p) ? p.filter((x) => typeof x === "string") : [];
}
function headlineInputOf(profile, verdict, check, device) {
  const paths = configPaths(profile);
  return {
    device: device?.name,
    // A workflow path is on the disk when the disk holds its absolute path (the restore's paths end with it).
    devicePaths: device ? paths.filter((p) => device.paths.some((abs) => abs === p || abs.endsWith(`/${p.replace(/^\.\//, "")}`))) : void 0,
    verdict,
    phases: profile.phases,
    restore: profile.restore,
    experiments: profile.experiments,
    check,
    paths,
    extractedBytes: profile.restore?.anatomy?.extractedBytes ?? null,
    experimentsNoneRan: experimentsAccount(profile)?.noneRan ?? null
  };
}
function headline(input) {
  const v = input.verdict;
  if (v.phases.length === 0) return noRestoreHeadline(input);
  const names = v.phases.map((p) => p.phase);
  const totalMs = names.reduce((s, n) => s + durationOf(v, input.phases, n), 0);
  const untilOnDisk = names.includes("writeback");
  const scope = untilOnDisk ? `${seconds(totalMs)} until the files were on disk` : `${seconds(totalMs)} restore`;
  const stall = v.leads === "download-stall" ? v.download?.stalls[0] : void 0;
  if (stall) return stallFirstScreen(input, stall, totalMs, scope);
  const todo = whatToDo(input, totalMs, untilOnDisk);
  const decided2 = decidedCarriers(input);
  const carriers = decided2.map((c) => c.phase);
  const share = decided2.reduce((s, c) => s + c.share, 0);
  const on = input.device && isDiskResource(v.bottleneck) ? ` on ${input.device}` : "";
  const base = `${label(v.bottleneck)}${on}: ${phaseList(carriers)} took ${percent(share)} of the ${scope}.`;
  const e = input.experiments;
  const ram = e?.outcomes.find((o) => o.alternative === "ram");
  const baseline = e?.outcomes.find((o) => o.alternative === "baseline");
  const agrees = input.check?.agrees ?? null;
  const disk = isDiskResource(v.bottleneck);
  if (agrees === false && ram && ram.savingShare !== null) {
    const s = savingRange(ram, baseline);
    if (disk) {
      return {
        // The saving is of the experiment's own extraction, which can be far shorter than the profiled one: name both figures.
        text: `${label(v.bottleneck)}${on} by its counters, but RAM saved only ${s.ms}${baseline ? ` of the experiments' ${seconds(baseline.timeMs.median)} extraction` : ""}: ${NOT_CONFIRMED}.`,
        basis: "measured-over-verdict",
        names: "not-disk",
        // The box says the same: whatever it offers, the measured figure is the headline's and the disk is not confirmed.
        todo: { ...todo, text: `${todo.text} Under half of what the counters put on the disk: ${NOT_CONFIRMED}.` }
      };
    }
    if (v.bottleneck === "cpu" && !ram.cpuMs) {
      return {
        text: `CPU-bound by its counters, yet extracting into RAM saved ${s.share}: file-system CPU work or the disk; tar's CPU time was not recorded.`,
        basis: "verdict-unchecked-cpu",
        names: v.bottleneck,
        todo
      };
    }
    return {
      text: `Disk-bound, measured: extracting into RAM saved ${s.share} (${s.ms}), though the counters pointed at ${v.bottleneck === "cpu" ? "the CPU" : v.bottleneck}.`,
      basis: "measured-over-verdict",
      names: "disk",
      todo
    };
  }
  if (agrees === true && ram && disk) {
    const s = savingRange(ram, baseline);
    return { text: `${base.replace(/\.$/, "")}; RAM saved ${s.share}, measured.`, basis: "verdict-measured", names: v.bottleneck, todo };
  }
  return { text: base, basis: agrees === true ? "verdict-measured" : "verdict", names: v.bottleneck, todo };
}

// src/judge/probe-notes.ts
function probeNote(profile, p) {
  const counted = probeCounted(p);
  if (!counted) return null;
  const index = profile.devices.findIndex((d) => d.name === counted.device);
  const cap = p.direction === "write" ? capsOnDevice(profile, index >= 0 ? index : null) : null;
  const met = capMetBy(counted, cap);
  const capMet = met && cap ? { cap: met.cap, figure: (met.cap === "writeIops" ? cap.writeIops : cap.writeBytesPerSecond) ?? 0 } : null;
  const seqMet = p.name === "seq-write" ? seqWriteMetIops(profile, cap) : null;
  if (seqMet) return { kind: "seq-met-iops", counted, capMet, byRandomProbe: seqMet.by === "random-probe" };
  return capMet ? { kind: "cap-met", counted, capMet } : { kind: "counted", counted };
}

// src/judge/experiments-check.ts
function resourceOf(bottleneck) {
  if (bottleneck === "disk-bandwidth" || bottleneck === "disk-iops" || bottleneck === "writeback") return "disk";
  if (bottleneck === "cpu") return "cpu";
  if (bottleneck === "network") return "network";
  return "other";
}
function secondsOnResourceMs(verdict, phases, resource) {
  let total = 0;
  for (const p of verdict.phases) {
    if (resourceOf(p.bottleneck) !== resource) continue;
    const given = p.durationMs;
    if (typeof given === "number" && Number.isFinite(given)) total += given;
    else {
      const record = phases.find((r) => r.name === p.phase);
      if (record) total += record.endMs - record.startMs;
    }
  }
  return total;
}
var DISK_AGREEMENT_SHARE = 0.5;
var CPU_WORK_SHARE_OF_SAVING = 0.5;
var CPU_LITTLE_SAVED_SHARE = WORTH_CHANGING.savingShare;
function cpuDrop(baseline, ram) {
  const b = baseline.cpuMs?.median;
  const r = ram.cpuMs?.median;
  if (b === void 0 || r === void 0 || b <= 0) return null;
  return { baselineMs: b, ramMs: r, share: (b - r) / b };
}
var CHECK_AGREES = {
  "network-no-refetch": null,
  "network-refetched": null,
  "ram-not-run": null,
  "disk-all": true,
  "disk-most": true,
  "disk-contradicted": false,
  "cpu-little-saved": true,
  "cpu-work": true,
  "cpu-contradicted": false,
  "no-resource": null
};
var decided = (facts) => ({ ...facts, agrees: CHECK_AGREES[facts.kind] });
function checkExperiments(verdict, phases, experiments, firstDownloadMs3) {
  const baseline = experiments.outcomes.find((o) => o.alternative === "baseline");
  const ram = experiments.outcomes.find((o) => o.alternative === "ram");
  const decompressRun = experiments.outcomes.find((o) => o.alternative === "decompress");
  const resource = resourceOf(verdict.bottleneck);
  const decompress = decompressRun && baseline ? { decompressMs: decompressRun.timeMs.median, baselineMs: baseline.timeMs.median } : null;
  if (resource === "network") {
    const again = experiments.refetch;
    return decided(again ? { kind: "network-refetched", refetchMs: again.durationMs, firstDownloadMs: firstDownloadMs3 } : { kind: "network-no-refetch" });
  }
  if (!baseline || !ram || ram.savingMs === null || ram.savingShare === null) return decided({ kind: "ram-not-run" });
  const savedMs = Math.max(0, ram.savingMs);
  const saved = { savedMs, savingShare: ram.savingShare, decompress };
  const atLeastNone = { ...saved, savingShare: Math.max(0, ram.savingShare) };
  if (resource === "disk") {
    const onDiskMs = secondsOnResourceMs(verdict, phases, "disk");
    if (onDiskMs > 0 && savedMs >= onDiskMs) return decided({ kind: "disk-all", onDiskMs, ...saved });
    if (onDiskMs > 0 && savedMs >= onDiskMs * DISK_AGREEMENT_SHARE) return decided({ kind: "disk-most", onDiskMs, ...saved });
    return decided({ kind: "disk-contradicted", onDiskMs, ...saved });
  }
  if (resource === "cpu") {
    if (ram.savingShare < CPU_LITTLE_SAVED_SHARE) return decided({ kind: "cpu-little-saved", ...atLeastNone });
    const cpu = cpuDrop(baseline, ram);
    if (cpu && cpu.share >= ram.savingShare * CPU_WORK_SHARE_OF_SAVING) return decided({ kind: "cpu-work", cpu, ...saved });
    return decided({ kind: "cpu-contradicted", ...saved });
  }
  return decided({ kind: "no-resource", ...atLeastNone });
}

// src/report/faults.ts
var MAX_LINES = 12;
function faultLines(profile) {
  const lines = [];
  const restore = profile.restore;
  if (restore?.skipped) {
    lines.push(
      restore.skipped.reason === "lookup-only" ? `Lookup only: entry '${restore.matchedKey}' found; nothing was downloaded or extracted.` : restore.skipped.message
    );
  } else if (restore && !restore.cacheHit && !restore.error) {
    lines.push(`Cache miss: no entry matched ${restore.keysTried.map((k) => `'${k}'`).join(", ") || "the keys"}; nothing was downloaded or extracted.`);
  }
  lines.push(...profile.warnings);
  for (const p of profile.probes?.probes ?? []) {
    if (p.error) lines.push(`fio probe ${p.name} failed: ${p.error}`);
  }
  const unique = [...new Set(lines)];
  return unique.length > MAX_LINES ? [...unique.slice(0, MAX_LINES - 1), `\u2026 and ${unique.length - MAX_LINES + 1} more (see the profile JSON).`] : unique;
}

// src/report/network-fix.ts
var NOISE_SHARE = 0.1;
function networkFixLine(e) {
  const p = e.refetch?.parallel;
  if (!p) return "";
  if ("skipped" in p) return `- Network: not fetched again with more parallel requests (${escapeHtml(p.skipped)}).`;
  const saved = p.baselineDurationMs - p.durationMs;
  const verdict = Math.abs(saved) < NOISE_SHARE * p.baselineDurationMs ? "no change beyond noise: more parallel requests do not help this path" : saved > 0 ? `${seconds(saved)} saved: each connection is capped, so more parallel requests help (the toolkit's downloadConcurrency is not settable from actions/cache)` : `${seconds(-saved)} slower: more parallel requests only contend`;
  return `- Network: fetched again with ${p.concurrency} parallel requests in ${seconds(p.durationMs)}, against ${seconds(p.baselineDurationMs)} with the toolkit's ${p.baselineConcurrency}: ${verdict}.`;
}

// src/report/say/experiments-check.ts
var floorText = (d) => d ? `; decompression alone takes ${seconds(d.decompressMs)} of the baseline's ${seconds(d.baselineMs)}` : "";
var cpuSeconds = (ms) => (ms / 1e3).toFixed(2);
function sayExperimentsCheck(c) {
  switch (c.kind) {
    case "network-no-refetch":
      return "The verdict said network; the archive could not be fetched again to check.";
    case "network-refetched": {
      const first = c.firstDownloadMs === null ? "" : ` (the profiled download: ${seconds(c.firstDownloadMs)})`;
      return `The verdict said network: the second download of the same archive took ${seconds(c.refetchMs)}${first}; no experiment here changes the network.`;
    }
    case "ram-not-run":
      return "Taking the disk out (ram) did not run here, so the experiments cannot check the verdict.";
    case "disk-all":
      return `Taking the disk out saved ${seconds(c.savedMs)}, all of the ${seconds(c.onDiskMs)} the verdict put on it.`;
    case "disk-most":
      return `Taking the disk out saved ${seconds(c.savedMs)} of the ${seconds(c.onDiskMs)} the verdict put on it.`;
    case "disk-contradicted":
      return `The verdict said disk, but taking the disk out saved ${percent(c.savingShare)}: ${seconds(c.savedMs)} of the ${seconds(c.onDiskMs)} the verdict put on it${floorText(c.decompress)}.`;
    case "cpu-little-saved":
      return `The verdict said CPU, and taking the disk out saved only ${percent(c.savingShare)} (${seconds(c.savedMs)})${floorText(c.decompress)}.`;
    case "cpu-work":
      return `The verdict said CPU: taking the disk out saved ${percent(c.savingShare)} (${seconds(c.savedMs)}) because the extraction needed ${percent(c.cpu.share)} less CPU on RAM (tar and its decompressor: ${cpuSeconds(c.cpu.baselineMs)} \u2192 ${cpuSeconds(c.cpu.ramMs)} s of CPU), work the file system did, not waiting on the disk${floorText(c.decompress)}.`;
    case "cpu-contradicted":
      return `The verdict said CPU, but taking the disk out saved ${percent(c.savingShare)} (${seconds(c.savedMs)})${floorText(c.decompress)}.`;
    case "no-resource":
      return `The verdict named no resource; taking the disk out saved ${percent(c.savingShare)} (${seconds(c.savedMs)})${floorText(c.decompress)}.`;
  }
}

// src/report/fixes-section.ts
var SAMPLE_MADE_FROM_WORDS = {
  archive: " from the archive (decompressed whole, filtered, compressed again)",
  "restored-tree": " from the restored tree (the files tar had just extracted, archived and compressed again: no decompression)",
  unrecorded: ""
};
function name(o) {
  if (o.alternative === "other-disk") return o.mountPoint ? `other-disk: onto ${o.mountPoint}` : "other-disk";
  return descriptorOf(o.alternative).words.label;
}
function timeCell(o, prediction) {
  const t = o.timeMs;
  const spreadText = t.runs > 1 ? ` \xB1${Math.round(t.spreadPercent / 2)}%` : "";
  const main = `${seconds(t.median)}${spreadText}`;
  if (descriptorOf(o.alternative).compares !== "step") return main;
  const left = o.writebackLeftMs ? `, + ${seconds(o.writebackLeftMs.median)} of writeback left to later steps` : "";
  const predicted = prediction ? `; the profile predicted ${seconds(prediction.stepMs)}` : "";
  return `${main} step${left}${predicted}`;
}
function savingCell(o, e) {
  if (o.savingMs === null || o.savingShare === null) return "\u2013";
  const main = o.savingMs >= 0 ? `${seconds(o.savingMs)} (${percent(o.savingShare)})` : `${seconds(-o.savingMs)} slower (${percent(-o.savingShare)})`;
  const sampled = sampledSavingWords(e, o);
  return sampled ? `${main}, ${sampled}` : main;
}
function firstDownloadMs(profile) {
  const p = profile.phases.find((x) => x.name === "download");
  return p ? p.endMs - p.startMs : null;
}
function fixesSection(profile, verdict) {
  const e = profile.experiments;
  if (!e || e.outcomes.length === 0) return "";
  const out = ["### Measured fixes"];
  {
    out.push(`**${escapeHtml(sayExperimentsCheck(checkExperiments(verdict, profile.phases, e, firstDownloadMs(profile))))}**`);
    const withCpu = e.outcomes.some((o) => o.cpuMs);
    const rows = e.outcomes.map((o) => [
      name(o),
      timeCell(o, e.pageCachePrediction ?? null),
      ...withCpu ? [o.cpuMs ? seconds(o.cpuMs.median) : "\u2013"] : [],
      `${o.timeMs.runs}${o.failedRuns ? ` (+${o.failedRuns} failed)` : ""}`,
      savingCell(o, e),
      o.apply
    ]);
    out.push(
      table(["Alternative", "Until on disk (median)", ...withCpu ? ["CPU time (median)"] : [], "Runs", "Saving vs baseline", "How to apply it"], rows, [
        "l",
        "r",
        ...withCpu ? ["r"] : [],
        "r",
        "r",
        "l"
      ])
    );
    const best = e.fixBest;
    out.push(
      best.alternative === "none" ? "Best fix: none saved 10% of the baseline here." : `Best fix: **${best.alternative}${best.mountPoint && best.alternative === "other-disk" ? ` (${escapeHtml(best.mountPoint)})` : ""}**, ${seconds(best.savingMs ?? 0)} saved.`
    );
  }
  const network = networkFixLine(e);
  if (network) out.push(network);
  if (e.measuredOn)
    out.push(
      `<sub>Measured ${measuredOnWords(e.measuredOn)}, remembered for this hardware (fingerprint ${escapeHtml(e.measuredOn.fingerprintId)}) and a cache of this shape; this run did not extract the archive again.</sub>`
    );
  const shares = sampleShareWords(e);
  if (e.sample && shares)
    out.push(
      `<sub>Full runs did not fit the budget (${escapeHtml(e.sample.why)}), so these were measured on a sample of ${shares}: whole subtrees, chosen by size class, made${SAMPLE_MADE_FROM_WORDS[e.sample.madeFrom ?? "unrecorded"]} in ${seconds(e.sample.buildMs)}. ${escapeHtml(sampleReadingWords(e))}</sub>`
    );
  const refetch = e.refetch ? `The archive was fetched again in ${seconds(e.refetch.durationMs)} into ${escapeHtml(e.refetch.inRam ? "RAM" : e.refetch.where)}; ` : "";
  out.push(
    `<sub>${refetch}the experiments took ${seconds(e.wallMs)} of their ${seconds(e.budgetMs)} budget (experiments-budget-seconds). Each run extracts the same archive copy with the restore's own tar command into a directory of its own, timed until syncfs of that file system returns${e.outcomes.some((o) => o.cpuMs) ? " (CPU time: tar and its decompressor, user + system)" : ""}; the directories are removed and any sysctl or mount is put back.</sub>`
  );
  return out.join("\n\n");
}

// src/report/over-ceiling.ts
var CEILING_SHARE = /(bandwidth|iops)-share$/;
function overCeilingReason(e, phaseMs, origin = "probe") {
  if (e.value === null || e.unit !== "share" || e.value <= 1) return null;
  if (e.id === "dirty-peak-share")
    return "over 100% because Dirty counts every writer on the machine and the kernel lets it pass the limit briefly before pausing writers";
  if (!CEILING_SHARE.test(e.id) || e.id === "ceiling-moved") return null;
  if (phaseMs !== void 0 && phaseMs < SUSTAINED_RATE_MS)
    return `over 100% because a phase this short (${seconds(phaseMs)}) ran in a burst: throttles release I/O in slices, so a moment can exceed the cap`;
  if (origin === "cap")
    return "over 100% because the cgroup's throttle lets I/O through in slices and the disk counts writes as they complete, so the rate over a phase can pass the cap by a slice or two; the cap is the runner's setting, not a fio measurement";
  return "over 100% because the ceiling moved: the disk sustained more than fio measured after the restore (a probe on a shared machine reads low, a burst-credit volume changes its cap); the what-ifs use the rate it sustained";
}

// src/report/restore-spans.ts
function restoreSpansLine(verdict) {
  const { stepMs, untilOnDiskMs } = verdict;
  if (stepMs === void 0 || untilOnDiskMs === void 0) return "";
  const tailMs = untilOnDiskMs - stepMs;
  const onDisk = tailMs > 0 ? `the files were on disk after ${seconds(untilOnDiskMs)} (${seconds(tailMs)} of writeback after tar exited, paid by the steps after it)` : "the files were on disk when it ended";
  const about = verdict.about === "step" ? "the step's time" : "the time until the files were on disk";
  return `The step took ${seconds(stepMs)} (lookup + download + extraction: what the job waits for); ${onDisk}. The verdict and the what-ifs are about ${about}.`;
}

// src/report/other-profiles.ts
function otherProfilesSentence(others) {
  if (others.length === 0) return null;
  const each = others.map((o) => `"${o.label}" (pid ${o.pid}, in its ${o.theirPhases.join(", ")}) during this profile's ${o.during.join(", ")}`);
  return `Another disk-profiler run shared this machine: ${each.join("; ")}. Its restore, probes or experiments used the same disks, CPUs and page cache, so the figures of those phases include its work.`;
}
function machineSharingSentences(c) {
  const others = otherProfilesSentence(c.otherProfiles ?? []);
  return [...others ? [others] : [], ...c.machineDirectory ? [privateMachineSentence(c.machineDirectory)] : []];
}

// src/report/summary.ts
function phaseRows(profile, judged, verdict) {
  return judged.map((j) => {
    const recorded = verdict.phases.find((v) => v.phase === j.phase);
    const same = !recorded || recorded.bottleneck === j.bottleneck;
    return {
      name: j.phase,
      label: same ? limitedBy(j.bottleneck, j.rule) : verdictWords(recorded.bottleneck).limitedBy,
      sentence: sayPhase(same ? j : recorded),
      facts: j.facts,
      networkBytes: j.phase === "download" ? profile.phases.find((p) => p.name === "download")?.networkBytes ?? profile.restore?.archiveBytes ?? null : null
    };
  });
}
function attributionSection(profile, verdict) {
  const lines = sayAttribution(verdict.attribution);
  lines.push(...machineSharingSentences(profile.context));
  const tail = profile.writebackTail;
  if (tail && tail.syncs.length > 0) {
    const syncs = tail.syncs.map((s) => `${s.mountPoint} ${s.returned ? `in ${seconds(s.durationMs)}` : `not within ${seconds(s.durationMs)}`}`).join(", ");
    lines.push(`The writeback tail ends when syncfs of each file system the restore wrote has returned: ${syncs}.`);
  }
  return lines.length > 0 ? `${lines.map((l) => `- ${escapeHtml(l)}`).join("\n")}` : "";
}
function phasesSection(profile, rows, verdict) {
  const total = rows.reduce((s, r) => s + r.facts.durationMs, 0);
  const several = (verdict.devices?.length ?? 0) > 1;
  const body = rows.map((r) => {
    const d = r.facts.disk;
    const moved = r.networkBytes ?? d?.writtenBytes ?? null;
    const disk = several ? profile.devices[r.facts.deviceIndex ?? -1]?.name : void 0;
    const what = r.networkBytes !== null ? "downloaded" : `written to ${disk ?? "disk"}`;
    const rate = moved !== null && r.facts.durationMs > 0 ? mibPerSecond(moved / (r.facts.durationMs / 1e3)) : "\u2013";
    return [
      r.name,
      seconds(r.facts.durationMs),
      percent(total > 0 ? r.facts.durationMs / total : 0),
      moved === null ? "\u2013" : `${bytes(moved)} ${what}`,
      rate,
      r.label
    ];
  });
  const tail = rows.find((r) => r.name === "writeback");
  body.push([
    tail ? "**until on disk**" : "**total**",
    `**${seconds(total)}**`,
    "100%",
    profile.restore?.archiveBytes ? `archive ${bytes(profile.restore.archiveBytes)}` : "",
    "",
    `**${verdictWords(verdict.bottleneck).limitedBy}**`
  ]);
  const spans = restoreSpansLine(verdict);
  const cache = pageCacheLine(rows);
  const absorbed = cache ? `

${escapeHtml(cache)}` : "";
  const step = spans ? `

<sub>${escapeHtml(spans)}</sub>` : tail ? `

<sub>The step itself ended when tar exited, after ${seconds(total - tail.facts.durationMs)}; the writeback tail (${seconds(tail.facts.durationMs)}) is paid by the steps after it. The verdict and the what-ifs are about the ${seconds(total)} until the files were on disk.</sub>` : "";
  return `${denseTable(["Phase", "Time", "Share", "Moved", "Rate", "Limited by"], body, ["l", "r", "r", "r", "r", "l"])}${step}${absorbed}`;
}
function pageCacheLine(rows) {
  const early = rows.find((r) => r.name === "extract")?.facts.disk?.writtenBytes;
  const late = rows.find((r) => r.name === "writeback")?.facts.disk?.writtenBytes;
  if (early === void 0 || late === void 0 || late <= 0 || !wroteAlmostNothingEarly(early, early + late)) return "";
  return `Extraction wrote ${bytes(early)} to disk because tar wrote the files into memory (the kernel's page cache); the kernel wrote them to disk after tar exited: the writeback row's ${bytes(late)}.`;
}
function iostatSection(profile, rows) {
  const body = rows.filter((r) => r.facts.disk).map((r) => {
    const m = r.facts.disk;
    const dev = profile.devices[r.facts.deviceIndex ?? -1]?.name ?? "?";
    return [
      r.name,
      dev,
      fixed(m.readsPerSecond),
      fixed(m.writesPerSecond),
      fixed(m.readKiBPerSecond),
      fixed(m.writeKiBPerSecond),
      fixed(m.readMergesPerSecond),
      fixed(m.writeMergesPerSecond),
      fixed(m.readAwaitMs),
      fixed(m.writeAwaitMs),
      fixed(m.averageQueueSize),
      fixed(m.utilizationPercent),
      fixed(m.readRequestKiB),
      fixed(m.writeRequestKiB)
    ];
  });
  if (body.length === 0) return `No block-device counters${profile.context.noBlockDeviceReason ? `: ${profile.context.noBlockDeviceReason}` : "."}`;
  const header = ["Phase", "Device", "r/s", "w/s", "rkB/s", "wkB/s", "rrqm/s", "wrqm/s", "r_await", "w_await", "aqu-sz", "%util", "rareq-sz", "wareq-sz"];
  return `${table(
    header,
    body,
    header.map((_, i) => i < 2 ? "l" : "r")
  )}`;
}
function pattern(p) {
  const size = p.blockSizeBytes >= MiB ? `${p.blockSizeBytes / MiB} MiB` : `${p.blockSizeBytes / 1024} KiB`;
  const kind = {
    "seq-write": "sequential writes",
    "rand-write": "random writes",
    "seq-read": "sequential reads",
    "rand-read": "random reads",
    "rand-read-qd1": "random reads, one at a time",
    "fsync-write": "writes, each flushed"
  };
  return `${size} ${kind[p.name]}, queue depth ${p.ioDepth}${p.jobs > 1 ? ` \xD7 ${p.jobs} jobs` : ""}`;
}
function fioInstallWords(suite) {
  const i = suite.fioInstall;
  return i ? `installing fio with ${i.method} took ${seconds(i.durationMs)}${i.failed ? " and failed" : ""}` : "";
}
function suiteTimeWords(suite) {
  if (suite.wallMs <= 0) return "";
  const budget = suite.budgetMs ? ` (probe-budget-seconds: ${seconds(suite.budgetMs)})` : "";
  const install = fioInstallWords(suite);
  return `the suite took ${seconds(suite.wallMs)}${budget}${install ? `; ${install} of it, before the probes and outside their budget` : ""}`;
}
function cutShortNote(p, budgetMs) {
  if (p.cutShortAtMs === void 0) return "";
  const budget = budgetMs !== void 0 ? `the ${seconds(budgetMs)} probe budget` : "the probe budget";
  return `cut short: still running at its deadline, ${seconds(p.cutShortAtMs)} into ${budget}, so fio was stopped there${p.error ? "" : ` after measuring ${seconds(p.runtimeMs)}`}`;
}
function probesSection(profile) {
  const suite = profile.probes;
  if (!suite) return "No fio probes ran: disk verdicts rest on kernel counters alone.";
  if (suite.status !== "ran" && suite.probes.length === 0) {
    const install = fioInstallWords(suite);
    return `fio probes ${suite.status}${suite.reason ? `: ${escapeHtml(suite.reason)}` : "."}${install ? ` (${escapeHtml(install)}.)` : ""}`;
  }
  const rows = suite.probes.map((p) => {
    const loop = pageCacheLoop(profile, p);
    const cache = loop === null ? null : sayPageCacheProbe(loop);
    const lat = p.error ? "\u2013" : `${formatNumber(p.latencyNs.mean / 1e3)} \xB5s${p.latencyNs.p99 !== null ? ` (p99 ${formatNumber(p.latencyNs.p99 / 1e3)} \xB5s)` : ""}`;
    return [
      pattern(p),
      p.error ? "\u2013" : cache ? `~~${formatNumber(p.bytesPerSecond / MiB)}~~` : formatNumber(p.bytesPerSecond / MiB),
      p.error ? "\u2013" : cache ? `~~${Math.round(p.iops)}~~` : String(Math.round(p.iops)),
      lat,
      [cutShortNote(p, suite.budgetMs), p.error ? `failed: ${p.error}` : cache ? `\u26A0\uFE0F page cache, not the disk: ${cache}` : sayProbeNote(probeNote(profile, p))].filter(Boolean).join("; ")
    ];
  });
  const remembered = profile.ceilingsSource?.kind === "remembered" ? `, remembered from run ${profile.ceilingsSource.runId}` : "";
  const where = `${suite.directory ?? "the restore path"}${suite.deviceName ? ` on ${suite.deviceName}` : ""}${suite.deviceBecause ? ` (${suite.deviceBecause})` : ""}`;
  const time = remembered ? "" : suiteTimeWords(suite);
  return `${denseTable(["fio probe", "MiB/s", "IOPS", "Mean latency", "Note"], rows, ["l", "r", "r", "r", "l"])}

<sub>${escapeHtml(`fio ${suite.fioVersion?.replace(/^fio-/, "") ?? ""} in ${where}${remembered}${time ? `; ${time}` : ""}`)}. A figure struck through measured the page cache: it is not ranked, and the judge should not be read against it.</sub>`;
}
function anatomySection(profile) {
  const a = profile.restore?.anatomy;
  if (!a) return "";
  const head = `${bytes(a.compressedBytes)} ${a.compression} archive \u2192 ${bytes(a.extractedBytes)} in ${a.files} files, ${a.directories} directories, ${a.symlinks} symlinks${a.hardlinks ? `, ${a.hardlinks} hard links` : ""}${a.other ? `, ${a.other} other` : ""} (ratio ${formatNumber(a.compressedBytes > 0 ? a.extractedBytes / a.compressedBytes : 0)}\xD7).`;
  const rows = a.sizeHistogram.map((b) => [
    b.label,
    String(b.files),
    percent(a.files > 0 ? b.files / a.files : 0),
    bytes(b.bytes),
    percent(a.extractedBytes > 0 ? b.bytes / a.extractedBytes : 0)
  ]);
  return `${head}${anatomySourceWords(a)}${a.error ? ` Incomplete: ${a.error}` : ""}

${table(["File size", "Files", "Share", "Bytes", "Share"], rows, ["l", "r", "r", "r", "r"])}`;
}
function anatomySourceWords(a) {
  if (a.source === "remembered" && a.learned)
    return ` As tar reported it on run ${a.learned.runId} (${utcMinute(a.learned.learnedAt)} UTC), remembered for this cache entry: tar was asked for no report on this run.`;
  if (a.source === "walk" && !a.error) return " Counted in the restored tree (tar gave no report).";
  return "";
}
function contextSection(profile) {
  const c = profile.context;
  const rows = [
    ["CPU", `${c.cpuCount} \xD7 ${c.cpuModel ?? "unknown model"}`],
    ["RAM", bytes(c.memoryBytes)],
    ["OS", `${c.os} ${c.kernel ?? ""} (${c.arch})`.trim()]
  ];
  if (c.virtualization) rows.push(["Virtualization", c.virtualization]);
  if (c.cgroup) rows.push(["cgroup", describeCgroup(c.cgroup)]);
  for (const d of profile.devices) {
    const bits = [
      d.model,
      d.rotational === void 0 ? void 0 : d.rotational ? "rotational" : "non-rotational",
      d.scheduler ? `scheduler ${d.scheduler}` : void 0,
      d.queueDepth ? `nr_requests ${d.queueDepth}` : void 0,
      d.sizeBytes ? bytes(d.sizeBytes) : void 0,
      `via ${d.chain.join(" \u2192 ")}`,
      d.kind === "dm" || d.kind === "md" ? `${d.kind}, bio-based: counts bios before ${d.below?.join(" + ") || "the disk below"} merges them` : void 0
    ].filter(Boolean);
    rows.push([`Disk ${d.name} (${d.roles.join(", ")})`, bits.join(", ")]);
  }
  for (const f of c.fileSystems) {
    const how = f.resolution && f.resolution.method !== "mount" ? `; ${f.resolution.method === "not-measured" ? "not measured: " : ""}${f.resolution.detail}` : "";
    rows.push([`FS ${f.path}`, `${f.fsType} on ${f.source} at ${f.mountPoint} (${f.mountOptions})${how}`]);
  }
  const dirty = c.dirtyBytesLimit ? `dirty_bytes ${bytes(c.dirtyBytesLimit)}` : c.dirtyRatio !== void 0 ? `dirty_ratio ${c.dirtyRatio}%, dirty_background_ratio ${c.dirtyBackgroundRatio ?? "?"}%` : void 0;
  const found = c.dirtyAtStartBytes === void 0 ? "" : `; found ${bytes(c.dirtyAtStartBytes)} Dirty and ${bytes(c.writebackAtStartBytes ?? 0)} Writeback at the start (earlier steps')`;
  if (dirty || found) rows.push(["Page cache", `${dirty ?? ""}${found}`]);
  if (c.noBlockDeviceReason) rows.push(["No block metrics", c.noBlockDeviceReason]);
  for (const o of c.otherProfiles ?? [])
    rows.push(["Shared with", `disk-profiler "${o.label}" (pid ${o.pid}), in its ${o.theirPhases.join(", ")}, during this one's ${o.during.join(", ")}`]);
  return table(["", "This runner"], rows);
}
function originOf(id, phase) {
  const share = phase?.disk.shares.find((s) => id === `${s.direction}-${s.resource === "disk-bandwidth" ? "bandwidth" : "iops"}-share`);
  return share?.from?.cap ? "cap" : "probe";
}
function evidenceSection(verdict, said, rows, judged) {
  const reasonsOf = /* @__PURE__ */ new Map();
  const parts = verdict.phases.map((p) => {
    const reasons = /* @__PURE__ */ new Set();
    const phase = judged.find((j) => j.phase === p.phase);
    const items = p.evidence.map((e) => {
      const why = overCeilingReason(e, p.durationMs, originOf(e.id, phase));
      if (why) reasons.add(why);
      const said2 = sayEvidence(e, p.phase);
      const text = said2.charAt(0).toUpperCase() + said2.slice(1);
      return `- ${e.supports ? "\u2705" : "\u2796"} ${escapeHtml(text)}${why ? ` (${escapeHtml(why)})` : ""}`;
    });
    reasonsOf.set(p.phase, [...reasons]);
    const note = reasons.size > 0 ? ` <sub>(${escapeHtml([...reasons].join("; "))})</sub>` : "";
    const label2 = rows.find((r) => r.name === p.phase)?.label ?? verdictWords(p.bottleneck).limitedBy;
    return `**${p.phase}: ${label2}.** ${escapeHtml(sayPhase(p))}${note}

${items.join("\n")}`;
  });
  const own = verdict.phase ? reasonsOf.get(verdict.phase) ?? [] : [...new Set([...reasonsOf.values()].flat())];
  const over = /\b(10[1-9]|1[1-9]\d|[2-9]\d\d|\d{4,})% of\b/.test(said) && own.length > 0 ? ` <sub>(${escapeHtml(own.join("; "))})</sub>` : "";
  return `${escapeHtml(said)}${over}

<sub>\u2705 supports the phase's verdict; \u2796 does not, or argues for another resource.</sub>

${parts.join("\n\n") || "No phase was judged."}`;
}
function downloadLead(rows) {
  const row = rows.find((r) => r.name === "download");
  if (!row) return "";
  return `**download: ${escapeHtml(row.label)}**, as the table says: ${escapeHtml(row.sentence.charAt(0).toLowerCase() + row.sentence.slice(1))} What its requests show, within that:

`;
}
function rawSection(profile, rows) {
  const share = (v) => v === null || v === void 0 ? "\u2013" : percent(v);
  const body = rows.map((r2) => {
    const f = r2.facts;
    const busiest = f.busiestProcess && f.busiestProcess.cores > 0 ? `${formatNumber(f.busiestProcess.cores)} (${f.busiestProcess.comm})` : "\u2013";
    return [
      r2.name,
      share(f.cpu?.busy),
      share(f.cpu?.busiestCpu),
      share(f.cpu?.iowait),
      share(f.cpu?.steal),
      f.childCores === null ? "\u2013" : formatNumber(f.childCores),
      busiest,
      f.selfCores === null ? "\u2013" : formatNumber(f.selfCores),
      f.ownIo ? bytes(f.ownIo.writeBytes) : "\u2013",
      f.ownIo ? bytes(f.ownIo.cancelledWriteBytes) : "\u2013",
      share(f.pressure.ioSome),
      share(f.pressure.ioFull),
      share(f.pressure.cpuSome),
      share(f.pressure.memorySome),
      f.dirtyPeakBytes === null ? "\u2013" : bytes(f.dirtyPeakBytes),
      f.owedAtEndBytes === null ? "\u2013" : bytes(f.owedAtEndBytes)
    ];
  });
  const header = [
    "Phase",
    "CPU busy",
    "busiest CPU",
    "iowait",
    "steal",
    "tar+zstd cores",
    "busiest process cores",
    "profiler cores",
    "own bytes dirtied",
    "own bytes dropped unwritten",
    "PSI io some",
    "PSI io full",
    "PSI cpu some",
    "PSI mem some",
    "Dirty peak",
    "Dirty+Writeback at end"
  ];
  const r = profile.restore;
  const restore = r ? `Key ${r.matchedKey === null ? "none matched" : `\`${r.matchedKey}\`${r.exactMatch ? " (exact)" : " (restore key)"}`}; keys tried: ${r.keysTried.map((k) => `\`${k}\``).join(", ")}; cache service ${r.serviceVersion}; wall time ${seconds(r.wallMs)}.` : "No restore.";
  return details(
    "Raw per-phase details",
    `${restore}

${denseTable(
      header,
      body,
      header.map((_, i) => i === 0 ? "l" : "r")
    )}

Samples: ${profile.samples.snapshots.length} snapshots every ${profile.samples.intervalMs * profile.samples.keptEvery} ms.`
  );
}
function whatToDoBox(todo) {
  const kind = todo.kind === "nothing" || todo.kind === "fast" ? "NOTE" : "TIP";
  const lines = [`[!${kind}]`, `**What to do:** ${escapeHtml(todo.text)}`];
  for (const p of todo.pastes) {
    lines.push("", escapeHtml(p.placement));
    const body = p.kind === "step" ? p.yaml : `${p.kind === "input" ? "with" : "env"}:
${p.yaml.replace(/^/gm, "  ")}`;
    lines.push("```yaml", body, "```");
    const after = [p.misplaced, p.note].filter(Boolean).join(" ");
    if (after) lines.push(`<sub>${escapeHtml(after)}</sub>`);
  }
  if (todo.note) lines.push("", `<sub>${escapeHtml(todo.note)}</sub>`);
  return lines.join("\n").split("\n").map((l) => l ? `> ${l}` : ">").join("\n");
}
function chartBlock(c) {
  return `${c.mermaid}

<sub>${escapeHtml(c.caption)}</sub>`;
}
function perDeviceLines(verdict, device) {
  const diskVerdict = isDiskResource(verdict.bottleneck);
  return (verdict.devices ?? []).map((d) => {
    if (!diskVerdict || d.device !== device?.name || !verdict.phase) return `- ${escapeHtml(sayDevice(d))}`;
    const where = d.paths.join(", ") || "restore path";
    return `- ${escapeHtml(`${d.device} (${where}): the device the verdict names; its rate is the table's for ${PHASE_NOUN[verdict.phase]}; it wrote ${bytes(d.writtenBytes)} over extraction and writeback together`)}`;
  });
}
function withDevicePaths(c, device, several) {
  if (!several || !device || device.paths.length === 0) return c;
  return { ...c, caption: `${device.name} holds ${device.paths.join(", ")}. ${c.caption}` };
}
function whatIfSection(verdict) {
  return `${verdict.whatIf.map((w) => `- ${escapeHtml(sayWhatIf(w))}`).join("\n")}

<sub>Bounds on the time until the files are on disk: a resource twice as fast shortens only the phases judged bound by it, never below the work its ceilings and the other resources set, so the time is at least the figure given and the saving at most the difference.</sub>`;
}
function firstDownloadMs2(profile) {
  const p = profile.phases.find((x) => x.name === "download");
  return p ? p.endMs - p.startMs : null;
}
function oneVerdictDevice(judgement) {
  const device = judgement.verdictDevice;
  if (!device) return void 0;
  const onDisk = judgement.phases.filter((p) => isDiskResource(p.bottleneck));
  return onDisk.every((p) => p.facts.deviceIndex === device.index) ? device : void 0;
}
function renderSummary(profile, judgement) {
  const verdict = judgement.verdict;
  const rows = phaseRows(profile, judgement.phases, verdict);
  const e = profile.experiments;
  const check = e && e.outcomes.length > 0 ? checkExperiments(verdict, profile.phases, e, firstDownloadMs2(profile)) : null;
  const several = (verdict.devices?.length ?? 0) > 1;
  const head = headline(headlineInputOf(profile, verdict, check, several ? oneVerdictDevice(judgement) : void 0));
  const sections = [
    `### ${escapeHtml(head.text)}`,
    whatToDoBox(head.todo),
    `<sub>${recordedBy(profile)} \xB7 ${escapeHtml(profile.label)} \xB7 ${escapeHtml(profile.createdAt)}</sub>`
  ];
  const alwaysOn = alwaysOnLines(profile);
  if (alwaysOn) sections.push(alwaysOn);
  const faults = faultLines(profile);
  if (faults.length > 0) {
    const items = faults.map((f) => `> - ${escapeHtml(f.replace(/\s*\n\s*/g, " | "))}`).join("\n");
    sections.push(
      `> [!WARNING]
> **Problems met** (caching is optional, as in actions/cache: they fail the step only where a fail-on-* input asks)
${items}`
    );
  }
  if (rows.length > 0) sections.push(phasesSection(profile, rows, verdict));
  else sections.push(escapeHtml(sayVerdict(verdict, profile)));
  const carriers = judgement.decision.carriers.map((c) => c.phase);
  const device = judgement.verdictDevice;
  const deviceIndex = device?.index ?? judgement.restoreDeviceIndex;
  const deviceCeilings = device?.ceilings ?? judgement.ceilings;
  const main = rows.length > 0 ? verdictChart(profile, verdict.bottleneck, deviceIndex, deviceCeilings, carriers) : null;
  if (main) sections.push(chartBlock(withDevicePaths(main, device, several)));
  if (verdict.devices && verdict.devices.length > 1) sections.push(`Per device:
${perDeviceLines(verdict, device).join("\n")}`);
  if (rows.length > 0) sections.push(details("Why: the evidence per phase", evidenceSection(verdict, sayVerdict(verdict, profile), rows, judgement.phases)));
  const download = downloadSection(profile, verdict).replace(/^### Download\n\n/, "");
  if (download) sections.push(details("Download: inside the transfer, request by request", `${downloadLead(rows)}${download}`));
  if (verdict.whatIf.length > 0) sections.push(details("What if each resource were twice as fast", whatIfSection(verdict)));
  const fixes = fixesSection(profile, verdict).replace(/^### Measured fixes\n\n/, "");
  if (fixes) sections.push(details("Measured fixes: the archive extracted again under alternatives", fixes));
  const more = rows.length > 0 ? supportingCharts(profile, verdict.bottleneck, deviceIndex, deviceCeilings, carriers) : [];
  if (more.length > 0) sections.push(details("More charts: the other resources and %util", more.map(chartBlock).join("\n\n")));
  sections.push(details("Disk ceilings (fio)", probesSection(profile)));
  if (rows.length > 0) sections.push(details("Disk per phase (iostat -x)", iostatSection(profile, rows)));
  const anatomy = anatomySection(profile);
  if (anatomy) sections.push(details("What the restore wrote", anatomy));
  const whose = attributionSection(profile, verdict);
  if (whose) sections.push(details("Whose bytes: the restore's own, or not", whose));
  sections.push(details("Runner", contextSection(profile)));
  const history = historySection(profile).replace(/^### History of this runner type\n\n/, "");
  if (history) sections.push(details("History of this runner type", history));
  if (rows.length > 0) sections.push(rawSection(profile, rows));
  if (profile.save) sections.push(renderSaveSection(profile.save));
  return `${sections.join("\n\n")}
`;
}
function recordedBy(profile) {
  const by = `disk-profiler ${escapeHtml(profile.tool.version)}`;
  return profile.tool.version === TOOL_VERSION ? by : `recorded by ${by}, judged by disk-profiler ${TOOL_VERSION}'s rules`;
}

// src/report/render.ts
function renderJudged(profile, judgement) {
  const verdict = judgement.verdict;
  return { verdict, markdown: renderSummary(profile, judgement), outputs: profileOutputs(profile, verdict) };
}
function renderProfile(profile, opts = {}) {
  const judgement = judgeSaved(profile);
  if (!opts.rejudge && profile.verdict) judgement.verdict = profile.verdict;
  return renderJudged(profile, judgement);
}
function judgeSaved(profile) {
  return judgeInDetail(profile);
}

export {
  sampleShareWords,
  savingUncertaintyMs,
  cpuDrop,
  checkExperiments,
  sayExperimentsCheck,
  renderJudged,
  renderProfile,
  judgeSaved
};
