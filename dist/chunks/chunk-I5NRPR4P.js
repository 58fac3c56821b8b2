import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  cell,
  details,
  escapeHtml,
  fenced,
  sayDownload,
  saySave,
  saySavePhase,
  sayUpload,
  table
} from "./chunk-HDZVFZKP.js";
import {
  USER_HZ,
  diskMetrics
} from "./chunk-JYT2JN4Z.js";
import {
  PHASE_LABEL,
  sayCeilingFrom
} from "./chunk-YUP7TFMP.js";
import {
  formatNumber
} from "./chunk-QNSZTROI.js";
import {
  CEILING_WINDOW_MS,
  MiB
} from "./chunk-YRJ6SEFO.js";

// src/report/palette.ts
var CHART_COLORS = ["#1f6feb", "#d55e00", "#009e73", "#cc79a7", "#b08800"];
var BAND_COLORS = { carrier: "#1f6feb38", carrierAlt: "#1f6feb20", other: "#8b949e30", otherAlt: "#8b949e1c" };
function xyChartInit(first = 0, size) {
  const colors = typeof first === "number" ? [...CHART_COLORS.slice(first), ...CHART_COLORS.slice(0, first)] : first;
  const sizing = size ? `, "xyChart": {"width": ${size.width}, "height": ${size.height}}` : "";
  return `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "${colors.join(", ")}"}}${sizing}}}%%`;
}

