/**
 * One profile out over OTLP: its trace and its metrics, both signals at once, the whole given up after
 * the stated bound (settings.timeoutMs). Never throws: what went wrong comes back as failures, with every
 * header value scrubbed. The action's post step and `disk-profiler export` both call this.
 */
import type { Profile } from '../profile/schema.js';
import { errorMessage } from '../util/errors.js';
import { metricPlan } from './metric-plan.js';
import { metricResourceAttributes, traceResourceAttributes, type ResourceAttributes } from './resource-attributes.js';
import { metricsRequest, pointCount } from './otlp-metrics.js';
import { postOtlp, type SignalTarget } from './otlp-post.js';
import { traceRequest } from './otlp-trace.js';
import { scrub, type ExportSettings, type SignalTransport } from './settings.js';
import { nestedPlan } from './trace-nesting.js';
import { OWN_TRACE, type TraceParent } from './trace-parent.js';
import { tracePlan } from './trace-plan.js';

export interface ExportOutcome {
  shownEndpoint: string;
  /** From the start of the mapping to the last answer (or the bound), milliseconds. */
  durationMs: number;
  boundMs: number;
  /** Spans and metric points in the requests (sent or not). */
  spans: number;
  points: number;
  /** Why a signal was not taken, one line each, scrubbed; empty when the collector took everything. */
  failures: string[];
  /** Where the trace hung; null when no trace was sent or the caller decided nothing about it (a saved profile). */
  parent: TraceParent | null;
}

export interface ExportContext {
  settings: ExportSettings;
  /** The CI/CD resource attributes (ciAttributesFromEnv in the action; none for saved profiles). */
  ci: ResourceAttributes;
  /** For OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME. */
  env: Readonly<Record<string, string | undefined>>;
  /** Where the trace hangs (trace-parent.ts); not given (a saved profile exported later): a trace of its own, not said. */
  parent?: TraceParent;
  nowMs?: () => number;
}

export async function exportProfile(profile: Profile, c: ExportContext): Promise<ExportOutcome> {
  const now = c.nowMs ?? (() => performance.now());
  const started = now();
  const { settings } = c;
  const parent = c.parent ?? OWN_TRACE;
  const counted = { spans: 0, points: 0 };
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<string[]>((resolve) => {
    timer = setTimeout(() => resolve([`no answer within the ${settings.timeoutMs / 1000} s bound (otel-timeout-seconds)`]), settings.timeoutMs);
  });
  const work = (async (): Promise<string[]> => {
    const resource = traceResourceAttributes(profile, c.ci, c.env);
    const sends: Promise<string | null>[] = [];
    const target = (url: string, headers: Record<string, string>, transport: SignalTransport): SignalTarget => ({
      url,
      headers,
      ...transport,
      timeoutMs: settings.timeoutMs,
    });
    if (settings.tracesUrl) {
      const plan = nestedPlan(tracePlan(profile), parent);
      counted.spans = plan.length;
      const body = JSON.stringify(traceRequest(plan, resource));
      sends.push(postOtlp(body, target(settings.tracesUrl, settings.tracesHeaders, settings.tracesTransport), 'spans').then((e) => e && `traces: ${e}`));
    }
    if (settings.metricsUrl) {
      const request = metricsRequest(metricPlan(profile), metricResourceAttributes(resource, settings.perRunMetricAttributes));
      counted.points = pointCount(request);
      sends.push(
        postOtlp(JSON.stringify(request), target(settings.metricsUrl, settings.metricsHeaders, settings.metricsTransport), 'metric points').then(
          (e) => e && `metrics: ${e}`,
        ),
      );
    }
    return (await Promise.all(sends)).filter((e): e is string => e !== null);
  })().catch((error: unknown) => [errorMessage(error)]);
  try {
    const failures = await Promise.race([work, bound]);
    return {
      shownEndpoint: settings.shownEndpoint,
      durationMs: now() - started,
      boundMs: settings.timeoutMs,
      ...counted,
      parent: settings.tracesUrl ? (c.parent ?? null) : null,
      failures: failures.map((f) => scrub(f, settings.secrets)),
    };
  } finally {
    clearTimeout(timer);
  }
}
