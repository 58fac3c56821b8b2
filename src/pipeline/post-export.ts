/**
 * The post step's OpenTelemetry export: after the save and the artifact, so the profile sent is the one
 * kept and nothing the export does can change either. Off without an endpoint; never fails the step.
 */
import * as core from '@actions/core';
import type { Profile } from '../profile/schema.js';
import { exportFact, exportWarning } from '../export/export-report.js';
import { ciAttributesFromEnv } from '../export/resource-attributes.js';
import { envWithInputs, exportSettings, scrub, type ExportSettings } from '../export/settings.js';
import { errorMessage } from '../util/errors.js';

/** The export's settings from the inputs and the environment, every header value masked first; null when off. */
export function postExportSettings(): ExportSettings | null {
  const env = envWithInputs(process.env, {
    endpoint: core.getInput('otel-endpoint'),
    headers: core.getInput('otel-headers'),
    timeoutSeconds: core.getInput('otel-timeout-seconds'),
    perRunMetricAttributes: core.getInput('otel-per-run-metric-attributes'),
  });
  // Masked before anything can fail or log: the raw header lists too, in case they do not parse.
  for (const raw of [env.OTEL_EXPORTER_OTLP_HEADERS, env.OTEL_EXPORTER_OTLP_TRACES_HEADERS, env.OTEL_EXPORTER_OTLP_METRICS_HEADERS]) {
    if (raw?.trim()) core.setSecret(raw.trim());
  }
  const settings = exportSettings(env);
  for (const secret of settings?.secrets ?? []) core.setSecret(secret);
  return settings;
}

/** Exports the profile; returns the run-facts line for the summary, or null when the export is off. */
export async function exportAfterPost(profile: Profile): Promise<string | null> {
  let settings: ExportSettings | null;
  try {
    settings = postExportSettings();
  } catch (error) {
    core.warning(`OpenTelemetry export skipped: ${errorMessage(error)}`);
    return null;
  }
  if (!settings) return null;
  // Loaded only with an endpoint: the OpenTelemetry SDK is no part of the load time of a post step that exports nothing.
  const { exportProfile } = await import('../export/export-profile.js');
  const outcome = await exportProfile(profile, { settings, ci: ciAttributesFromEnv(process.env), env: process.env });
  const warning = exportWarning(outcome);
  const fact = exportFact(outcome);
  if (warning) core.warning(warning);
  else core.info(scrub(fact, settings.secrets));
  return fact;
}
