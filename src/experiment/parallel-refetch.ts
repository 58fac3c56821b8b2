/**
 * The network's measured fix: the archive fetched once more with twice the toolkit's parallel requests,
 * after the disk experiments and only within what is left of their budget, timed against the refetch
 * that already ran at the toolkit's own number. Only the Azure SDK path takes a number of parallel
 * requests (downloadConcurrency); the plain stream is one request whatever is asked. IO edge.
 */
import { EventEmitter } from 'node:events';
import { downloadCache } from '../restore/cache-internals.js';
import { downloadLimits } from '../restore/download-limits.js';
import { monotonicMs } from '../util/clock.js';

const PARALLEL_REFETCH_FACTOR = 2;
/** Below this the first refetch is too short for a second one to tell anything. */
const MIN_REFETCH_MS = 1000;

interface ParallelRefetch {
  concurrency: number;
  baselineConcurrency: number;
  durationMs: number;
  /** The refetch at the toolkit's own number, just before. */
  baselineDurationMs: number;
}

type ParallelRefetchOutcome = { ran: ParallelRefetch } | { skipped: string };

/**
 * The toolkit hands one AbortSignal of its own to every parallel range request of a segment, and each adds an abort
 * listener to it: at 16 requests Node printed `MaxListenersExceededWarning: ... 11 abort listeners added to
 * [AbortSignal]` into the step's log (the bench's, 2026-12-03). An EventTarget takes the default in force when it is
 * made, and the toolkit makes that signal inside downloadCache: the default is raised by the number of requests for that
 * call only, and put back.
 */
async function withRoomForListeners<T>(requests: number, call: () => Promise<T>): Promise<T> {
  const before = EventEmitter.defaultMaxListeners;
  EventEmitter.defaultMaxListeners = before + requests;
  try {
    return await call();
  } finally {
    EventEmitter.defaultMaxListeners = before;
  }
}

export async function refetchInParallel(o: {
  downloadUrl: string;
  archivePath: string;
  serviceVersion: 'v1' | 'v2';
  baselineDurationMs: number;
  remainingMs: number;
}): Promise<ParallelRefetchOutcome> {
  const limits = downloadLimits(o.downloadUrl, o.serviceVersion === 'v2');
  if (limits.path !== 'azure-sdk') return { skipped: `the ${limits.path} download takes no number of parallel requests` };
  if (o.baselineDurationMs < MIN_REFETCH_MS) return { skipped: `the archive downloads in under ${MIN_REFETCH_MS / 1000} s` };
  // A slower second fetch must still end inside the budget.
  if (o.remainingMs < 1.5 * o.baselineDurationMs) return { skipped: 'not enough of the experiments budget left' };
  const concurrency = limits.concurrency * PARALLEL_REFETCH_FACTOR;
  const started = monotonicMs();
  await withRoomForListeners(concurrency, () => downloadCache(o.downloadUrl, o.archivePath, { useAzureSdk: true, downloadConcurrency: concurrency }));
  return { ran: { concurrency, baselineConcurrency: limits.concurrency, durationMs: monotonicMs() - started, baselineDurationMs: o.baselineDurationMs } };
}