// src/report/charts.ts
var MAX_POINTS = 60;
var MIN_INTERVAL_MS = CEILING_WINDOW_MS;
var MIN_POINTS = 40;
var LABEL_EVERY = 5;
var CHART_WIDTH = 900;
var CHART_HEIGHT = 300;
function allSnapshots(profile) {
  const list = [...profile.samples.snapshots];
  for (const p of profile.phases) list.push(p.start, p.end);
  list.sort((a, b) => a.tMs - b.tMs);
  return list.filter((s, i) => i === 0 || s.tMs > list[i - 1].tMs);
}
function grid(snaps, maxPoints) {
  if (snaps.length < 2) return [];
  const t0 = snaps[0].tMs;
  const span = snaps[snaps.length - 1].tMs - t0;
  const intervals = Math.max(1, Math.min(maxPoints, snaps.length - 1, Math.max(MIN_POINTS, Math.floor(span / MIN_INTERVAL_MS))));
  const picks = [];
  let j = 0;
  for (let k = 0; k <= intervals; k++) {
    const target = t0 + k * span / intervals;
    while (j + 1 < snaps.length && Math.abs(snaps[j + 1].tMs - target) <= Math.abs(snaps[j].tMs - target)) j++;
    const pick = snaps[j];
    if (picks.length === 0 || pick.tMs > picks[picks.length - 1].tMs) picks.push(pick);
  }
  return picks;
}
function timeline(profile, device, maxPoints = MAX_POINTS) {
  if (device === null) return [];
  const snaps = allSnapshots(profile).filter((s) => s.disks[device]);
  if (snaps.length < 2) return [];
  const t0 = snaps[0].tMs;
  const picks = grid(snaps, maxPoints);
  const points = [];
  for (let k = 1; k < picks.length; k++) {
    const a = picks[k - 1];
    const b = picks[k];
    const s = (b.tMs - a.tMs) / 1e3;
    const da = a.disks[device];
    const db = b.disks[device];
    const m = diskMetrics(da, db, b.tMs - a.tMs);
    const point = {
      tSeconds: (b.tMs - t0) / 1e3,
      fromMs: a.tMs,
      toMs: b.tMs,
      writeMiBPerSecond: m.writeKiBPerSecond / 1024,
      writesPerSecond: m.writesPerSecond,
      issuedWritesPerSecond: s > 0 ? (db.writesCompleted - da.writesCompleted + db.writesMerged - da.writesMerged) / s : 0,
      utilizationPercent: m.utilizationPercent
    };
    const started = profile.phases.find((p) => p.startMs >= a.tMs && p.startMs < b.tMs);
    if (started) point.phaseStart = started.name;
    points.push(point);
  }
  return points;
}
function niceMax(n) {
  if (!(n > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(n));
  const steps = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];
  const top = (steps.find((s) => s * magnitude >= n) ?? 10) * magnitude;
  return Number(top.toPrecision(3));
}
function series(values) {
  const round = (v) => Math.abs(v) >= 10 ? Math.round(v) : Math.round(v * 100) / 100;
  return `[${values.map((v) => String(round(v))).join(", ")}]`;
}
var LINE_COLORS = [CHART_COLORS[0], CHART_COLORS[2], CHART_COLORS[3]];
var LINE_COLOR_NAMES = ["blue", "green", "purple"];
var CEILING_COLOR = CHART_COLORS[1];
function t(ms) {
  return formatNumber(ms / 1e3);
}
function xLabels(profile, xs, t0Ms) {
  const starts = new Set(xs.map((x, i) => profile.phases.some((p) => p.endMs > p.startMs && p.startMs >= x.fromMs && p.startMs < x.toMs) ? i : -1));
  const labelled = /* @__PURE__ */ new Set();
  xs.forEach((_, i) => {
    const nearStart = [...starts].some((j) => j >= 0 && j !== i && Math.abs(j - i) < 3);
    if (i >= 3 && (starts.has(i) || i % LABEL_EVERY === 0 && !nearStart)) labelled.add(i);
  });
  return xs.map((x, i) => i === 0 ? "0 s" : labelled.has(i) ? t(x.fromMs - t0Ms) : "\u200B".repeat(i + 1));
}
function drawChart(profile, spec) {
  const top = niceMax(Math.max(...spec.lines.flatMap((l) => l.values), (spec.ceiling?.value ?? 0) * 1.1));
  const phases = profile.phases.filter((p) => p.endMs > p.startMs);
  const bands = phases.map((p) => ({
    phase: p,
    values: spec.xs.map((x) => {
      const mid = (x.fromMs + x.toMs) / 2;
      return mid >= p.startMs && mid < p.endMs ? top : 0;
    })
  }));
  const shown = bands.filter((b) => b.values.some((v) => v > 0));
  const colors = [
    ...shown.map(
      (b, i) => spec.carriers.includes(b.phase.name) ? i % 2 ? BAND_COLORS.carrierAlt : BAND_COLORS.carrier : i % 2 ? BAND_COLORS.other : BAND_COLORS.otherAlt
    ),
    ...spec.lines.map((_, i) => LINE_COLORS[i]),
    ...spec.ceiling ? [CEILING_COLOR] : []
  ];
  const labels = xLabels(profile, spec.xs, spec.t0Ms);
  const lines = [
    xyChartInit(colors, { width: CHART_WIDTH, height: CHART_HEIGHT }),
    "xychart-beta",
    `    title "${spec.title.replace(/"/g, "'")}"`,
    `    x-axis "seconds since the lookup began" [${labels.map((l) => `"${l}"`).join(", ")}]`,
    `    y-axis "${spec.axis}" 0 --> ${top}`,
    ...shown.map((b) => `    bar ${series(b.values)}`),
    ...spec.lines.map((l) => `    line ${series(l.values)}`),
    ...spec.ceiling ? [`    line ${series(spec.xs.map(() => spec.ceiling.value))}`] : []
  ];
  const phaseText = shown.map(
    (b) => `${PHASE_LABEL[b.phase.name]} ${t(b.phase.startMs - spec.t0Ms)}\u2013${t(b.phase.endMs - spec.t0Ms)} s${spec.carriers.includes(b.phase.name) ? " (blue: the verdict is about it)" : ""}`
  ).join(", ");
  const lineText = spec.lines.map((l, i) => `${LINE_COLOR_NAMES[i]}: ${l.label}`).join("; ");
  const ceilingText = spec.ceiling ? `; orange: ${spec.ceiling.label}` : "; no ceiling was measured for it";
  return { mermaid: fenced("mermaid", lines.join("\n")), caption: `${lineText}${ceilingText}. Shaded bands are the phases: ${phaseText}.` };
}
function spans(points) {
  return points.map((p) => ({ fromMs: p.fromMs, toMs: p.toMs }));
}
function firstTimeMs(profile) {
  const lookup = profile.phases[0]?.startMs;
  return lookup ?? allSnapshots(profile)[0]?.tMs ?? 0;
}
function diskChart(profile, device, kind, ceilings, carriers) {
  const points = timeline(profile, device).filter((p) => p.toMs > firstTimeMs(profile));
  if (points.length === 0 || device === null) return null;
  const name = profile.devices[device]?.name ?? "disk";
  if (kind === "iops") {
    const merged = points.some((p) => p.issuedWritesPerSecond > p.writesPerSecond * 1.1 + 1);
    return drawChart(profile, {
      title: `${name}: writes per second against the IOPS ceiling`,
      axis: "writes/s",
      xs: spans(points),
      t0Ms: firstTimeMs(profile),
      lines: [
        { label: "writes/s the device completed", values: points.map((p) => p.writesPerSecond) },
        ...merged ? [{ label: "writes/s as issued, before the device merged them (what a cgroup cap counts)", values: points.map((p) => p.issuedWritesPerSecond) }] : []
      ],
      ceiling: ceilings.randWriteIops ? {
        label: sayCeilingFrom(ceilings.from?.randWriteIops) ?? `fio's 4 KiB random-write ceiling, ${Math.round(ceilings.randWriteIops)} IOPS`,
        value: ceilings.randWriteIops
      } : null,
      carriers
    });
  }
  return drawChart(profile, {
    title: `${name}: write MiB/s against the bandwidth ceiling`,
    axis: "MiB/s",
    xs: spans(points),
    t0Ms: firstTimeMs(profile),
    lines: [{ label: "MiB/s the device wrote", values: points.map((p) => p.writeMiBPerSecond) }],
    // A cgroup cap on the device is named as the judge names it: no fio figure stands there.
    ceiling: ceilings.seqWriteBytesPerSecond ? {
      label: sayCeilingFrom(ceilings.from?.seqWriteBytesPerSecond) ?? `fio's sequential-write ceiling, ${formatNumber(ceilings.seqWriteBytesPerSecond / MiB)} MiB/s`,
      value: ceilings.seqWriteBytesPerSecond / MiB
    } : null,
    carriers
  });
}
function reachableCores(profile) {
  const quota = profile.context.cgroup?.cpuQuotaCores;
  return quota != null && quota > 0 ? Math.min(1, quota) : 1;
}
function cpuLimitLabel(profile, threads) {
  const quota = profile.context.cgroup?.cpuQuotaCores;
  if (quota != null && quota > 0 && quota < threads) return `the runner's CPU quota, ${formatNumber(quota)} of a core`;
  return threads === 1 ? "one core, all a single-threaded process can use" : `${threads} cores, what tar and its decompressor (one thread each) can use together`;
}
function cpuChart(profile, carriers) {
  const snaps = allSnapshots(profile).filter((s) => s.tMs >= firstTimeMs(profile));
  const picks = grid(snaps, MAX_POINTS);
  if (picks.length < 2) return null;
  const perProcess = snaps.some((s) => s.processes && s.processes.length > 0);
  const values = [];
  const xs = [];
  for (let k = 1; k < picks.length; k++) {
    const a = picks[k - 1];
    const b = picks[k];
    const s = (b.tMs - a.tMs) / 1e3;
    let cores = 0;
    if (perProcess) {
      const before = new Map((a.processes ?? []).map((p) => [p.pid, p.cpuTicks]));
      for (const p of b.processes ?? []) cores = Math.max(cores, (p.cpuTicks - (before.get(p.pid) ?? p.cpuTicks)) / USER_HZ / s);
    } else if (a.childCpuTicks !== null && b.childCpuTicks !== null) {
      cores = (b.childCpuTicks - a.childCpuTicks) / USER_HZ / s;
    }
    values.push(Math.max(0, cores));
    xs.push({ fromMs: a.tMs, toMs: b.tMs });
  }
  const quota = profile.context.cgroup?.cpuQuotaCores;
  const pair = Math.min(2, Math.max(1, profile.context.cpuCount), quota != null && quota > 0 ? quota : 2);
  return drawChart(profile, {
    title: perProcess ? "Busiest process of the extraction: cores used" : "tar and its decompressor together: cores used",
    axis: "cores",
    xs,
    t0Ms: firstTimeMs(profile),
    lines: [{ label: perProcess ? "the busiest process (tar or its decompressor), in cores" : "tar and its decompressor together, in cores", values }],
    ceiling: perProcess ? { label: cpuLimitLabel(profile, 1), value: reachableCores(profile) } : { label: cpuLimitLabel(profile, pair), value: pair },
    carriers
  });
}
function binTransferTimeline(t2, cells) {
  const width = (t2.endMs - t2.startMs) / cells;
  const out = [];
  let i = 0;
  let bytes = 0;
  let inFlight = 0;
  for (let c = 1; c <= cells; c++) {
    const end = t2.startMs + c * width;
    const before = bytes;
    let most = inFlight;
    while (i < t2.samples.length && t2.samples[i][0] <= end) {
      const [, b, k] = t2.samples[i];
      bytes = b;
      inFlight = k;
      most = Math.max(most, k);
      i++;
    }
    out.push({ fromMs: end - width, toMs: end, mibPerSecond: (bytes - before) / MiB / (width / 1e3), inFlight: most });
  }
  return out;
}
function timelineDownloadChart(profile, carriers) {
  const t2 = profile.phases.find((p) => p.name === "download")?.downloadTimeline;
  if (!t2 || t2.endMs <= t2.startMs || t2.samples.length === 0) return null;
  const span = t2.endMs - t2.startMs;
  const cells = binTransferTimeline(t2, Math.max(2, Math.min(MAX_POINTS, Math.round(span / Math.max(MIN_INTERVAL_MS, t2.intervalMs)))));
  const rates = cells.map((c) => c.mibPerSecond);
  const flights = cells.map((c) => c.inFlight);
  const xs = cells.map((c) => ({ fromMs: c.fromMs, toMs: c.toMs }));
  return drawChart(profile, {
    title: "Download: MiB/s received, and requests in flight",
    axis: "MiB/s (and requests)",
    xs,
    t0Ms: firstTimeMs(profile),
    lines: [
      { label: "MiB/s received by all requests", values: rates },
      { label: "requests in flight", values: flights }
    ],
    ceiling: { label: `the ${t2.limits.concurrency} requests the cache client runs at once`, value: t2.limits.concurrency },
    carriers
  });
}
function downloadChart(profile, carriers) {
  const d = profile.phases.find((p) => p.name === "download");
  if (!d) return null;
  const snaps = allSnapshots(profile).filter((s) => s.tMs >= d.startMs && s.tMs <= d.endMs && s.ownIo);
  const picks = grid(snaps, MAX_POINTS);
  if (picks.length < 3) return null;
  const values = [];
  const xs = [];
  for (let k = 1; k < picks.length; k++) {
    const a = picks[k - 1];
    const b = picks[k];
    values.push(Math.max(0, ((b.ownIo?.writeBytes ?? 0) - (a.ownIo?.writeBytes ?? 0)) / MiB / ((b.tMs - a.tMs) / 1e3)));
    xs.push({ fromMs: a.tMs, toMs: b.tMs });
  }
  const bytes = d.networkBytes ?? profile.restore?.archiveBytes ?? null;
  const avg = bytes !== null ? bytes / MiB / ((d.endMs - d.startMs) / 1e3) : null;
  const early = values.slice(0, Math.floor(values.length * 0.8)).reduce((a, b) => a + b, 0);
  const all = values.reduce((a, b) => a + b, 0);
  if (all <= 0 || early < 0.5 * all) return null;
  const chart = drawChart(profile, {
    title: "Download: MiB/s received",
    axis: "MiB/s",
    xs,
    t0Ms: xs[0]?.fromMs ?? d.startMs,
    lines: [{ label: "MiB/s written to the archive file as it arrived", values }],
    ceiling: avg !== null ? { label: `the download's average, ${formatNumber(avg)} MiB/s (no network ceiling is probed)`, value: avg } : null,
    carriers
  });
  return { ...chart, caption: `${chart.caption} Requests in flight are not recorded.` };
}
function phaseTimeChart(profile, carriers) {
  const phases = profile.phases.filter((p) => p.endMs > p.startMs);
  if (phases.length === 0) return null;
  const secs = phases.map((p) => (p.endMs - p.startMs) / 1e3);
  const d = profile.phases.find((p) => p.name === "download");
  const bytes = d ? d.networkBytes ?? profile.restore?.archiveBytes ?? null : null;
  const rate = d && bytes !== null && d.endMs > d.startMs ? ` at ${formatNumber(bytes / MiB / ((d.endMs - d.startMs) / 1e3))} MiB/s on average` : "";
  const mermaid = fenced(
    "mermaid",
    [
      xyChartInit([CHART_COLORS[0]], { width: CHART_WIDTH, height: CHART_HEIGHT }),
      "xychart-beta horizontal",
      '    title "Where the time went (s)"',
      `    x-axis "phase" [${phases.map((p) => `"${PHASE_LABEL[p.name]}"`).join(", ")}]`,
      `    y-axis "seconds" 0 --> ${niceMax(Math.max(...secs))}`,
      `    bar ${series(secs)}`
    ].join("\n")
  );
  const on = carriers.map((c) => PHASE_LABEL[c]).join(" and ");
  const buffered = profile.samples.snapshots.some((x) => x.ownIo);
  return {
    mermaid,
    caption: `Seconds per phase${on ? `; the verdict is about the ${on}` : ""}. The download${rate} is one figure: its progress over time is not recorded${buffered ? " (the cache client fetched segments into memory and wrote the file at the end, so the file grew all at once)" : ""}, nor are requests in flight.`
  };
}
function verdictChart(profile, bottleneck, device, ceilings, carriers) {
  if (bottleneck === "disk-iops") return diskChart(profile, device, "iops", ceilings, carriers);
  if (bottleneck === "cpu") return cpuChart(profile, carriers) ?? diskChart(profile, device, "bandwidth", ceilings, carriers);
  if (bottleneck === "network") return timelineDownloadChart(profile, carriers) ?? downloadChart(profile, carriers) ?? phaseTimeChart(profile, carriers);
  return diskChart(profile, device, "bandwidth", ceilings, carriers);
}
function supportingCharts(profile, bottleneck, device, ceilings, carriers) {
  const out = [];
  if (bottleneck !== "disk-bandwidth" && bottleneck !== "none" && bottleneck !== "inconclusive")
    out.push(diskChart(profile, device, "bandwidth", ceilings, carriers));
  if (bottleneck !== "disk-iops") out.push(diskChart(profile, device, "iops", ceilings, carriers));
  if (bottleneck !== "cpu") out.push(cpuChart(profile, carriers));
  const points = timeline(profile, device).filter((p) => p.toMs > firstTimeMs(profile));
  if (points.length > 0 && device !== null) {
    const util = drawChart(profile, {
      title: `${profile.devices[device]?.name ?? "disk"}: busy time (%util)`,
      axis: "%util",
      xs: spans(points),
      t0Ms: firstTimeMs(profile),
      lines: [{ label: "%util, the share of time the device had a request in flight", values: points.map((p) => p.utilizationPercent) }],
      ceiling: null,
      carriers
    });
    out.push({
      ...util,
      caption: `${util.caption} Supporting only: a device that serves requests in parallel (SSDs, cloud volumes) can do more at 100%, and a throttle above the device shows little %util.`
    });
  }
  return out.filter((c) => c !== null);
}

