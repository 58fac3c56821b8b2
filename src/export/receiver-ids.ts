/**
 * The ids the OpenTelemetry Collector's GitHub receiver (contrib receiver/githubreceiver, its
 * trace_event_handling.go at v0.158.0, with the UseCheckRunID gate it turns on by default since v0.151.0)
 * gives the trace it builds from a run's `workflow_job` webhooks, computed from what a step can know:
 * - trace: sha256("{run_id}{run_attempt}t"), its first 16 bytes;
 * - job span: sha256("{check_run_id}-j"), bytes 8 to 16 (the steps' parent; nothing here needs it);
 * - step span: sha256("{check_run_id}-{step name}-s"), bytes 8 to 16, the step's name as the run shows it
 *   (its `name:`; a post step's is "Post " and the step's name).
 * The receiver formats the numbers with Go's %d: decimal, no sign, no leading zeros. Pure.
 */
import { createHash } from 'node:crypto';

const hexSha256 = (input: string): string => createHash('sha256').update(input, 'utf8').digest('hex');

/** 32 hex digits: the trace of run `runId`, attempt `runAttempt`. */
export function receiverTraceId(runId: string, runAttempt: string): string {
  return hexSha256(`${runId}${runAttempt}t`).slice(0, 32);
}

/** 16 hex digits: a step's span, from the job's check run id and the step's name. */
export function receiverStepSpanId(checkRunId: string, stepName: string): string {
  return hexSha256(`${checkRunId}-${stepName}-s`).slice(16, 32);
}

/** The name GitHub gives the post step of a step that runs an action with a post entry. */
export function postStepName(stepName: string): string {
  return `Post ${stepName}`;
}
