/**
 * The step summary as Markdown: the verdict on the first line, then phases, what-ifs, charts, fio
 * ceilings, iostat metrics, archive anatomy, runner context, and the evidence folded away. Pure.
 * iostat's column names (r/s, w/s, ...) appear only here, in the table headers.
 */
import { describeCgroup } from './cgroup-row.js';
import { renderSaveSection } from './save-section.js';
import type { PhaseName, ProbeName, ProbeResult, Profile, Verdict } from '../profile/schema.js';
import type { JudgedPhase, Judgement } from '../judge/judge.js';
import type { PhaseFacts } from '../judge/phase-facts.js';
import { bytes, formatNumber, mibPerSecond, percent, seconds } from './format.js';
import { phaseChart, timelineCharts } from './charts.js';
import { details, escapeHtml, fixed, table } from './markdown.js';
import { faultLines } from './faults.js';
import { MiB } from '../util/units.js';
import { fixesSection } from './fixes-section.js';
import { restoreSpansLine } from './restore-spans.js';
import { otherProfilesSentence } from '../machine/others.js';
import { alwaysOnLines, historySection } from './always-on-section.js';
import { downloadSection } from './download-section.js';

interface PhaseRow {
  name: PhaseName;
  facts: PhaseFacts;
  networkBytes: number | null;
}

function phaseRows(profile: Profile, judged: readonly JudgedPhase[]): PhaseRow[] {
  return judged.map((j) => ({
    name: j.phase,
    facts: j.facts,
    networkBytes: j.phase === 'download' ? (profile.phases.find((p) => p.name === 'download')?.networkBytes ?? profile.restore?.archiveBytes ?? null) : null,
  }));
}

/** Whose bytes and seconds the figures are: the restore's own, or labelled as not. */
function attributionSection(profile: Profile, verdict: Verdict): string {
  const lines = [...(verdict.attribution?.sentences ?? [])];
  // Beside the "another writer" line: another profile is a writer (and a reader, and a CPU user) this one can name.
  const others = otherProfilesSentence(profile.context.otherProfiles ?? []);
  if (others) lines.push(others);
  const tail = profile.writebackTail;
  if (tail && tail.syncs.length > 0) {
    const syncs = tail.syncs.map((s) => `${s.mountPoint} ${s.returned ? `in ${seconds(s.durationMs)}` : `not within ${seconds(s.durationMs)}`}`).join(', ');
    lines.push(`The writeback tail ends when syncfs of each file system the restore wrote has returned: ${syncs}.`);
  }
  return lines.length > 0
    ? `### Whose bytes

${lines.map((l) => `- ${escapeHtml(l)}`).join('\n')}`
    : '';
}

function phasesSection(profile: Profile, rows: PhaseRow[], verdict: Verdict): string {
  const total = rows.reduce((s, r) => s + r.facts.durationMs, 0);
  const body = rows.map((r) => {
    const d = r.facts.disk;
    const moved = r.networkBytes ?? d?.writtenBytes ?? null;
    const what = r.networkBytes !== null ? 'downloaded' : 'written to disk';
    const rate = moved !== null && r.facts.durationMs > 0 ? mibPerSecond(moved / (r.facts.durationMs / 1000)) : '–';
    const bottleneck = verdict.phases.find((v) => v.phase === r.name)?.bottleneck ?? '–';
    return [
      r.name,
      seconds(r.facts.durationMs),
      percent(total > 0 ? r.facts.durationMs / total : 0),
      moved === null ? '–' : `${bytes(moved)} ${what}`,
      rate,
      bottleneck,
    ];
  });
  body.push([
    '**total**',
    `**${seconds(total)}**`,
    '100%',
    profile.restore?.archiveBytes ? `archive ${bytes(profile.restore.archiveBytes)}` : '',
    '',
    `**${verdict.bottleneck}**`,
  ]);
  return `### Phases\n\n${table(['Phase', 'Duration', 'Share', 'Bytes', 'Throughput', 'Bottleneck'], body, ['l', 'r', 'r', 'r', 'r', 'l'])}`;
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
  if (body.length === 0)
    return `### Disk per phase\n\nNo block-device counters${profile.context.noBlockDeviceReason ? `: ${profile.context.noBlockDeviceReason}` : '.'}`;
  const header = ['Phase', 'Device', 'r/s', 'w/s', 'rkB/s', 'wkB/s', 'rrqm/s', 'wrqm/s', 'r_await', 'w_await', 'aqu-sz', '%util', 'rareq-sz', 'wareq-sz'];
  return `### Disk per phase (iostat -x)\n\n${table(
    header,
    body,
    header.map((_, i) => (i < 2 ? 'l' : 'r')),
  )}`;
}

