/**
 * Who ran the profile, as OpenTelemetry resource attributes: the CI/CD and VCS semantic conventions'
 * names from the runner's GITHUB_* / RUNNER_* variables, the label and the hardware fingerprint under
 * the project prefix, and the user's OTEL_RESOURCE_ATTRIBUTES / OTEL_SERVICE_NAME over them. Pure.
 */
import type { Profile } from '../profile/schema.js';
import { TOOL_VERSION } from '../version.js';
import { ATTR, SEMCONV } from './names.js';
import { parseKeyValueList } from './key-value-list.js';

export type ResourceAttributes = Record<string, string>;

/**
 * The attributes whose value is new on every run: on spans they are what finds a run, on metrics each
 * would make every run a series of its own, so metrics carry them only when asked (perRunMetricAttributes).
 */
export const PER_RUN_ATTRIBUTES: readonly string[] = [SEMCONV.runId, SEMCONV.runUrl, ATTR.runAttempt, SEMCONV.workerName];

/** From the runner's environment; a saved profile exported later has none of it (only OTEL_RESOURCE_ATTRIBUTES). */
export function ciAttributesFromEnv(env: Readonly<Record<string, string | undefined>>): ResourceAttributes {
  const server = env.GITHUB_SERVER_URL || 'https://github.com';
  const repository = env.GITHUB_REPOSITORY;
  const runId = env.GITHUB_RUN_ID;
  const attempt = env.GITHUB_RUN_ATTEMPT;
  const out: ResourceAttributes = {};
  if (repository) {
    out[SEMCONV.repositoryName] = repository.split('/').pop() ?? repository;
    out[SEMCONV.repositoryUrl] = `${server}/${repository}`;
  }
  if (env.GITHUB_WORKFLOW) out[SEMCONV.pipelineName] = env.GITHUB_WORKFLOW;
  if (runId) out[SEMCONV.runId] = runId;
  if (attempt) out[ATTR.runAttempt] = attempt;
  if (repository && runId) out[SEMCONV.runUrl] = `${server}/${repository}/actions/runs/${runId}${attempt ? `/attempts/${attempt}` : ''}`;
  if (env.GITHUB_JOB) out[SEMCONV.taskName] = env.GITHUB_JOB;
  if (env.RUNNER_NAME) out[SEMCONV.workerName] = env.RUNNER_NAME;
  return out;
}

/** The trace resource: service, CI, label, fingerprint; the user's OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME win. */
export function traceResourceAttributes(
  profile: Pick<Profile, 'label' | 'fingerprint'>,
  ci: ResourceAttributes,
  env: Readonly<Record<string, string | undefined>>,
): ResourceAttributes {
  const own: ResourceAttributes = {
    [SEMCONV.serviceName]: 'disk-profiler',
    [SEMCONV.serviceVersion]: TOOL_VERSION,
    ...ci,
    [ATTR.label]: profile.label,
    ...(profile.fingerprint ? { [ATTR.fingerprintId]: profile.fingerprint.id } : {}),
  };
  const user = parseKeyValueList(env.OTEL_RESOURCE_ATTRIBUTES ?? '');
  return { ...own, ...user, ...(env.OTEL_SERVICE_NAME ? { [SEMCONV.serviceName]: env.OTEL_SERVICE_NAME } : {}) };
}

/** The metrics resource: the trace resource without the per-run attributes unless asked for. */
export function metricResourceAttributes(traceResource: ResourceAttributes, perRunMetricAttributes: boolean): ResourceAttributes {
  if (perRunMetricAttributes) return traceResource;
  return Object.fromEntries(Object.entries(traceResource).filter(([name]) => !PER_RUN_ATTRIBUTES.includes(name)));
}
