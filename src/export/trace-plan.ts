/**
 * A profile as a trace, in plain data: one root span for the profiled step, the restore with a child per
 * phase at its measured boundaries (the download's stalls as events), the fio probes and the experiments,
 * and the post step's save with its phases. Pure; send-trace.ts turns it into SDK spans.
 */
import type { Profile, SaveResult } from '../profile/schema.js';
import { describeFingerprint } from '../sample/fingerprint.js';
import { ATTR, SPAN } from './names.js';
import { restoreClock, saveClock, type WallClock } from './wall-clock.js';
import { sayVerdict } from '../report/say/verdict.js';

export type AttributeValue = string | number | boolean | string[];
export type Attributes = Record<string, AttributeValue>;

export interface SpanEventPlan {
  name: string;
  epochMs: number;
  attributes: Attributes;
}

/** A span another process made: hex ids as OTLP carries them. */
export interface RemoteParent {
  traceId: string;
  spanId: string;
}

export interface SpanPlan {
  name: string;
  /** Index of the parent in the plan (parents come first); null for a span with no parent here. */
  parent: number | null;
  /** A parent outside the plan (the job's step span: trace-nesting.ts); the span is then in that span's trace. */
  remoteParent?: RemoteParent;
  startEpochMs: number;
  endEpochMs: number;
  attributes: Attributes;
  events: SpanEventPlan[];
  /** Set when what the span stands for failed. */
  error?: string;
}

export function tracePlan(profile: Profile): SpanPlan[] {
  const clock = restoreClock(profile);
  const spans: SpanPlan[] = [];
  const add = (span: Omit<SpanPlan, 'events'> & { events?: SpanEventPlan[] }): number => spans.push({ events: [], ...span }) - 1;
  // The root's times are known once its children are: filled in at the end.
  const root = add({ name: SPAN.step, parent: null, startEpochMs: clock(0), endEpochMs: clock(0), attributes: summaryAttributes(profile) });

  restoreSpans(profile, clock, root, add);
  const restoreEnd = Math.max(clock(0), ...spans.map((s) => s.endEpochMs));
  const probesEnd = probeSpans(profile, clock, root, restoreEnd, add);
  experimentSpans(profile, clock, root, probesEnd, add);
  if (profile.save) saveSpans(profile.save, root, add);

  const children = spans.slice(1);
  if (children.length > 0) {
    spans[root] = {
      ...(spans[root] as SpanPlan),
      startEpochMs: Math.min(...children.map((s) => s.startEpochMs)),
      endEpochMs: Math.max(...children.map((s) => s.endEpochMs)),
    };
  }
  return spans;
}

type Add = (span: Omit<SpanPlan, 'events'> & { events?: SpanEventPlan[] }) => number;

/** What a fleet query asks of a run: on the root, so one span answers it. */
export function summaryAttributes(profile: Profile): Attributes {
  const a: Attributes = { [ATTR.label]: profile.label, ...verdictAttributes(profile), ...ceilingAttributes(profile) };
  if (profile.fingerprint) {
    a[ATTR.fingerprintId] = profile.fingerprint.id;
    a[ATTR.fingerprintDescription] = describeFingerprint(profile.fingerprint);
  }
  if (profile.history) {
    a[ATTR.regression] = profile.history.regressions.length > 0;
    a[ATTR.regressionMetrics] = profile.history.regressions.map((r) => r.metric);
  }
  return a;
}

function verdictAttributes(profile: Profile): Attributes {
  const v = profile.verdict;
  if (!v) return {};
  const a: Attributes = { [ATTR.verdictBottleneck]: v.bottleneck, [ATTR.verdictSentence]: sayVerdict(v, profile) };
  if (v.about) a[ATTR.verdictAbout] = v.about;
  if (v.phase) a[ATTR.verdictPhase] = v.phase;
  if (v.stepMs !== undefined) a[ATTR.stepMs] = v.stepMs;
  if (v.untilOnDiskMs !== undefined) a[ATTR.untilOnDiskMs] = v.untilOnDiskMs;
  return a;
}

