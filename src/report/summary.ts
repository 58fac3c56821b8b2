/**
 * The step summary as Markdown. The first screen answers: the headline (what limited the restore and
 * how much of its time), the "What to do" box, the phases, and the chart of the resource the verdict
 * names against its ceiling. Everything else (evidence, what-ifs, measured fixes, supporting charts, fio
 * ceilings, iostat metrics, archive anatomy, runner context) waits behind <details>. Pure.
 * iostat's column names (r/s, w/s, ...) appear only here, in the table headers.
 */
import { describeCgroup } from './cgroup-row.js';
import { renderSaveSection } from './save-section.js';
import type { PhaseName, ProbeResult, Profile, Verdict } from '../profile/schema.js';
import { isDiskResource } from '../profile/schema.js';
import type { JudgedPhase, Judgement, VerdictDevice } from '../judge/judge.js';
import type { PhaseFacts } from '../judge/phase-facts.js';
import { headline, headlineInputOf, type WhatToDo } from './headline.js';
import { limitedBy, PHASE_NOUN } from './say/nouns.js';
import { verdictWords } from './say/resources.js';
import { sayWhatIf } from './say/what-if.js';
import { sayDevice } from './say/device.js';
import { sayVerdict } from './say/verdict.js';
import { sayAttribution } from './say/attribution.js';
import { pageCacheLoop } from '../judge/page-cache-probe.js';
import { probeNote } from '../judge/probe-notes.js';
import { sayPageCacheProbe, sayProbeNote } from './say/probe-notes.js';
import { checkExperiments } from '../judge/experiments-check.js';
import { sayPhase } from './say/phase.js';
import { sayEvidence } from './say/evidence.js';
import { bytes, formatNumber, mibPerSecond, percent, seconds, utcMinute } from '../util/format.js';
import { type Chart, supportingCharts, verdictChart } from './charts.js';
import { denseTable, details, escapeHtml, fixed, table } from './markdown.js';
import { faultLines } from './faults.js';
import { MiB } from '../util/units.js';
import { wroteAlmostNothingEarly } from '../judge/thresholds.js';
import { fixesSection } from './fixes-section.js';
import { type CeilingOrigin, overCeilingReason } from './over-ceiling.js';

import { restoreSpansLine } from './restore-spans.js';
import { machineSharingSentences } from './other-profiles.js';
import { alwaysOnLines, historySection } from './always-on-section.js';
import { downloadSection } from './download-section.js';
import { TOOL_VERSION } from '../version.js';

interface PhaseRow {
  name: PhaseName;
  /** The phase's verdict in words (say/nouns.ts limitedBy, from its rule), for the table and the evidence alike. */
  label: string;
  /** The phase's verdict sentence (report/say/phase.ts). */
  sentence: string;
  facts: PhaseFacts;
  networkBytes: number | null;
}

/**
 * The rows the table, the evidence and the download's lead share. A recorded verdict (rendered without
 * re-judging) keeps its own phase verdicts: the label and sentence are the judge's only where it agrees.
 */
function phaseRows(profile: Profile, judged: readonly JudgedPhase[], verdict: Verdict): PhaseRow[] {
  return judged.map((j) => {
    const recorded = verdict.phases.find((v) => v.phase === j.phase);
    const same = !recorded || recorded.bottleneck === j.bottleneck;
    return {
      name: j.phase,
      label: same ? limitedBy(j.bottleneck, j.rule) : verdictWords(recorded.bottleneck).limitedBy,
      sentence: sayPhase(same ? j : recorded),
      facts: j.facts,
      networkBytes: j.phase === 'download' ? (profile.phases.find((p) => p.name === 'download')?.networkBytes ?? profile.restore?.archiveBytes ?? null) : null,
    };
  });
}

