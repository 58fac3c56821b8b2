/** The experiments' plain data: targets, skips, runs and outcomes. Shared by planning, running and the report. */
import type { AlternativeName } from './alternatives.js';
import type { Spread } from '../util/spread.js';
import type { StageStatus } from '../profile/schema.js';
import type { PageCachePrediction } from './page-cache-prediction.js';

/** Why an alternative did not run here. */
export const SKIP_REASONS = ['no-room', 'no-permission', 'no-such-file-system', 'over-budget', 'no-baseline', 'no-archive'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** One place an alternative extracts into (other-disk has one per file system). */
export interface Target {
  alternative: AlternativeName;
  /** The mount point it extracts onto (the restore path's for baseline and page-cache); null for decompress. */
  mountPoint: string | null;
}

export interface Skip {
  alternative: AlternativeName;
  mountPoint: string | null;
  reason: SkipReason;
  /** The sentence the report shows, with the figures behind it. */
  detail: string;
}

/** One timed extraction (or decompression) under one alternative. */
export interface RunRecord {
  alternative: AlternativeName;
  mountPoint: string | null;
  /** From the start of tar until tar exited (the restore step's share). */
  stepMs: number;
  /** syncfs of the target file system after tar exited: what was still owed to the disk. */
  syncMs: number;
  /** stepMs + syncMs: until the files were on disk. */
  untilOnDiskMs: number;
  /**
   * CPU time of tar and its decompressor (user + system, reaped children's) from start to exit; for
   * decompress, of the decompression. Null without /proc; absent in profiles written before it.
   */
  cpuMs?: number | null;
  error?: string;
}

export interface AlternativeOutcome {
  alternative: AlternativeName;
  mountPoint: string | null;
  /**
   * The figure compared with the baseline: time until on disk, except page-cache, whose point is the
   * step time (tar's exit) with the writeback left for later steps.
   */
  timeMs: Spread;
  /** page-cache only: syncfs after tar exited, i.e. the writeback handed to later steps. */
  writebackLeftMs: Spread | null;
  /** CPU time of tar and its decompressor per run (RunRecord.cpuMs); null without it, absent in older profiles. */
  cpuMs?: Spread | null;
  /** Baseline median minus this median; null for the baseline itself. */
  savingMs: number | null;
  /** savingMs / baseline median. */
  savingShare: number | null;
  /** What a user would change in the workflow to get this. */
  apply: string;
  failedRuns: number;
}

export interface ExperimentsResult {
  status: StageStatus;
  reason?: string;
  budgetMs: number;
  /** Wall time of all experiments (refetch included). */
  wallMs: number;
  /** The second download of the same archive: a second network figure. */
  refetch: {
    durationMs: number;
    bytes: number;
    where: string;
    inRam: boolean;
    /** The same archive fetched again with more parallel requests (see parallel-refetch.ts); absent when not tried. */
    parallel?: { concurrency: number; baselineConcurrency: number; durationMs: number; baselineDurationMs: number } | { skipped: string };
  } | null;
  outcomes: AlternativeOutcome[];
  runs: RunRecord[];
  skipped: Skip[];
  /**
   * page-cache's step as the profile predicts it (see page-cache-prediction.ts): made from the profiled
   * extraction, not from the experiments; null when the profile cannot say, absent in older profiles.
   */
  pageCachePrediction?: PageCachePrediction | null;
  /** The alternative that saved the most ('none' when none saved FIX_MIN_SAVING_SHARE). */
  fixBest: { alternative: AlternativeName | 'none'; mountPoint: string | null; savingMs: number | null };
}
