/** The experiments' plain data: targets, skips, runs and outcomes. Shared by planning, running and the report. */
import type { AlternativeName } from '../profile/schema.js';

export {
  SKIP_REASONS,
  type AlternativeOutcome,
  type ExperimentsResult,
  type RunRecord,
  type Skip,
  type SkipReason,
} from '../profile/schema.js';

/** One place an alternative extracts into (other-disk has one per file system). */
export interface Target {
  alternative: AlternativeName;
  /** The mount point it extracts onto (the restore path's for baseline and page-cache); null for decompress. */
  mountPoint: string | null;
}