/** The ceilings the verdict was judged against (this run's probes or remembered ones) and where they came from. */
export function ceilingAttributes(profile: Profile): Attributes {
  const a: Attributes = {};
  if (profile.ceilingsSource) a[ATTR.ceilingsSource] = profile.ceilingsSource.kind;
  const ok = (name: string) => profile.probes?.probes.find((p) => p.name === name && !p.error);
  const seqRead = ok('seq-read');
  const seqWrite = ok('seq-write');
  const randRead = ok('rand-read');
  const randWrite = ok('rand-write');
  if (seqRead) a[ATTR.ceilingSeqReadBytesPerSecond] = seqRead.bytesPerSecond;
  if (seqWrite) a[ATTR.ceilingSeqWriteBytesPerSecond] = seqWrite.bytesPerSecond;
  if (randRead) a[ATTR.ceilingRandReadIops] = randRead.iops;
  if (randWrite) a[ATTR.ceilingRandWriteIops] = randWrite.iops;
  return a;
}

function restoreSpans(profile: Profile, clock: WallClock, root: number, add: Add): void {
  const first = profile.phases[0];
  const last = profile.phases[profile.phases.length - 1];
  if (!first || !last) return;
  const r = profile.restore;
  const restore = add({
    name: SPAN.restore,
    parent: root,
    startEpochMs: clock(first.startMs),
    endEpochMs: clock(last.endMs),
    attributes: {
      ...verdictAttributes(profile),
      ...(r ? { [ATTR.cacheHit]: r.cacheHit, [ATTR.exactMatch]: r.exactMatch } : {}),
      ...(r?.archiveBytes != null ? { [ATTR.archiveBytes]: r.archiveBytes } : {}),
    },
    ...(r?.error ? { error: `${r.error.phase}: ${r.error.message}` } : {}),
  });
  const stalls = profile.verdict?.download?.stalls ?? [];
  for (const phase of profile.phases) {
    const judged = profile.verdict?.phases.find((p) => p.phase === phase.name);
    add({
      name: SPAN.phase(phase.name),
      parent: restore,
      startEpochMs: clock(phase.startMs),
      endEpochMs: clock(phase.endMs),
      attributes: { [ATTR.phase]: phase.name, ...(judged ? { [ATTR.phaseBottleneck]: judged.bottleneck } : {}) },
      events: phase.name === 'download' ? stalls.map((s) => stallEvent(s, s.wholeDownloadMs, clock)) : [],
      ...(r?.error?.phase === phase.name ? { error: r.error.message } : {}),
    });
  }
}

/**
 * This run's probes (remembered ceilings ran in another run: no span). The suite's start is on the
 * profile's clock where recorded (probes.startMs), else taken as the restore's end; each probe's span
 * is its measured wall time, laid end to end in the order they ran. Returns where the suite ended.
 */
function probeSpans(profile: Profile, clock: WallClock, root: number, restoreEndEpochMs: number, add: Add): number {
  const suite = profile.probes;
  if (suite?.status !== 'ran' || profile.ceilingsSource?.kind === 'remembered') return restoreEndEpochMs;
  const start = suite.startMs !== undefined ? clock(suite.startMs) : restoreEndEpochMs;
  const probes = add({
    name: SPAN.probes,
    parent: root,
    startEpochMs: start,
    endEpochMs: start + suite.wallMs,
    attributes: { ...ceilingAttributes(profile), [ATTR.spanStart]: suite.startMs !== undefined ? 'measured' : 'ordered' },
  });
  let at = start;
  for (const p of suite.probes) {
    add({
      name: SPAN.probe(p.name),
      parent: probes,
      startEpochMs: at,
      endEpochMs: at + p.wallMs,
      attributes: { [ATTR.probe]: p.name, [ATTR.probeBytesPerSecond]: p.bytesPerSecond, [ATTR.probeIops]: p.iops, [ATTR.spanStart]: 'ordered' },
      ...(p.error ? { error: p.error } : {}),
    });
    at += p.wallMs;
  }
  return start + suite.wallMs;
}

