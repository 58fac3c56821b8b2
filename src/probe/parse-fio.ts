/**
 * fio --output-format=json → the numbers a ProbeResult needs. Pure.
 *
 * fio sometimes prints other text on stdout around the JSON ("fio: terminating on signal 2", "note: ...",
 * the normal report when several output formats are asked for), so the JSON object is located by its
 * "fio version" key and cut out by brace matching rather than parsed from the first byte.
 */
import { ProfilerError } from '../util/errors.js';

export class FioOutputError extends ProfilerError {
  constructor(
    message: string,
    readonly excerpt: string,
  ) {
    super(
      `${message} First bytes of fio's output: ${JSON.stringify(excerpt)}.`,
      'Run the same fio command by hand to see its complete output; fio 3.x with --output-format=json is required.',
    );
  }
}

export interface ParsedFioRun {
  fioVersion: string | null;
  bytesPerSecond: number;
  iops: number;
  /** Bytes moved in the measured period (after the ramp). */
  ioBytes: number;
  /** IOs completed in the measured period (fio's total_ios); null where fio did not print it. */
  totalIos: number | null;
  latencyNs: { mean: number; p50: number | null; p99: number | null };
  /** The group's run time: fio's per-direction `runtime`, milliseconds. */
  runtimeMs: number;
  steadyState: { criterion: string; attained: boolean } | null;
  /** Number of job entries aggregated (1 with group_reporting). */
  jobEntries: number;
  /** fio's per-job error code when non-zero (errno values). */
  errorCode: number | null;
}

export interface ParseOptions {
  direction: 'read' | 'write';
  /**
   * 'io': completion latency of the reads/writes (clat). 'sync': latency of the fsync/fdatasync calls,
   * which is what a write+fdatasync workload waits on; falls back to 'io' when fio reported no syncs.
   */
  latency?: 'io' | 'sync';
}

const EXCERPT_CHARS = 200;

/** Cuts the JSON object out of fio's stdout and parses it. */
export function extractFioJson(text: string): Record<string, unknown> {
  const excerpt = text.slice(0, EXCERPT_CHARS);
  const start = findJsonStart(text);
  if (start < 0) throw new FioOutputError('fio printed no JSON document.', excerpt);
  const end = findMatchingBrace(text, start);
  if (end < 0) throw new FioOutputError('fio output ends inside its JSON document (truncated?).', excerpt);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(start, end + 1));
  } catch (error) {
    throw new FioOutputError(`fio's JSON does not parse: ${(error as Error).message}.`, excerpt);
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.jobs)) {
    throw new FioOutputError('fio JSON has no "jobs" array.', excerpt);
  }
  return parsed;
}