const CEILING_COLUMNS: [ProbeName, string][] = [
  ['seq-write', 'Seq Writes'],
  ['rand-write', 'Rand Writes'],
  ['seq-read', 'Seq Reads'],
  ['rand-read', 'Rand Reads'],
];

function probesSection(profile: Profile): string {
  const suite = profile.probes;
  if (!suite) return '### Disk ceilings (fio)\n\nNo fio probes ran: disk verdicts rest on kernel counters alone.';
  // Remembered ceilings come as a skipped suite that holds the figures: the table shows them.
  if (suite.status !== 'ran' && suite.probes.length === 0)
    return `### Disk ceilings (fio)\n\nfio probes ${suite.status}${suite.reason ? `: ${suite.reason}` : '.'}`;
  const get = (n: ProbeName): ProbeResult | undefined => suite.probes.find((p) => p.name === n);
  const ok = (p: ProbeResult | undefined) => (p && !p.error ? p : undefined);
  const mib = (p: ProbeResult | undefined) => (ok(p) ? formatNumber(p!.bytesPerSecond / MiB) : '–');
  const io = (p: ProbeResult | undefined) => (ok(p) ? String(Math.round(p!.iops)) : '–');
  const qd1 = ok(get('rand-read-qd1'));
  const fsync = ok(get('fsync-write'));
  const lat = qd1
    ? `${formatNumber(qd1.latencyNs.mean / 1000)} µs mean${qd1.latencyNs.p99 !== null ? `, ${formatNumber(qd1.latencyNs.p99 / 1000)} µs p99` : ''}`
    : '–';
  const header = ['', ...CEILING_COLUMNS.map(([, l]) => l), 'QD1 4k read latency', 'fsync IOPS'];
  const rows = [
    ['MiB/s', ...CEILING_COLUMNS.map(([n]) => mib(get(n))), '', ''],
    ['IOPS', ...CEILING_COLUMNS.map(([n]) => io(get(n))), lat, fsync ? String(Math.round(fsync.iops)) : '–'],
  ];
  const params = suite.probes
    .map(
      (p) =>
        `${p.name}: ${p.blockSizeBytes >= MiB ? `${p.blockSizeBytes / MiB}M` : `${p.blockSizeBytes / 1024}k`} QD${p.ioDepth}×${p.jobs}${p.error ? ` (failed: ${p.error})` : ''}`,
    )
    .join('; ');
  const remembered = profile.ceilingsSource?.kind === 'remembered' ? `, remembered from run ${profile.ceilingsSource.runId}` : '';
  return `### Disk ceilings (fio${suite.fioVersion ? `, ${suite.fioVersion.replace(/^fio-/, '')}` : ''}${remembered})\n\n${table(
    header,
    rows,
    header.map((_, i) => (i === 0 ? 'l' : 'r')),
  )}\n\n<sub>${escapeHtml(`${suite.directory ?? ''}${suite.deviceName ? ` on ${suite.deviceName}` : ''}${suite.deviceBecause ? ` (${suite.deviceBecause})` : ''} · ${params}`)}</sub>`;
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
  return `### What the restore wrote\n\n${head}${a.error ? ` Incomplete: ${a.error}` : ''}\n\n${table(['File size', 'Files', 'Share', 'Bytes', 'Share'], rows, ['l', 'r', 'r', 'r', 'r'])}`;
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
  return `### Runner\n\n${table(['', ''], rows)}`;
}