/** Whose bytes and seconds the figures are: the restore's own, or labelled as not. */
function attributionSection(profile: Profile, verdict: Verdict): string {
  const lines = sayAttribution(verdict.attribution);
  // Beside the "another writer" line: another profile is a writer (and a reader, and a CPU user) this one can name.
  lines.push(...machineSharingSentences(profile.context));
  const tail = profile.writebackTail;
  if (tail && tail.syncs.length > 0) {
    const syncs = tail.syncs.map((s) => `${s.mountPoint} ${s.returned ? `in ${seconds(s.durationMs)}` : `not within ${seconds(s.durationMs)}`}`).join(', ');
    lines.push(`The writeback tail ends when syncfs of each file system the restore wrote has returned: ${syncs}.`);
  }
  return lines.length > 0 ? `${lines.map((l) => `- ${escapeHtml(l)}`).join('\n')}` : '';
}

function phasesSection(profile: Profile, rows: PhaseRow[], verdict: Verdict): string {
  const total = rows.reduce((s, r) => s + r.facts.durationMs, 0);
  const several = (verdict.devices?.length ?? 0) > 1;
  const body = rows.map((r) => {
    const d = r.facts.disk;
    const moved = r.networkBytes ?? d?.writtenBytes ?? null;
    // With restore paths on several disks, each row names the disk its figures are of.
    const disk = several ? profile.devices[r.facts.deviceIndex ?? -1]?.name : undefined;
    const what = r.networkBytes !== null ? 'downloaded' : `written to ${disk ?? 'disk'}`;
    const rate = moved !== null && r.facts.durationMs > 0 ? mibPerSecond(moved / (r.facts.durationMs / 1000)) : '–';
    return [
      r.name,
      seconds(r.facts.durationMs),
      percent(total > 0 ? r.facts.durationMs / total : 0),
      moved === null ? '–' : `${bytes(moved)} ${what}`,
      rate,
      r.label,
    ];
  });
  const tail = rows.find((r) => r.name === 'writeback');
  body.push([
    tail ? '**until on disk**' : '**total**',
    `**${seconds(total)}**`,
    '100%',
    profile.restore?.archiveBytes ? `archive ${bytes(profile.restore.archiveBytes)}` : '',
    '',
    `**${verdictWords(verdict.bottleneck).limitedBy}**`,
  ]);
  const spans = restoreSpansLine(verdict);
  // What the page cache did stands as a line of its own, not in the small print: it explains two rows.
  const cache = pageCacheLine(rows);
  const absorbed = cache ? `\n\n${escapeHtml(cache)}` : '';
  const step = spans
    ? `\n\n<sub>${escapeHtml(spans)}</sub>`
    : tail
      ? `\n\n<sub>The step itself ended when tar exited, after ${seconds(total - tail.facts.durationMs)}; the writeback tail (${seconds(tail.facts.durationMs)}) is paid by the steps after it. The verdict and the what-ifs are about the ${seconds(total)} until the files were on disk.</sub>`
      : '';
  return `${denseTable(['Phase', 'Time', 'Share', 'Moved', 'Rate', 'Limited by'], body, ['l', 'r', 'r', 'r', 'r', 'l'])}${step}${absorbed}`;
}

/**
 * Why extraction shows (almost) nothing written while the tail writes it all: tar wrote into memory and
 * the kernel wrote it out after. Said on the first screen, beside the rows it explains; empty otherwise.
 * "Almost nothing" is the what-ifs' absorbed extraction (thresholds.ts wroteAlmostNothingEarly).
 */
function pageCacheLine(rows: readonly PhaseRow[]): string {
  const early = rows.find((r) => r.name === 'extract')?.facts.disk?.writtenBytes;
  const late = rows.find((r) => r.name === 'writeback')?.facts.disk?.writtenBytes;
  if (early === undefined || late === undefined || late <= 0 || !wroteAlmostNothingEarly(early, early + late)) return '';
  return `Extraction wrote ${bytes(early)} to disk because tar wrote the files into memory (the kernel's page cache); the kernel wrote them to disk after tar exited: the writeback row's ${bytes(late)}.`;
}

