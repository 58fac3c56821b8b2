/** What the export tells the user: one warning when it failed, one run-facts line either way. Pure. */
import type { ExportOutcome } from './export-profile.js';
import { PARENT_IDS, type ParentIdName, type TraceParent } from './trace-parent.js';

export function exportWarning(o: ExportOutcome): string | null {
  if (o.failures.length === 0) return null;
  return `OpenTelemetry export to ${o.shownEndpoint} failed after ${Math.round(o.durationMs)} ms (bound ${o.boundMs / 1000} s): ${o.failures.join('; ')}. The profile, summary and artifact are unaffected.`;
}

export function exportFact(o: ExportOutcome): string {
  const what = `${o.spans} spans, ${o.points} metric points`;
  const sent =
    o.failures.length === 0
      ? `OpenTelemetry export: ${what} to ${o.shownEndpoint} in ${Math.round(o.durationMs)} ms (bound ${o.boundMs / 1000} s).`
      : `OpenTelemetry export: ${what} to ${o.shownEndpoint} not taken after ${Math.round(o.durationMs)} ms (bound ${o.boundMs / 1000} s); see the warning.`;
  // Where the spans are is said only of spans the collector took.
  const where = o.failures.length === 0 ? traceParentSentence(o.parent) : null;
  return where ? `${sent} ${where}` : sent;
}

/** How a workflow gives each id the nesting needs. */
const HOW_GIVEN: Record<ParentIdName, string> = {
  runId: 'GITHUB_RUN_ID (the runner sets it)',
  runAttempt: 'GITHUB_RUN_ATTEMPT (the runner sets it)',
  checkRunId: 'otel-check-run-id: ${{ job.check_run_id }}',
  stepName: 'otel-step-name: the name the step has in the workflow',
};

/** Where the trace hangs, in one sentence; null when no trace was sent. */
export function traceParentSentence(p: TraceParent | null): string | null {
  if (!p) return null;
  if (p.kind === 'job-step') {
    return `Its spans are in the job's trace ${p.traceId}, under the step "${p.stepName}" and its post step, as the Collector's GitHub receiver builds that trace (run ${p.runId}, attempt ${p.runAttempt}, check run ${p.checkRunId}).`;
  }
  const missing = PARENT_IDS.filter((id) => p.missing.includes(id.id)).map((id) => HOW_GIVEN[id.id]);
  return `The trace is one of its own, not the job's: nesting it needs ${missing.join(', ')}.`;
}