function evidenceSection(verdict: Verdict): string {
  const parts = verdict.phases.map((p) => {
    const items = p.evidence.map((e) => {
      const value = e.value === null ? 'n/a' : `${formatNumber(e.value)} ${e.unit}`;
      const thr = e.threshold === undefined ? '' : ` (threshold ${formatNumber(e.threshold)})`;
      return `- ${e.supports ? '✅' : '➖'} ${e.text}: \`${e.id}\` = ${value}${thr}`;
    });
    return `**${p.phase}: ${p.bottleneck}.** ${p.sentence}\n\n${items.join('\n')}`;
  });
  return details('Evidence per phase (✅ supports the verdict)', parts.join('\n\n') || 'No phase was judged.');
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
    `${restore}\n\n${table(
      header,
      body,
      header.map((_, i) => (i === 0 ? 'l' : 'r')),
    )}\n\nSamples: ${profile.samples.snapshots.length} snapshots every ${profile.samples.intervalMs * profile.samples.keptEvery} ms.`,
  );
}

export function renderSummary(profile: Profile, judgement: Judgement): string {
  const verdict = judgement.verdict;
  const rows = phaseRows(profile, judgement.phases);
  const spans = restoreSpansLine(verdict);
  const sections: string[] = [
    `**${escapeHtml(verdict.sentence)}**`,
    ...(spans ? [escapeHtml(spans)] : []),
    `<sub>disk-profiler ${escapeHtml(profile.tool.version)} · ${escapeHtml(profile.label)} · ${escapeHtml(profile.createdAt)}</sub>`,
  ];
  if (verdict.devices && verdict.devices.length > 0) sections.push(`Per device:\n${verdict.devices.map((d) => `- ${escapeHtml(d.sentence)}`).join('\n')}`);
  const alwaysOn = alwaysOnLines(profile);
  if (alwaysOn) sections.push(alwaysOn);
  const faults = faultLines(profile);
  if (faults.length > 0) {
    const items = faults.map((f) => `> - ${escapeHtml(f.replace(/\s*\n\s*/g, ' | '))}`).join('\n');
    sections.push(
      `> [!WARNING]\n> **Problems met** (caching is optional, as in actions/cache: they fail the step only where a fail-on-* input asks)\n${items}`,
    );
  }
  sections.push(...[fixesSection(profile, verdict)].filter(Boolean));
  if (rows.length > 0) sections.push(phasesSection(profile, rows, verdict));
  const history = historySection(profile);
  if (history) sections.push(history);
  const download = downloadSection(profile, verdict);
  if (download) sections.push(download);
  const whose = attributionSection(profile, verdict);
  if (whose) sections.push(whose);
  if (verdict.whatIf.length > 0)
    sections.push(
      `### What if\n\n${verdict.whatIf.map((w) => `- ${w.sentence}`).join('\n')}\n\n<sub>Bounds on the time until the files are on disk: a resource twice as fast shortens only the phases judged bound by it, never below the work its ceilings and the other resources set, so the time is at least the figure given and the saving at most the difference.</sub>`,
    );
  const charts = [timelineCharts(profile, judgement.restoreDeviceIndex), phaseChart(profile)].filter(Boolean);
  if (charts.length > 0) sections.push(`### Timeline\n\n${charts.join('\n\n')}`);
  sections.push(probesSection(profile));
  if (rows.length > 0) sections.push(iostatSection(profile, rows));
  const anatomy = anatomySection(profile);
  if (anatomy) sections.push(anatomy);
  if (profile.save) sections.push(renderSaveSection(profile.save));
  sections.push(contextSection(profile));
  sections.push(evidenceSection(verdict));
  if (rows.length > 0) sections.push(rawSection(profile, rows));
  return `${sections.join('\n\n')}\n`;
}