function iostatSection(profile: Profile, rows: PhaseRow[]): string {
  const body = rows
    .filter((r) => r.facts.disk)
    .map((r) => {
      const m = r.facts.disk!;
      const dev = profile.devices[r.facts.deviceIndex ?? -1]?.name ?? '?';
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
        fixed(m.writeRequestKiB),
      ];
    });
  if (body.length === 0) return `No block-device counters${profile.context.noBlockDeviceReason ? `: ${profile.context.noBlockDeviceReason}` : '.'}`;
  const header = ['Phase', 'Device', 'r/s', 'w/s', 'rkB/s', 'wkB/s', 'rrqm/s', 'wrqm/s', 'r_await', 'w_await', 'aqu-sz', '%util', 'rareq-sz', 'wareq-sz'];
  return `${table(
    header,
    body,
    header.map((_, i) => (i < 2 ? 'l' : 'r')),
  )}`;
}

function pattern(p: ProbeResult): string {
  const size = p.blockSizeBytes >= MiB ? `${p.blockSizeBytes / MiB} MiB` : `${p.blockSizeBytes / 1024} KiB`;
  const kind: Record<ProbeResult['name'], string> = {
    'seq-write': 'sequential writes',
    'rand-write': 'random writes',
    'seq-read': 'sequential reads',
    'rand-read': 'random reads',
    'rand-read-qd1': 'random reads, one at a time',
    'fsync-write': 'writes, each flushed',
  };
  return `${size} ${kind[p.name]}, queue depth ${p.ioDepth}${p.jobs > 1 ? ` × ${p.jobs} jobs` : ''}`;
}

/** What installing fio cost, beside the probes' own time (the suite's wall time holds it, outside the probes' budget). */
function fioInstallWords(suite: NonNullable<Profile['probes']>): string {
  const i = suite.fioInstall;
  return i ? `installing fio with ${i.method} took ${seconds(i.durationMs)}${i.failed ? ' and failed' : ''}` : '';
}

/** The suite's time, and the install's within it; empty for remembered ceilings (nothing ran here). */
function suiteTimeWords(suite: NonNullable<Profile['probes']>): string {
  if (suite.wallMs <= 0) return '';
  const budget = suite.budgetMs ? ` (probe-budget-seconds: ${seconds(suite.budgetMs)})` : '';
  const install = fioInstallWords(suite);
  return `the suite took ${seconds(suite.wallMs)}${budget}${install ? `; ${install} of it, before the probes and outside their budget` : ''}`;
}

/** A probe the suite stopped at its deadline, to keep the probe budget: its figures cover only the time before. */
function cutShortNote(p: ProbeResult, budgetMs: number | undefined): string {
  if (p.cutShortAtMs === undefined) return '';
  const budget = budgetMs !== undefined ? `the ${seconds(budgetMs)} probe budget` : 'the probe budget';
  return `cut short: still running at its deadline, ${seconds(p.cutShortAtMs)} into ${budget}, so fio was stopped there${p.error ? '' : ` after measuring ${seconds(p.runtimeMs)}`}`;
}