/** The experiments: their start as recorded (experiments.startMs) or after the probes; the refetch, then each run, end to end. */
function experimentSpans(profile: Profile, clock: WallClock, root: number, probesEndEpochMs: number, add: Add): void {
  const e = profile.experiments;
  if (e?.status !== 'ran') return;
  const start = e.startMs !== undefined ? clock(e.startMs) : probesEndEpochMs;
  const parent = add({
    name: SPAN.experiments,
    parent: root,
    startEpochMs: start,
    endEpochMs: start + e.wallMs,
    attributes: { [ATTR.spanStart]: e.startMs !== undefined ? 'measured' : 'ordered' },
  });
  let at = start;
  if (e.refetch) {
    add({ name: SPAN.refetch, parent, startEpochMs: at, endEpochMs: at + e.refetch.durationMs, attributes: { [ATTR.spanStart]: 'ordered' } });
    at += e.refetch.durationMs;
  }
  for (const run of e.runs) {
    const durationMs = run.untilOnDiskMs;
    add({
      name: SPAN.experimentRun(run.alternative),
      parent,
      startEpochMs: at,
      endEpochMs: at + durationMs,
      attributes: {
        [ATTR.alternative]: run.alternative,
        ...(run.mountPoint ? { [ATTR.mountPoint]: run.mountPoint } : {}),
        [ATTR.stepMs]: run.stepMs,
        [ATTR.untilOnDiskMs]: run.untilOnDiskMs,
        [ATTR.spanStart]: 'ordered',
      },
      ...(run.error ? { error: run.error } : {}),
    });
    at += durationMs;
  }
}

/** The save, on its own clock (the post step's); without save.startedAt it cannot be placed and is left out. */
function saveSpans(save: SaveResult, root: number, add: Add): void {
  const clock = saveClock(save);
  const first = save.phases[0];
  const last = save.phases[save.phases.length - 1];
  if (!clock || !first || !last) return;
  const parent = add({
    name: SPAN.save,
    parent: root,
    startEpochMs: clock(first.startMs),
    endEpochMs: clock(last.endMs),
    attributes: {
      [ATTR.saveStatus]: save.status,
      ...(save.verdict ? { [ATTR.saveBottleneck]: save.verdict.bottleneck } : {}),
      ...(save.archiveBytes != null ? { [ATTR.archiveBytes]: save.archiveBytes } : {}),
      ...(save.verdict?.upload ? { [ATTR.uploadLimit]: save.verdict.upload.limit } : {}),
    },
    ...(save.error ? { error: `${save.error.phase}: ${save.error.message}` } : {}),
  });
  const stalls = save.verdict?.upload?.stalls ?? [];
  for (const phase of save.phases) {
    const judged = save.verdict?.phases.find((p) => p.phase === phase.name);
    add({
      name: SPAN.savePhase(phase.name),
      parent,
      startEpochMs: clock(phase.startMs),
      endEpochMs: clock(phase.endMs),
      attributes: { [ATTR.phase]: phase.name, ...(judged ? { [ATTR.phaseBottleneck]: judged.bottleneck } : {}) },
      events: phase.name === 'upload' ? stalls.map((s) => stallEvent(s, s.wholeUploadMs, clock)) : [],
      ...(save.error?.phase === phase.name ? { error: save.error.message } : {}),
    });
  }
}

/** A stall of either direction as an event on its phase's span; `wholeMs` is that direction's whole transfer. */
function stallEvent(
  s: { startMs: number; kind: string; requestId: number; durationMs: number; atBytes: number },
  wholeMs: number,
  clock: (profileMs: number) => number,
): SpanEventPlan {
  return {
    name: SPAN.stallEvent,
    epochMs: clock(s.startMs),
    attributes: {
      [ATTR.stallKind]: s.kind,
      [ATTR.stallRequestId]: s.requestId,
      [ATTR.stallDurationMs]: s.durationMs,
      [ATTR.stallAtBytes]: s.atBytes,
      [ATTR.stallWholeMs]: wholeMs,
    },
  };
}