// src/report/download-section.ts
function transferChartPoints(t2, maxPoints = MAX_POINTS) {
  const span = t2.endMs - t2.startMs;
  if (span <= 0 || t2.samples.length === 0) return [];
  const cells = Math.max(1, Math.min(maxPoints, Math.round(span / Math.max(1, t2.intervalMs))));
  return binTransferTimeline(t2, cells).map((c) => ({ tSeconds: (c.toMs - t2.startMs) / 1e3, mibPerSecond: c.mibPerSecond, inFlight: c.inFlight }));
}
function charts(t2, concurrency, noun) {
  const points = transferChartPoints(t2);
  if (points.length < 2) return "";
  const end = Number((points[points.length - 1]?.tSeconds ?? 0).toFixed(2));
  const line = (values) => `[${values.map((v) => String(Math.round(v * 10) / 10)).join(", ")}]`;
  const chart = (title, axis, max, values, color) => fenced(
    "mermaid",
    [
      xyChartInit(color),
      "xychart-beta",
      `    title "${title}"`,
      `    x-axis "seconds" 0 --> ${end}`,
      `    y-axis "${axis}" 0 --> ${max}`,
      `    line ${line(values)}`
    ].join("\n")
  );
  const rates = points.map((p) => p.mibPerSecond);
  const flights = points.map((p) => p.inFlight);
  return [
    chart(`${noun} throughput (MiB/s)`, "MiB/s", niceMax(Math.max(...rates)), rates, 0),
    chart(`${noun} requests in flight`, "requests", Math.max(1, concurrency, ...flights), flights, 1)
  ].join("\n\n");
}
function transferSection(heading, judged, timeline2, noun, whatIfNote) {
  const parts = [`${heading}

**${escapeHtml(judged.sentence)}**`];
  if (judged.evidence.length > 0) parts.push(judged.evidence.map((e) => `- ${escapeHtml(e)}`).join("\n"));
  if (judged.whatIf.length > 0) parts.push(`${judged.whatIf.map((w) => `- ${escapeHtml(w)}`).join("\n")}

<sub>${whatIfNote}</sub>`);
  const drawn = charts(timeline2, timeline2.limits.concurrency, noun);
  if (drawn) parts.push(drawn);
  return parts.join("\n\n");
}
function downloadSection(profile, verdict) {
  const download = verdict.download;
  const timeline2 = profile.phases.find((p) => p.name === "download")?.downloadTimeline;
  if (!download || !timeline2) return "";
  return transferSection(
    "### Download",
    sayDownload(download),
    timeline2,
    "Download",
    "Lower bounds on the download's time: stalls and waits for first bytes stay unless the change removes them; a doubled rate halves at most the time bytes flowed."
  );
}