function probesSection(profile: Profile): string {
  const suite = profile.probes;
  if (!suite) return 'No fio probes ran: disk verdicts rest on kernel counters alone.';
  // Remembered ceilings come as a skipped suite that holds the figures: the table shows them.
  if (suite.status !== 'ran' && suite.probes.length === 0) {
    const install = fioInstallWords(suite);
    return `fio probes ${suite.status}${suite.reason ? `: ${escapeHtml(suite.reason)}` : '.'}${install ? ` (${escapeHtml(install)}.)` : ''}`;
  }
  const rows = suite.probes.map((p) => {
    const loop = pageCacheLoop(profile, p);
    const cache = loop === null ? null : sayPageCacheProbe(loop);
    const lat = p.error
      ? '–'
      : `${formatNumber(p.latencyNs.mean / 1000)} µs${p.latencyNs.p99 !== null ? ` (p99 ${formatNumber(p.latencyNs.p99 / 1000)} µs)` : ''}`;
    return [
      pattern(p),
      p.error ? '–' : cache ? `~~${formatNumber(p.bytesPerSecond / MiB)}~~` : formatNumber(p.bytesPerSecond / MiB),
      p.error ? '–' : cache ? `~~${Math.round(p.iops)}~~` : String(Math.round(p.iops)),
      lat,
      [cutShortNote(p, suite.budgetMs), p.error ? `failed: ${p.error}` : cache ? `⚠️ page cache, not the disk: ${cache}` : sayProbeNote(probeNote(profile, p))]
        .filter(Boolean)
        .join('; '),
    ];
  });
  const remembered = profile.ceilingsSource?.kind === 'remembered' ? `, remembered from run ${profile.ceilingsSource.runId}` : '';
  const where = `${suite.directory ?? 'the restore path'}${suite.deviceName ? ` on ${suite.deviceName}` : ''}${suite.deviceBecause ? ` (${suite.deviceBecause})` : ''}`;
  const time = remembered ? '' : suiteTimeWords(suite);
  return `${denseTable(['fio probe', 'MiB/s', 'IOPS', 'Mean latency', 'Note'], rows, ['l', 'r', 'r', 'r', 'l'])}\n\n<sub>${escapeHtml(`fio ${suite.fioVersion?.replace(/^fio-/, '') ?? ''} in ${where}${remembered}${time ? `; ${time}` : ''}`)}. A figure struck through measured the page cache: it is not ranked, and the judge should not be read against it.</sub>`;
}

function anatomySection(profile: Profile): string {
  const a = profile.restore?.anatomy;
  if (!a) return '';
  const head = `${bytes(a.compressedBytes)} ${a.compression} archive → ${bytes(a.extractedBytes)} in ${a.files} files, ${a.directories} directories, ${a.symlinks} symlinks${a.hardlinks ? `, ${a.hardlinks} hard links` : ''}${a.other ? `, ${a.other} other` : ''} (ratio ${formatNumber(a.compressedBytes > 0 ? a.extractedBytes / a.compressedBytes : 0)}×).`;
  const rows = a.sizeHistogram.map((b) => [
    b.label,
    String(b.files),
    percent(a.files > 0 ? b.files / a.files : 0),
    bytes(b.bytes),
    percent(a.extractedBytes > 0 ? b.bytes / a.extractedBytes : 0),
  ]);
  return `${head}${anatomySourceWords(a)}${a.error ? ` Incomplete: ${a.error}` : ''}\n\n${table(['File size', 'Files', 'Share', 'Bytes', 'Share'], rows, ['l', 'r', 'r', 'r', 'r'])}`;
}

/** Where the counts come from, where it is not this extraction's own report: a run before's, or a walk. */
function anatomySourceWords(a: NonNullable<NonNullable<Profile['restore']>['anatomy']>): string {
  if (a.source === 'remembered' && a.learned)
    return ` As tar reported it on run ${a.learned.runId} (${utcMinute(a.learned.learnedAt)} UTC), remembered for this cache entry: tar was asked for no report on this run.`;
  if (a.source === 'walk' && !a.error) return ' Counted in the restored tree (tar gave no report).';
  return '';
}

