/**
 * The post step's OpenTelemetry export: after the save and the artifact, so the profile sent is the one
 * kept and nothing the export does can change either. Off without an endpoint; never fails the step.
 */
import * as core from '@actions/core';
import type { Profile } from '../profile/schema.js';
import { exportFact, exportWarning } from '../export/export-report.js';
import { ciAttributesFromEnv } from '../export/resource-attributes.js';
import { checkHeadersInput, envWithInputs, exportSettings, scrub, type ExportInputs, type ExportSettings } from '../export/settings.js';
import { traceParent, type TraceParent } from '../export/trace-parent.js';
import { errorMessage, InputError } from '../util/errors.js';

/** Each of ExportInputs with the action input it is read from. */
const EXPORT_INPUTS: Record<keyof ExportInputs, string> = {
  endpoint: 'otel-endpoint',
  headers: 'otel-headers',
  timeoutSeconds: 'otel-timeout-seconds',
  perRunMetricAttributes: 'otel-per-run-metric-attributes',
  checkRunId: 'otel-check-run-id',
  stepName: 'otel-step-name',
};

function readExportInputs(): ExportInputs {
  return Object.fromEntries(Object.entries(EXPORT_INPUTS).map(([field, name]) => [field, core.getInput(name)])) as unknown as ExportInputs;
}

/** The environment with the export's inputs laid over it. */
function exportEnv(inputs: ExportInputs): NodeJS.ProcessEnv {
  return envWithInputs(process.env, inputs);
}

/** The export's settings from the inputs and the environment, every header value masked first; null when off. */
export function postExportSettings(inputs: ExportInputs = readExportInputs()): ExportSettings | null {
  checkHeadersInput(inputs.headers);
  const env = exportEnv(inputs);
  // Masked before anything can fail or log: the raw header lists too, in case they do not parse.
  for (const raw of [env.OTEL_EXPORTER_OTLP_HEADERS, env.OTEL_EXPORTER_OTLP_TRACES_HEADERS, env.OTEL_EXPORTER_OTLP_METRICS_HEADERS]) {
    if (raw?.trim()) core.setSecret(raw.trim());
  }
  const settings = exportSettings(env);
  for (const secret of settings?.secrets ?? []) core.setSecret(secret);
  return settings;
}

/**
 * Exports the profile; returns the run-facts line for the summary, or null when the export is off. `say`
 * logs the line (core.info; the post step's export beside the history's save holds it until the history's
 * log group has closed).
 */
export async function exportAfterPost(profile: Profile, say: (line: string) => void = (line) => core.info(line)): Promise<string | null> {
  let settings: ExportSettings | null;
  let parent: TraceParent;
  try {
    const inputs = readExportInputs();
    settings = postExportSettings(inputs);
    parent = traceParent(exportEnv(inputs));
  } catch (error) {
    core.warning(`OpenTelemetry export skipped: ${errorMessage(error)}`);
    return null;
  }
  if (!settings) return null;
  // Loaded only with an endpoint: the export's encoding and sending are no part of the load time of a post step that exports nothing.
  const { exportProfile } = await import('../export/export-profile.js');
  const outcome = await exportProfile(profile, { settings, ci: ciAttributesFromEnv(process.env), env: process.env, parent });
  const warning = exportWarning(outcome);
  const fact = exportFact(outcome);
  if (warning) core.warning(warning);
  else say(scrub(fact, settings.secrets));
  return fact;
}

/**
 * The main step checks the otel-* inputs with the post step's own parser (postExportSettings), so a bad
 * value fails the step where every other input is checked, not an hour later in the post step. A bad
 * OTEL_* variable of the environment alone (no input of this step) is a warning: the post step skips the export.
 */
export function checkExportInputs(warn: (line: string) => void): void {
  const inputs = readExportInputs();
  try {
    postExportSettings(inputs);
    traceParent(exportEnv(inputs));
  } catch (error) {
    const fromInput = (Object.keys(EXPORT_INPUTS) as (keyof ExportInputs)[]).some(
      (field) => (inputs[field] ?? '').trim() !== '' && error instanceof InputError && error.input.startsWith(EXPORT_INPUTS[field]),
    );
    if (fromInput) throw error;
    warn(`OpenTelemetry export will be skipped in the post step: ${errorMessage(error)}`);
  }
}
