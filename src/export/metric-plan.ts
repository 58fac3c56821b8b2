/**
 * A profile as metric points, in plain data: phase durations, the step time and the time until on disk as
 * histograms (seconds), the verdict as a count by its resource, the ceilings as gauges. Each point carries
 * the label and the hardware fingerprint, what a fleet groups by. Pure; send-metrics.ts records them.
 */
import type { Profile } from '../profile/schema.js';
import { ATTR, METRIC } from './names.js';
import { restoreClock, saveClock } from './wall-clock.js';
import type { Attributes } from './trace-plan.js';

export const INSTRUMENTS = ['histogram', 'counter', 'gauge'] as const;
export type Instrument = (typeof INSTRUMENTS)[number];

export type MetricName = (typeof METRIC)[keyof typeof METRIC];

export interface MetricSpec {
  instrument: Instrument;
  unit: string;
  description: string;
}

/** Bucket bounds of the duration histograms, seconds: a 50 ms lookup to a 20-minute restore. */
export const DURATION_BUCKETS_S = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1000];

export const METRIC_SPECS: Record<MetricName, MetricSpec> = {
  [METRIC.phaseDuration]: { instrument: 'histogram', unit: 's', description: 'Duration of one restore phase (lookup, download, extract, writeback).' },
  [METRIC.stepDuration]: { instrument: 'histogram', unit: 's', description: "The restore step's time: lookup + download + extraction, until tar exits." },
  [METRIC.untilOnDiskDuration]: {
    instrument: 'histogram',
    unit: 's',
    description: "The step time plus the writeback tail: until the restore's files were on disk.",
  },
  [METRIC.savePhaseDuration]: { instrument: 'histogram', unit: 's', description: 'Duration of one save phase (list, archive, reserve, upload, commit).' },
  [METRIC.verdicts]: { instrument: 'counter', unit: '{restore}', description: 'Profiled restores, by the resource the verdict names.' },
  [METRIC.ceilingBandwidth]: { instrument: 'gauge', unit: 'By/s', description: 'A fio probe ceiling: bandwidth.' },
  [METRIC.ceilingIops]: { instrument: 'gauge', unit: '{operation}/s', description: 'A fio probe ceiling: operations per second.' },
};

export interface MetricPoint {
  name: MetricName;
  value: number;
  attributes: Attributes;
}

export interface MetricPlan {
  points: MetricPoint[];
  /** The interval the points describe, as wall time: from the restore's start to the end of the last thing measured. */
  startEpochMs: number;
  endEpochMs: number;
}

export function metricPlan(profile: Profile): MetricPlan {
  const clock = restoreClock(profile);
  const base: Attributes = { [ATTR.label]: profile.label, ...(profile.fingerprint ? { [ATTR.fingerprintId]: profile.fingerprint.id } : {}) };
  const points: MetricPoint[] = [];
  for (const phase of profile.phases) {
    points.push({ name: METRIC.phaseDuration, value: seconds(phase.endMs - phase.startMs), attributes: { ...base, [ATTR.phase]: phase.name } });
  }
  const v = profile.verdict;
  if (v?.stepMs !== undefined) points.push({ name: METRIC.stepDuration, value: seconds(v.stepMs), attributes: base });
  if (v?.untilOnDiskMs !== undefined) points.push({ name: METRIC.untilOnDiskDuration, value: seconds(v.untilOnDiskMs), attributes: base });
  if (v) points.push({ name: METRIC.verdicts, value: 1, attributes: { ...base, [ATTR.verdictBottleneck]: v.bottleneck } });
  const source: Attributes = profile.ceilingsSource ? { [ATTR.ceilingsSource]: profile.ceilingsSource.kind } : {};
  for (const p of profile.probes?.status === 'ran' ? profile.probes.probes : []) {
    if (p.error) continue;
    const attributes: Attributes = { ...base, ...source, [ATTR.probe]: p.name };
    points.push({ name: METRIC.ceilingBandwidth, value: p.bytesPerSecond, attributes });
    points.push({ name: METRIC.ceilingIops, value: p.iops, attributes });
  }
  const save = profile.save;
  for (const phase of save?.status === 'skipped' ? [] : (save?.phases ?? [])) {
    points.push({ name: METRIC.savePhaseDuration, value: seconds(phase.endMs - phase.startMs), attributes: { ...base, [ATTR.phase]: phase.name } });
  }

  const first = profile.phases[0];
  const startEpochMs = first ? clock(first.startMs) : clock(0);
  const lastRestore = profile.phases[profile.phases.length - 1];
  const saveAt = save ? saveClock(save) : null;
  const lastSave = save?.phases[save.phases.length - 1];
  const endEpochMs = Math.max(startEpochMs, lastRestore ? clock(lastRestore.endMs) : startEpochMs, saveAt && lastSave ? saveAt(lastSave.endMs) : startEpochMs);
  return { points, startEpochMs, endEpochMs };
}

function seconds(ms: number): number {
  return ms / 1000;
}