function contextSection(profile: Profile): string {
  const c = profile.context;
  const rows: string[][] = [
    ['CPU', `${c.cpuCount} × ${c.cpuModel ?? 'unknown model'}`],
    ['RAM', bytes(c.memoryBytes)],
    ['OS', `${c.os} ${c.kernel ?? ''} (${c.arch})`.trim()],
  ];
  if (c.virtualization) rows.push(['Virtualization', c.virtualization]);
  if (c.cgroup) rows.push(['cgroup', describeCgroup(c.cgroup)]);
  for (const d of profile.devices) {
    const bits = [
      d.model,
      d.rotational === undefined ? undefined : d.rotational ? 'rotational' : 'non-rotational',
      d.scheduler ? `scheduler ${d.scheduler}` : undefined,
      d.queueDepth ? `nr_requests ${d.queueDepth}` : undefined,
      d.sizeBytes ? bytes(d.sizeBytes) : undefined,
      `via ${d.chain.join(' → ')}`,
      d.kind === 'dm' || d.kind === 'md' ? `${d.kind}, bio-based: counts bios before ${d.below?.join(' + ') || 'the disk below'} merges them` : undefined,
    ].filter(Boolean);
    rows.push([`Disk ${d.name} (${d.roles.join(', ')})`, bits.join(', ')]);
  }
  for (const f of c.fileSystems) {
    const how =
      f.resolution && f.resolution.method !== 'mount' ? `; ${f.resolution.method === 'not-measured' ? 'not measured: ' : ''}${f.resolution.detail}` : '';
    rows.push([`FS ${f.path}`, `${f.fsType} on ${f.source} at ${f.mountPoint} (${f.mountOptions})${how}`]);
  }
  const dirty = c.dirtyBytesLimit
    ? `dirty_bytes ${bytes(c.dirtyBytesLimit)}`
    : c.dirtyRatio !== undefined
      ? `dirty_ratio ${c.dirtyRatio}%, dirty_background_ratio ${c.dirtyBackgroundRatio ?? '?'}%`
      : undefined;
  const found =
    c.dirtyAtStartBytes === undefined
      ? ''
      : `; found ${bytes(c.dirtyAtStartBytes)} Dirty and ${bytes(c.writebackAtStartBytes ?? 0)} Writeback at the start (earlier steps')`;
  if (dirty || found) rows.push(['Page cache', `${dirty ?? ''}${found}`]);
  if (c.noBlockDeviceReason) rows.push(['No block metrics', c.noBlockDeviceReason]);
  for (const o of c.otherProfiles ?? [])
    rows.push(['Shared with', `disk-profiler "${o.label}" (pid ${o.pid}), in its ${o.theirPhases.join(', ')}, during this one's ${o.during.join(', ')}`]);
  return table(['', 'This runner'], rows);
}

/** What set the ceiling an evidence item's share is of: a cgroup cap where the judge's share says so. */
function originOf(id: string, phase: JudgedPhase | undefined): CeilingOrigin {
  const share = phase?.disk.shares.find((s) => id === `${s.direction}-${s.resource === 'disk-bandwidth' ? 'bandwidth' : 'iops'}-share`);
  return share?.from?.cap ? 'cap' : 'probe';
}

/**
 * The evidence as sentences: a mark, what was measured, and any figure over 100% with its reason. The
 * legend comes first, before the marks it explains. Ids stay in the JSON.
 */
/** `said`: the verdict's sentence (say/verdict.ts), which the section opens with. */
function evidenceSection(verdict: Verdict, said: string, rows: readonly PhaseRow[], judged: readonly JudgedPhase[]): string {
  const reasonsOf = new Map<string, string[]>();
  const parts = verdict.phases.map((p) => {
    const reasons = new Set<string>();
    const phase = judged.find((j) => j.phase === p.phase);
    const items = p.evidence.map((e) => {
      const why = overCeilingReason(e, p.durationMs, originOf(e.id, phase));
      if (why) reasons.add(why);
      const said = sayEvidence(e, p.phase);
      const text = said.charAt(0).toUpperCase() + said.slice(1);
      return `- ${e.supports ? '✅' : '➖'} ${escapeHtml(text)}${why ? ` (${escapeHtml(why)})` : ''}`;
    });
    reasonsOf.set(p.phase, [...reasons]);
    const note = reasons.size > 0 ? ` <sub>(${escapeHtml([...reasons].join('; '))})</sub>` : '';
    const label = rows.find((r) => r.name === p.phase)?.label ?? verdictWords(p.bottleneck).limitedBy;
    return `**${p.phase}: ${label}.** ${escapeHtml(sayPhase(p))}${note}\n\n${items.join('\n')}`;
  });
  // The verdict's own sentence quotes its phase's figures: that phase's reasons go beside it, no other's.
  // (A recorded verdict that does not say its phase keeps every phase's reasons, as before.)
  const own = verdict.phase ? (reasonsOf.get(verdict.phase) ?? []) : [...new Set([...reasonsOf.values()].flat())];
  const over = /\b(10[1-9]|1[1-9]\d|[2-9]\d\d|\d{4,})% of\b/.test(said) && own.length > 0 ? ` <sub>(${escapeHtml(own.join('; '))})</sub>` : '';
  return `${escapeHtml(said)}${over}\n\n<sub>✅ supports the phase's verdict; ➖ does not, or argues for another resource.</sub>\n\n${parts.join('\n\n') || 'No phase was judged.'}`;
}

