/**
 * Whether the post step saves, as actions/cache decides it (saveImpl.ts and its action.yml), in one pure
 * function. actions/cache runs its post step only on `post-if: success()` and returns early on an exact
 * hit of the primary key; this action's post step runs on always() (it also cleans up after a cancel),
 * so "the job has not failed" is read from `job.status` as the runner evaluates it when the post step starts.
 */
import { isExactKeyMatch } from '../config/actions-cache-inputs.js';

export const JOB_STATUSES = ['success', 'failure', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface SaveDecisionInput {
  /** The `save` input. */
  save: boolean;
  /** `job.status` at the start of the post step, or what the post step got instead ('' outside a runner). */
  jobStatus: string;
  /** Whether main got as far as its report (main's own success, the fallback without a job status). */
  mainFinished: boolean;
  /** The key main tried (state), and the key restoreCache returned (state; '' on a miss). */
  primaryKey: string;
  matchedKey: string;
}

export type SaveDecision = { save: true } | { save: false; reason: string };

export function decideSave(d: SaveDecisionInput): SaveDecision {
  if (!d.save) return { save: false, reason: 'Not saving the cache: the save input is false.' };
  const status = d.jobStatus.trim().toLowerCase();
  if ((JOB_STATUSES as readonly string[]).includes(status)) {
    if (status !== 'success')
      return { save: false, reason: `Not saving the cache: the job's status is ${status} (actions/cache saves only when the job has not failed).` };
  } else if (!d.mainFinished) {
    return { save: false, reason: 'Not saving the cache: the job status is unknown here and the main step did not finish.' };
  }
  if (!d.primaryKey) return { save: false, reason: 'Not saving the cache: no key (the main step did not start the restore).' };
  if (isExactKeyMatch(d.primaryKey, d.matchedKey)) {
    return { save: false, reason: `Cache hit occurred on the primary key ${d.primaryKey}, not saving cache.` };
  }
  return { save: true };
}