function findJsonStart(text: string): number {
  const key = text.search(/"fio version"\s*:/);
  if (key >= 0) {
    const brace = text.lastIndexOf('{', key);
    if (brace >= 0) return brace;
  }
  // No version key (a trimmed or foreign document): the first object that starts a line.
  const match = /^\{/m.exec(text);
  return match ? match.index : -1;
}

/** Index of the brace closing the object opened at `start`, honouring strings and escapes; -1 if none. */
function findMatchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function num(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

interface LatencyStat {
  mean: number;
  n: number;
  p50: number | null;
  p99: number | null;
}

function latencyStat(value: unknown): LatencyStat | null {
  if (!isRecord(value)) return null;
  const mean = num(value.mean);
  if (mean === null) return null;
  const percentile = isRecord(value.percentile) ? value.percentile : null;
  return {
    mean,
    n: num(value.N) ?? 0,
    p50: percentile ? num(percentile['50.000000']) : null,
    p99: percentile ? num(percentile['99.000000']) : null,
  };
}

/** clat carries the percentiles by default; lat has them only with --lat_percentiles=1. */
function ioLatency(section: Record<string, unknown>): LatencyStat | null {
  const clat = latencyStat(section.clat_ns);
  const lat = latencyStat(section.lat_ns);
  if (clat && clat.p99 !== null) return clat;
  if (lat && lat.p99 !== null) return lat;
  return clat ?? lat;
}

interface JobFigures {
  bytesPerSecond: number;
  iops: number;
  ioBytes: number;
  totalIos: number | null;
  runtimeMs: number;
  latency: LatencyStat | null;
  steadyState: { criterion: string; attained: boolean } | null;
  errorCode: number;
}

function jobFigures(job: Record<string, unknown>, options: ParseOptions, excerpt: string): JobFigures {
  const section = job[options.direction];
  if (!isRecord(section)) {
    throw new FioOutputError(`fio JSON job has no "${options.direction}" section.`, excerpt);
  }
  // bw_bytes since fio 3.0; older outputs only have bw in KiB/s.
  const bwBytes = num(section.bw_bytes) ?? (num(section.bw) !== null ? (num(section.bw) as number) * 1024 : null);
  const iops = num(section.iops);
  if (bwBytes === null || iops === null) {
    throw new FioOutputError(`fio JSON "${options.direction}" section lacks bw_bytes/iops.`, excerpt);
  }
  // The section's runtime is the group's wall run time; job_runtime is summed over the group's jobs.
  const runtimeMs = num(section.runtime) ?? num(job.job_runtime) ?? 0;
  let latency = ioLatency(section);
  if (options.latency === 'sync' && isRecord(job.sync)) {
    const sync = latencyStat(job.sync.lat_ns);
    if (sync && sync.n > 0) latency = sync;
  }
  let steadyState: JobFigures['steadyState'] = null;
  if (isRecord(job.steadystate)) {
    const ss = job.steadystate;
    steadyState = {
      criterion: typeof ss.ss === 'string' ? ss.ss : String(ss.ss ?? ''),
      attained: ss.attained === true || num(ss.attained) === 1,
    };
  }
  return {
    bytesPerSecond: bwBytes,
    iops,
    ioBytes: num(section.io_bytes) ?? 0,
    totalIos: num(section.total_ios),
    runtimeMs,
    latency,
    steadyState,
    errorCode: num(job.error) ?? 0,
  };
}

/**
 * Parses fio's stdout for one probe. With group_reporting there is one job entry per group; without
 * it the entries are combined: throughput and IOPS add up, run time is the longest, the mean latency
 * is weighted by sample counts and percentiles take the worst job (they cannot be merged exactly).
 */
export function parseFioOutput(text: string, options: ParseOptions): ParsedFioRun {
  const excerpt = text.slice(0, EXCERPT_CHARS);
  const doc = extractFioJson(text);
  const jobs = (doc.jobs as unknown[]).filter(isRecord);
  if (jobs.length === 0) throw new FioOutputError('fio JSON "jobs" array is empty.', excerpt);
  const figures = jobs.map((job) => jobFigures(job, options, excerpt));

  let samples = 0;
  let weightedMean = 0;
  let p50: number | null = null;
  let p99: number | null = null;
  for (const f of figures) {
    if (!f.latency) continue;
    const weight = f.latency.n > 0 ? f.latency.n : 1;
    samples += weight;
    weightedMean += f.latency.mean * weight;
    if (f.latency.p50 !== null) p50 = Math.max(p50 ?? 0, f.latency.p50);
    if (f.latency.p99 !== null) p99 = Math.max(p99 ?? 0, f.latency.p99);
  }
  const firstError = figures.find((f) => f.errorCode !== 0)?.errorCode ?? null;
  const version = doc['fio version'];
  return {
    fioVersion: typeof version === 'string' ? version : null,
    bytesPerSecond: sum(figures.map((f) => f.bytesPerSecond)),
    iops: sum(figures.map((f) => f.iops)),
    ioBytes: sum(figures.map((f) => f.ioBytes)),
    totalIos: figures.every((f) => f.totalIos !== null) ? sum(figures.map((f) => f.totalIos ?? 0)) : null,
    // One entry (group_reporting): fio's own mean, untouched by the weighting arithmetic.
    latencyNs: { mean: figures.length === 1 ? (figures[0]?.latency?.mean ?? 0) : samples > 0 ? weightedMean / samples : 0, p50, p99 },
    runtimeMs: Math.max(...figures.map((f) => f.runtimeMs)),
    steadyState: figures.find((f) => f.steadyState !== null)?.steadyState ?? null,
    jobEntries: figures.length,
    errorCode: firstError,
  };
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