/**
 * The download's phase verdict (the table's, from the kernel's counters) before what its requests show
 * (the transfer's own judge, from the timeline): one phase, named by one resource, then the detail.
 */
function downloadLead(rows: readonly PhaseRow[]): string {
  const row = rows.find((r) => r.name === 'download');
  if (!row) return '';
  return `**download: ${escapeHtml(row.label)}**, as the table says: ${escapeHtml(row.sentence.charAt(0).toLowerCase() + row.sentence.slice(1))} What its requests show, within that:\n\n`;
}

function rawSection(profile: Profile, rows: PhaseRow[]): string {
  const share = (v: number | null | undefined) => (v === null || v === undefined ? '–' : percent(v));
  const body = rows.map((r) => {
    const f = r.facts;
    const busiest = f.busiestProcess && f.busiestProcess.cores > 0 ? `${formatNumber(f.busiestProcess.cores)} (${f.busiestProcess.comm})` : '–';
    return [
      r.name,
      share(f.cpu?.busy),
      share(f.cpu?.busiestCpu),
      share(f.cpu?.iowait),
      share(f.cpu?.steal),
      f.childCores === null ? '–' : formatNumber(f.childCores),
      busiest,
      f.selfCores === null ? '–' : formatNumber(f.selfCores),
      f.ownIo ? bytes(f.ownIo.writeBytes) : '–',
      f.ownIo ? bytes(f.ownIo.cancelledWriteBytes) : '–',
      share(f.pressure.ioSome),
      share(f.pressure.ioFull),
      share(f.pressure.cpuSome),
      share(f.pressure.memorySome),
      f.dirtyPeakBytes === null ? '–' : bytes(f.dirtyPeakBytes),
      f.owedAtEndBytes === null ? '–' : bytes(f.owedAtEndBytes),
    ];
  });
  const header = [
    'Phase',
    'CPU busy',
    'busiest CPU',
    'iowait',
    'steal',
    'tar+zstd cores',
    'busiest process cores',
    'profiler cores',
    'own bytes dirtied',
    'own bytes dropped unwritten',
    'PSI io some',
    'PSI io full',
    'PSI cpu some',
    'PSI mem some',
    'Dirty peak',
    'Dirty+Writeback at end',
  ];
  const r = profile.restore;
  const restore = r
    ? `Key ${r.matchedKey === null ? 'none matched' : `\`${r.matchedKey}\`${r.exactMatch ? ' (exact)' : ' (restore key)'}`}; keys tried: ${r.keysTried.map((k) => `\`${k}\``).join(', ')}; cache service ${r.serviceVersion}; wall time ${seconds(r.wallMs)}.`
    : 'No restore.';
  return details(
    'Raw per-phase details',
    `${restore}\n\n${denseTable(
      header,
      body,
      header.map((_, i) => (i === 0 ? 'l' : 'r')),
    )}\n\nSamples: ${profile.samples.snapshots.length} snapshots every ${profile.samples.intervalMs * profile.samples.keptEvery} ms.`,
  );
}

function whatToDoBox(todo: WhatToDo): string {
  const kind = todo.kind === 'nothing' || todo.kind === 'fast' ? 'NOTE' : 'TIP';
  const lines = [`[!${kind}]`, `**What to do:** ${escapeHtml(todo.text)}`];
  for (const p of todo.pastes) {
    // Where it goes first, then the YAML as it is pasted, then what goes wrong elsewhere.
    lines.push('', escapeHtml(p.placement));
    const body = p.kind === 'step' ? p.yaml : `${p.kind === 'input' ? 'with' : 'env'}:\n${p.yaml.replace(/^/gm, '  ')}`;
    lines.push('```yaml', body, '```');
    const after = [p.misplaced, p.note].filter(Boolean).join(' ');
    if (after) lines.push(`<sub>${escapeHtml(after)}</sub>`);
  }
  if (todo.note) lines.push('', `<sub>${escapeHtml(todo.note)}</sub>`);
  return lines
    .join('\n')
    .split('\n')
    .map((l) => (l ? `> ${l}` : '>'))
    .join('\n');
}

function chartBlock(c: Chart): string {
  return `${c.mermaid}\n\n<sub>${escapeHtml(c.caption)}</sub>`;
}

/**
 * A line per device. The device the verdict names gets no rate of its own: its rate is the verdict's,
 * over the phase the verdict is about; a second one over extraction and writeback together would give
 * the same disk two rates against one ceiling.
 */
function perDeviceLines(verdict: Verdict, device: VerdictDevice | null): string[] {
  const diskVerdict = isDiskResource(verdict.bottleneck);
  return (verdict.devices ?? []).map((d) => {
    if (!diskVerdict || d.device !== device?.name || !verdict.phase) return `- ${escapeHtml(sayDevice(d))}`;
    const where = d.paths.join(', ') || 'restore path';
    return `- ${escapeHtml(`${d.device} (${where}): the device the verdict names; its rate is the table's for ${PHASE_NOUN[verdict.phase]}; it wrote ${bytes(d.writtenBytes)} over extraction and writeback together`)}`;
  });
}

/** With restore paths on several disks, which paths the charted device holds, so the chart says which disk it is. */
function withDevicePaths(c: Chart, device: VerdictDevice | null, several: boolean): Chart {
  if (!several || !device || device.paths.length === 0) return c;
  return { ...c, caption: `${device.name} holds ${device.paths.join(', ')}. ${c.caption}` };
}

function whatIfSection(verdict: Verdict): string {
  return `${verdict.whatIf.map((w) => `- ${escapeHtml(sayWhatIf(w))}`).join('\n')}\n\n<sub>Bounds on the time until the files are on disk: a resource twice as fast shortens only the phases judged bound by it, never below the work its ceilings and the other resources set, so the time is at least the figure given and the saving at most the difference.</sub>`;
}

function firstDownloadMs(profile: Profile): number | null {
  const p = profile.phases.find((x) => x.name === 'download');
  return p ? p.endMs - p.startMs : null;
}

/**
 * The disk the box names where restore paths span several: the verdict's, when every phase judged on a
 * disk ran on it. Phases on different disks (extraction on one, the tail on another) name none, and the
 * box's step covers every path: a single disk named there could be the wrong one.
 */
function oneVerdictDevice(judgement: Judgement): NonNullable<Judgement['verdictDevice']> | undefined {
  const device = judgement.verdictDevice;
  if (!device) return undefined;
  const onDisk = judgement.phases.filter((p) => isDiskResource(p.bottleneck));
  return onDisk.every((p) => p.facts.deviceIndex === device.index) ? device : undefined;
}

export function renderSummary(profile: Profile, judgement: Judgement): string {
  const verdict = judgement.verdict;
  const rows = phaseRows(profile, judgement.phases, verdict);
  const e = profile.experiments;
  const check = e && e.outcomes.length > 0 ? checkExperiments(verdict, profile.phases, e, firstDownloadMs(profile)) : null;
  const several = (verdict.devices?.length ?? 0) > 1;
  const head = headline(headlineInputOf(profile, verdict, check, several ? oneVerdictDevice(judgement) : undefined));
  const sections: string[] = [
    `### ${escapeHtml(head.text)}`,
    whatToDoBox(head.todo),
    `<sub>${recordedBy(profile)} · ${escapeHtml(profile.label)} · ${escapeHtml(profile.createdAt)}</sub>`,
  ];
  const alwaysOn = alwaysOnLines(profile);
  if (alwaysOn) sections.push(alwaysOn);
  const faults = faultLines(profile);
  if (faults.length > 0) {
    const items = faults.map((f) => `> - ${escapeHtml(f.replace(/\s*\n\s*/g, ' | '))}`).join('\n');
    sections.push(
      `> [!WARNING]\n> **Problems met** (caching is optional, as in actions/cache: they fail the step only where a fail-on-* input asks)\n${items}`,
    );
  }
  if (rows.length > 0) sections.push(phasesSection(profile, rows, verdict));
  // Nothing was judged phase by phase: the judge's sentence (what failed, what the probes alone say) is the whole story.
  else sections.push(escapeHtml(sayVerdict(verdict, profile)));
  // The phases the headline names, as the judge decided them: the chart marks the same.
  const carriers = judgement.decision.carriers.map((c) => c.phase);
  // The chart is of the device the verdict names, against that device's own ceilings.
  const device = judgement.verdictDevice;
  const deviceIndex = device?.index ?? judgement.restoreDeviceIndex;
  const deviceCeilings = device?.ceilings ?? judgement.ceilings;
  const main = rows.length > 0 ? verdictChart(profile, verdict.bottleneck, deviceIndex, deviceCeilings, carriers) : null;
  if (main) sections.push(chartBlock(withDevicePaths(main, device, several)));
  // Paths on several devices: a verdict per device, one line each.
  if (verdict.devices && verdict.devices.length > 1) sections.push(`Per device:\n${perDeviceLines(verdict, device).join('\n')}`);
  if (rows.length > 0) sections.push(details('Why: the evidence per phase', evidenceSection(verdict, sayVerdict(verdict, profile), rows, judgement.phases)));
  const download = downloadSection(profile, verdict).replace(/^### Download\n\n/, '');
  if (download) sections.push(details('Download: inside the transfer, request by request', `${downloadLead(rows)}${download}`));
  if (verdict.whatIf.length > 0) sections.push(details('What if each resource were twice as fast', whatIfSection(verdict)));
  const fixes = fixesSection(profile, verdict).replace(/^### Measured fixes\n\n/, '');
  if (fixes) sections.push(details('Measured fixes: the archive extracted again under alternatives', fixes));
  const more = rows.length > 0 ? supportingCharts(profile, verdict.bottleneck, deviceIndex, deviceCeilings, carriers) : [];
  if (more.length > 0) sections.push(details('More charts: the other resources and %util', more.map(chartBlock).join('\n\n')));
  sections.push(details('Disk ceilings (fio)', probesSection(profile)));
  if (rows.length > 0) sections.push(details('Disk per phase (iostat -x)', iostatSection(profile, rows)));
  const anatomy = anatomySection(profile);
  if (anatomy) sections.push(details('What the restore wrote', anatomy));
  const whose = attributionSection(profile, verdict);
  if (whose) sections.push(details("Whose bytes: the restore's own, or not", whose));
  sections.push(details('Runner', contextSection(profile)));
  const history = historySection(profile).replace(/^### History of this runner type\n\n/, '');
  if (history) sections.push(details('History of this runner type', history));
  if (rows.length > 0) sections.push(rawSection(profile, rows));
  if (profile.save) sections.push(renderSaveSection(profile.save));
  return `${sections.join('\n\n')}\n`;
}

/** Which release recorded the profile; one recorded by another release is judged by this one's rules, and says so (compare says the same). */
function recordedBy(profile: Profile): string {
  const by = `disk-profiler ${escapeHtml(profile.tool.version)}`;
  return profile.tool.version === TOOL_VERSION ? by : `recorded by ${by}, judged by disk-profiler ${TOOL_VERSION}'s rules`;
}
