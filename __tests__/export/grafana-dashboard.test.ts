// docs/grafana-dashboard.json is built on the exported names: every metric and label its queries use is in
// what the real collector's Prometheus exporter serves after the fixtures' profiles were exported to it
// (through the deltatocumulative processor, as docs/telemetry.md says to run it).
import { readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportProfile } from '../../src/export/export-profile.js';
import { exportSettings } from '../../src/export/settings.js';
import { readProfileFile } from '../../src/profile/read-profile.js';
import { repoRoot } from '../helpers/tree.js';
import { collectorAvailable, startCollector, type RunningCollector } from '../helpers/otel-collector.js';

const canRun = collectorAvailable();
let collector: RunningCollector;

interface Dashboard {
  panels: { title: string; targets?: { expr: string }[] }[];
  templating: { list: { query?: unknown }[] };
}

beforeAll(async () => {
  if (canRun) collector = await startCollector({ prometheus: true });
}, 900_000);

afterAll(async () => {
  await collector?.stop();
});

describe.runIf(canRun)('the Grafana dashboard', () => {
  it('uses only metric and label names the exported profiles produce in Prometheus; every panel has a query', async () => {
    const settings = exportSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint }) ?? expect.fail('on');
    const dir = path.join(repoRoot, 'fixtures/profiles');
    for (const file of readdirSync(dir).filter((f) => f.startsWith('lab-'))) {
      const o = await exportProfile(readProfileFile(path.join(dir, file)), { settings, ci: {}, env: {} });
      expect(o.failures, file).toEqual([]);
    }
    let exposition = '';
    for (let i = 0; i < 40 && !exposition.includes('disk_profiler_ceiling_iops'); i++) {
      exposition = await (await fetch(collector.prometheusUrl ?? '')).text();
      await new Promise((r) => setTimeout(r, 100));
    }
    const series = exposition.split('\n').filter((l) => l && !l.startsWith('#'));
    const labelsOf = (metric: string) =>
      new Set(series.filter((l) => l.startsWith(`${metric}{`)).flatMap((l) => [...l.matchAll(/([a-z_]+)="/g)].map((m) => m[1])));

    const dashboard = JSON.parse(readFileSync(path.join(repoRoot, 'docs/grafana-dashboard.json'), 'utf8')) as Dashboard;
    const queries = dashboard.panels.filter((p) => (p as { type?: string }).type !== 'row');
    expect(queries.length).toBeGreaterThan(0);
    for (const panel of queries) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const { expr } of panel.targets ?? []) {
        const metrics = [...expr.matchAll(/\b(disk_profiler_[a-z_]+)(?=\{|\[)/g)].map((m) => m[1] as string);
        expect(metrics.length, expr).toBeGreaterThan(0);
        for (const metric of metrics) {
          const labels = labelsOf(metric);
          expect(labels.size, `${panel.title}: ${metric} is not served`).toBeGreaterThan(0);
          const used = [...expr.matchAll(/\b(disk_profiler_[a-z_]+)\b(?=\s*(=~|=|,|\)))/g)].map((m) => m[1] as string).filter((n) => !metrics.includes(n));
          for (const label of used) expect(labels.has(label), `${panel.title}: ${metric} has no label ${label}`).toBe(true);
        }
      }
    }
    // The label variable's query names a served metric and label.
    const variable = JSON.stringify(dashboard.templating.list[0]?.query);
    expect(variable).toContain('label_values(disk_profiler_restore_verdicts_total, disk_profiler_label)');
    expect(labelsOf('disk_profiler_restore_verdicts_total').has('disk_profiler_label')).toBe(true);
  });
});
