/**
 * What the download and the upload labs (download-lab.ts, upload-lab.ts) share: the plain runs' timings
 * in mirrored order, which relaxation saved most, a what-if's share of the measured time, and the rows,
 * one builder read with each lab's words.
 */
import type { DownloadLimitKind } from '../../src/profile/schema.js';
import { formatNumber, seconds } from '../../src/util/format.js';
import { NOISE, TIGHTNESS } from '../lab/ground-truth.js';
import { type DownloadChange, verdictAgrees } from '../lab/download-scenarios.js';
import { medianOrNaN as median } from './stats.js';
import type { BenchRow } from './table.js';

/** A stall is found within this much of its injected length. */
const STALL_TOLERANCE_MS = 500;

/**
 * One run's plain timings, mirrored (B R1 R2 R2 R1 B) so a trend in the shared machine's load cancels:
 * the baseline's median and each relaxation's (`time(null)` is the baseline).
 */
export async function mirroredTimings<C extends string>(
  changes: readonly C[],
  time: (change: C | null) => Promise<number>,
): Promise<{ baselineMs: number; relaxedMs: Partial<Record<C, number>> }> {
  const relaxed = new Map<C, number[]>(changes.map((c) => [c, []]));
  const baseline = [await time(null)];
  for (const c of [...changes, ...[...changes].reverse()]) relaxed.get(c)?.push(await time(c));
  baseline.push(await time(null));
  return {
    baselineMs: median(baseline),
    relaxedMs: Object.fromEntries(changes.map((c) => [c, median(relaxed.get(c) ?? [])])) as Partial<Record<C, number>>,
  };
}

/**
 * The change whose relaxation saved most in a run, or null when none saved 10% of the baseline: any run
 * with a baseline and its relaxed timings.
 */
export function bestChange<C extends string>(run: { baselineMs: number; relaxedMs: Partial<Record<C, number>> }): { change: C; savedMs: number } | null {
  let best: { change: C; savedMs: number } | null = null;
  for (const [change, ms] of Object.entries(run.relaxedMs) as [C, number][]) {
    const savedMs = run.baselineMs - ms;
    if (savedMs >= 0.1 * run.baselineMs && (!best || savedMs > best.savedMs)) best = { change, savedMs };
  }
  return best;
}

/**
 * A what-if's share of the measured time: the plain run's time less what the what-if says the change
 * saves of the transfer (its time less the bound), over the relaxed plain run's.
 */
export function boundShare(baselineMs: number, transferMs: number, lowerBoundMs: number, measuredMs: number): number {
  return (baselineMs - (transferMs - lowerBoundMs)) / measuredMs;
}

/** One run of a transfer lab as its rows read it: the verdict's limit, the plain timings, each what-if's share. */
interface RelaxationRun<C extends DownloadChange> {
  limit: DownloadLimitKind;
  baselineMs: number;
  relaxedMs: Partial<Record<C, number>>;
  share: (change: C) => number | null;
}

/**
 * A transfer lab scenario's verdict row and one what-if row per relaxation, by the lab's rule for every
 * what-if (ground-truth.ts): a lower bound within the measurement's NOISE, at least TIGHTNESS of it;
 * `noun` is what the shares are of (the restore, the save).
 */
function relaxationRows<C extends DownloadChange>(
  section: string,
  noun: string,
  name: string,
  intended: DownloadLimitKind,
  changes: readonly C[],
  runs: readonly RelaxationRun<C>[],
): BenchRow[] {
  const agreeing = runs.filter((r) => {
    const best = bestChange(r);
    return best ? verdictAgrees(r.limit, best.change) : r.limit === intended;
  }).length;
  const limits = [...new Set(runs.map((r) => r.limit))].join('/');
  const best = runs.map(bestChange).filter((b) => b !== null);
  const rows: BenchRow[] = [
    {
      section,
      measure: `${name}: verdict vs intervention`,
      result: `${limits} (${agreeing}/${runs.length} agree${best.length ? `; best relaxation ${best[0]?.change}, saved ${seconds(median(best.map((b) => b.savedMs)))}` : ''})`,
      target: 'the verdict names the relaxation that saved most, every run',
      met: agreeing === runs.length,
    },
  ];
  for (const change of changes) {
    const shares = runs.map((r) => r.share(change)).filter((s): s is number => s !== null);
    const bound = shares.filter((s) => s <= 1 + NOISE).length;
    const tight = shares.filter((s) => s <= 1 + NOISE && s >= TIGHTNESS).length;
    rows.push({
      section,
      measure: `${name}: what-if ${change}`,
      result: `lower bound ${bound}/${shares.length}, ≥80% tight ${tight}/${shares.length} (median ${formatNumber(median(shares) * 100)}% of the measured ${noun}; per run ${shares.map((x) => `${Math.round(x * 100)}%`).join(', ')})`,
      target: 'lower bound (≤ 105%) and tight (≥ 80%), every run',
      met: shares.length > 0 && tight === shares.length,
    });
  }
  return rows;
}

/** What a lab's rows read of one of its runs. */
export interface TransferLabRun<C extends DownloadChange> {
  verdict: { limit: DownloadLimitKind; stalls: readonly { requestId: number; durationMs: number }[] };
  baselineMs: number;
  relaxedMs: Partial<Record<C, number>>;
}

/** How a lab's rows differ: their section, what the shares are of, each what-if's share, and the stall its scenario injected. */
export interface TransferLabWords<C extends DownloadChange, S, R extends TransferLabRun<C>> {
  section: string;
  /** What the what-ifs' shares are of ('restore', 'save'). */
  noun: string;
  share: (run: R, change: C) => number | null;
  /** How long the injected stall was, and the request it was on where the lab knows which (else the worst stall found is taken). */
  injected: (scenario: S) => { durationMs: number; requestId: number | null } | null;
}

/** Each scenario's verdict and what-if rows (relaxationRows), then whether the injected stall was found within 0.5 s. */
export function transferLabRows<
  C extends DownloadChange,
  S extends { intended: DownloadLimitKind; relaxed: Partial<Record<C, unknown>> },
  R extends TransferLabRun<C>,
>(words: TransferLabWords<C, S, R>, results: readonly { name: string; scenario: S; runs: readonly R[] }[]): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const { name, scenario, runs } of results) {
    rows.push(
      ...relaxationRows(
        words.section,
        words.noun,
        name,
        scenario.intended,
        Object.keys(scenario.relaxed) as C[],
        runs.map((r) => ({ limit: r.verdict.limit, baselineMs: r.baselineMs, relaxedMs: r.relaxedMs, share: (c: C) => words.share(r, c) })),
      ),
    );
    const stall = words.injected(scenario);
    if (stall) {
      const id = stall.requestId;
      const found = runs.map((r) => (id === null ? r.verdict.stalls[0] : r.verdict.stalls.find((s) => s.requestId === id)));
      const within = found.filter((s) => s && Math.abs(s.durationMs - stall.durationMs) <= STALL_TOLERANCE_MS).length;
      rows.push({
        section: words.section,
        measure: `${name}: stall found`,
        result: `${within}/${runs.length} ${id === null ? '' : `on request #${id} `}within 0.5 s (median ${seconds(median(found.map((s) => s?.durationMs ?? Number.NaN)))} for ${seconds(stall.durationMs)})`,
        target: id === null ? 'within 0.5 s of how long it was injected' : 'within 0.5 s of where and how long it was injected',
        met: within === runs.length,
      });
    }
  }
  return rows;
}
