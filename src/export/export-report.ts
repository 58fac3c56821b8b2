/** What the export tells the user: one warning when it failed, one run-facts line either way. Pure. */
import type { ExportOutcome } from './export-profile.js';

export function exportWarning(o: ExportOutcome): string | null {
  if (o.failures.length === 0) return null;
  return `OpenTelemetry export to ${o.shownEndpoint} failed after ${Math.round(o.durationMs)} ms (bound ${o.boundMs / 1000} s): ${o.failures.join('; ')}. The profile, summary and artifact are unaffected.`;
}

export function exportFact(o: ExportOutcome): string {
  const what = `${o.spans} spans, ${o.points} metric points`;
  return o.failures.length === 0
    ? `OpenTelemetry export: ${what} to ${o.shownEndpoint} in ${Math.round(o.durationMs)} ms (bound ${o.boundMs / 1000} s).`
    : `OpenTelemetry export: ${what} to ${o.shownEndpoint} not taken after ${Math.round(o.durationMs)} ms (bound ${o.boundMs / 1000} s); see the warning.`;
}