// src/report/save-section.ts
var seconds = (ms) => `${(ms / 1e3).toFixed(2)} s`;
var mib = (bytes) => `${(bytes / MiB).toFixed(1)} MiB`;
function renderSaveSection(save) {
  const head = "### Save";
  if (save.status === "skipped" || save.status === "failed" && save.phases.length === 0) {
    return `${head}

${escapeHtml(save.reason ?? "The cache was not saved.")}`;
  }
  const what = save.status === "saved" ? `Saved \`${cell(save.key)}\`: ${save.archiveBytes !== null ? `${mib(save.archiveBytes)} archive of ` : ""}${save.matchedPaths.map((p) => `\`${cell(p)}\``).join(", ")} in ${seconds(save.saveMs)} through cache service ${save.serviceVersion}.` : `Not saved: ${escapeHtml(save.reason ?? save.error?.message ?? "the save failed")} (during ${save.error?.phase ?? "the save"}, after ${seconds(save.saveMs)}).`;
  const verdict = save.verdict;
  const judged = new Map(verdict?.phases.map((p) => [p.phase, { bottleneck: p.bottleneck, ...saySavePhase(p, verdict.upload) }]) ?? []);
  const rows = save.phases.map((p) => {
    const ms = p.endMs - p.startMs;
    const j = judged.get(p.name);
    return [p.name, seconds(ms), save.saveMs > 0 ? `${Math.round(ms / save.saveMs * 100)}%` : "", j?.bottleneck ?? "", j?.sentence ?? ""];
  });
  const parts = [head, "", verdict ? `**${escapeHtml(saySave(verdict))}** ${what}` : what];
  const evidence = [...judged.entries()].filter(([, p]) => p.evidence.length > 0).map(([phase, p]) => `**${phase}**

${p.evidence.map((e) => `- ${escapeHtml(e)}`).join("\n")}`);
  const body = [table(["Phase", "Time", "Share", "Limited by", "Why"], rows, ["l", "r", "r", "l", "l"]), ...evidence].join("\n\n");
  parts.push("", details(`Save phases${evidence.length > 0 ? " and evidence" : ""}`, body));
  const timeline2 = save.phases.find((p) => p.name === "upload")?.uploadTimeline;
  const upload = save.verdict?.upload;
  if (timeline2 && upload) {
    const section = transferSection(
      "#### Upload",
      sayUpload(upload),
      timeline2,
      "Upload",
      "Lower bounds on the upload's time: stalls and waits for the store's answers stay unless the change removes them; a doubled rate halves at most the time bytes flowed."
    );
    parts.push("", details(`Upload: ${upload.limit === "stall" ? "stalled" : upload.limit}, its requests over time`, section));
  }
  return parts.join("\n");
}

export {
  xyChartInit,
  verdictChart,
  supportingCharts,
  downloadSection,
  renderSaveSection
};
