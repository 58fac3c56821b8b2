/**
 * Where the export's trace hangs, decided once: under the step's span of the job's trace as the Collector's
 * GitHub receiver builds it, when every id that derivation needs is given; else a trace of its own, with
 * what was missing. The run id and attempt are the runner's GITHUB_RUN_ID and GITHUB_RUN_ATTEMPT; the job's
 * check run id and the step's name are the workflow's to pass (otel-check-run-id: ${{ job.check_run_id }},
 * otel-step-name: the step's `name:`). Pure.
 */
import { InputError } from '../util/errors.js';
import { postStepName, receiverStepSpanId, receiverTraceId } from './receiver-ids.js';

/** What the derivation needs, each with where it comes from. */
export const PARENT_IDS = [
  { id: 'runId', variable: 'GITHUB_RUN_ID', input: null },
  { id: 'runAttempt', variable: 'GITHUB_RUN_ATTEMPT', input: null },
  { id: 'checkRunId', variable: 'DISK_PROFILER_OTEL_CHECK_RUN_ID', input: 'otel-check-run-id' },
  { id: 'stepName', variable: 'DISK_PROFILER_OTEL_STEP_NAME', input: 'otel-step-name' },
] as const;
export type ParentIdName = (typeof PARENT_IDS)[number]['id'];

export type TraceParent =
  | {
      kind: 'job-step';
      runId: string;
      runAttempt: string;
      checkRunId: string;
      stepName: string;
      traceId: string;
      /** The step's span: the parent of what the main step did (restore, probes, experiments). */
      stepSpanId: string;
      /** The post step's span: the parent of the save. */
      postStepSpanId: string;
    }
  | { kind: 'own'; missing: ParentIdName[] };

/** A trace of its own, nothing given (a saved profile exported later). */
export const OWN_TRACE: TraceParent = { kind: 'own', missing: PARENT_IDS.map((p) => p.id) };

// Go's %d of a positive int64: what the receiver hashes.
const WHOLE_NUMBER = /^[1-9][0-9]{0,18}$/;

export function traceParent(env: Readonly<Record<string, string | undefined>>): TraceParent {
  const given = Object.fromEntries(PARENT_IDS.map((p) => [p.id, env[p.variable]?.trim() ?? ''])) as Record<ParentIdName, string>;
  for (const p of PARENT_IDS) {
    if (p.id === 'stepName' || !given[p.id] || WHOLE_NUMBER.test(given[p.id])) continue;
    // The runner's own variables are numbers; only what the workflow passes can be malformed.
    if (p.input === null) given[p.id] = '';
    else throw new InputError(`${p.input} (${p.variable})`, given[p.id], "the job's check run id, a whole number above 0: pass ${{ job.check_run_id }}");
  }
  const missing = PARENT_IDS.filter((p) => !given[p.id]).map((p) => p.id);
  if (missing.length > 0) return { kind: 'own', missing };
  const { runId, runAttempt, checkRunId, stepName } = given;
  return {
    kind: 'job-step',
    runId,
    runAttempt,
    checkRunId,
    stepName,
    traceId: receiverTraceId(runId, runAttempt),
    stepSpanId: receiverStepSpanId(checkRunId, stepName),
    postStepSpanId: receiverStepSpanId(checkRunId, postStepName(stepName)),
  };
}
