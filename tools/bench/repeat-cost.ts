/**
 * The repeat-run cost (issue 24): what the action costs on every run once it has remembered the
 * ceilings: the profiled main step (runProfile with the defaults: probes auto, experiments auto,
 * history read and saved) against a plain @actions/cache restoreCache of the same entry, in
 * alternating pairs, each run after an untimed `sync`. One primer run first probes (default budget)
 * and remembers the ceilings. Meant for a quiet machine: on a loaded one the restore itself slows down,
 * the verdict may name the CPU and `experiments: auto` rightly runs them (the row then says so).
 * With a local OpenTelemetry Collector (scripts/otel-collector.sh; needs Go or the cached binary) the repeat
 * side also exports its profile as the post step would (exportProfile, default bound), timed apart and added.
 * Not in either side: the post step's save (actions/cache saves too) and the artifact upload
 * (upload-artifact, which a workflow that only wants the drop-in can turn off).
 * As root both sides restore onto a fresh ext4 loop device, as the lab's baseline does: on this VM's
 * own ext4, after other work deleted many files, the same restore took 10 s instead of 2 s (the inode
 * allocator's scan), which made it long enough for `experiments: auto` to run them.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseConfig, type ProfileConfig } from '../../src/config/config.js';
import { CleanupStack } from '../../src/system/cleanup.js';
import { plainRestoreUntilOnDisk } from '../lab/intervention.js';
import type { Lab } from '../lab/lab.js';
import { createLoopDisk } from '../lab/loop-disk.js';
import { LAB_SETTINGS } from '../lab/scenario-specs.js';
import { isRoot } from '../../src/system/privilege.js';
import { withoutWorkflowCommands } from '../lab/quiet.js';
import { runProfile } from '../../src/pipeline/run-profile.js';
import { exportProfile } from '../../src/export/export-profile.js';
import { ciAttributesFromEnv } from '../../src/export/resource-attributes.js';
import { exportSettings } from '../../src/export/settings.js';
import { collectorCanBeHad, startCollector, type RunningCollector } from './otel-collector.js';
import { cacheClientEnv, withEnv } from '../services/index.js';
import type { BenchRow } from './table.js';
import { fixed, median } from './stats.js';

export interface RepeatPair {
  /** The profiled run, plus the export when a collector ran. */
  repeatMs: number;
  /** The OpenTelemetry export's own time (to the local collector); null without one. */
  exportMs: number | null;
  plainMs: number;
  /** syncfs of the restore's file system right after the plain restore: what "until on disk" adds to it. */
  plainSyncMs: number;
  /** Whether the repeat run did use the remembered ceilings, ran no experiment and saved its history. */
  remembered: boolean;
  experimentsSkipped: boolean;
  historySaved: boolean;
}

export interface RepeatCostResult {
  pairs: RepeatPair[];
  primerProbed: boolean;
  /** Why the export was not measured (no collector here); absent when it was. */
  exportSkipped?: string;
}

function configFor(lab: Lab, workspace: string, runnerTemp: string, label: string): ProfileConfig {
  const inputs: Record<string, string> = { path: lab.cache.paths.join('\n'), key: lab.cache.key, label, 'upload-artifact': 'false' };
  const config = parseConfig((name) => inputs[name] ?? '', { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: runnerTemp });
  if (config.mode !== 'profile') throw new Error('repeat-cost: expected a profile config');
  return config;
}

export async function benchRepeatCost(lab: Lab, pairs: number, say: (line: string) => void): Promise<RepeatCostResult> {
  const disk = new CleanupStack(say);
  let where = lab.root;
  try {
    if (isRoot)
      where = createLoopDisk(disk, {
        dir: mkdirAndReturn(path.join(lab.root, `repeat-cost-disk-${Date.now()}`)),
        sizeBytes: LAB_SETTINGS.loopImageBytes,
      }).mountPoint;
  } catch (error) {
    await disk.runAll();
    throw error;
  }
  let collector: RunningCollector | null = null;
  let exportSkipped: string | undefined;
  try {
    if (collectorCanBeHad()) collector = await startCollector();
    else exportSkipped = 'no OpenTelemetry Collector here (scripts/otel-collector.sh needs Go)';
  } catch (error) {
    exportSkipped = `the local collector did not start: ${error instanceof Error ? error.message : String(error)}`;
  }
  const settings = collector ? exportSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint }) : null;
  const base = path.join(where, `repeat-cost-${Date.now()}`);
  const label = `repeat-cost-${Date.now().toString(36)}`;
  let runNumber = 0;
  const run = async (which: 'repeat' | 'plain' | 'primer') => {
    const dir = path.join(base, `${++runNumber}-${which}`);
    const workspace = path.join(dir, 'workspace');
    const temp = path.join(dir, 'temp');
    mkdirSync(workspace, { recursive: true });
    mkdirSync(temp, { recursive: true });
    const env = { ...cacheClientEnv(lab.services, { workspace, tempDir: temp }), GITHUB_RUN_ID: String(1000 + runNumber), GITHUB_RUN_ATTEMPT: '1' };
    // Untimed: what the previous run (and its removal) left dirty is written first, so neither side
    // pays for the other (the profiled run's own pre-flush would otherwise do it inside its time).
    execFileSync('sync');
    try {
      if (which === 'plain') {
        // The lab's plain restore: restoreCache, then syncfs of the file systems it wrote, timed apart.
        const t = await plainRestoreUntilOnDisk(lab.cache, { workspace, runnerTemp: temp }, env);
        return { ms: t.restoreMs, syncMs: t.onDiskMs - t.restoreMs, profile: null, exportMs: null };
      }
      return await withoutWorkflowCommands(() =>
        withEnv(env, async () => {
          const config = configFor(lab, workspace, temp, label);
          const started = performance.now();
          const profile = await runProfile(config, { log: () => {}, warn: (l) => say(`  warning: ${l}`) });
          if (!profile.restore?.cacheHit) throw new Error(`profiled restore missed: ${profile.restore?.error?.message ?? 'no hit'}`);
          let exportMs: number | null = null;
          if (settings) {
            const exported = await exportProfile(profile, { settings, ci: ciAttributesFromEnv(env), env: {} });
            if (exported.failures.length > 0) say(`  export failed: ${exported.failures.join('; ')}`);
            exportMs = exported.durationMs;
          }
          const ms = performance.now() - started;
          return { ms, syncMs: 0, profile, exportMs };
        }),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    say('repeat-cost: a primer run probes and remembers the ceilings');
    const primer = await run('primer');
    const out: RepeatCostResult = { pairs: [], primerProbed: primer.profile?.probes?.status === 'ran', ...(exportSkipped ? { exportSkipped } : {}) };
    for (let i = 0; i < pairs; i++) {
      // Alternate which goes first, so a trend in the machine's load does not favour one side.
      const order: ('repeat' | 'plain')[] = i % 2 === 0 ? ['repeat', 'plain'] : ['plain', 'repeat'];
      const pair: Partial<RepeatPair> = {};
      for (const which of order) {
        const r = await run(which);
        if (which === 'plain') {
          pair.plainMs = r.ms;
          pair.plainSyncMs = r.syncMs;
        } else {
          pair.repeatMs = r.ms;
          pair.exportMs = r.exportMs;
          pair.remembered = r.profile?.ceilingsSource?.kind === 'remembered';
          pair.experimentsSkipped = r.profile?.auto?.experiments?.run === false;
          pair.historySaved = r.profile?.history?.saved?.ok === true;
          if (!pair.remembered || !pair.experimentsSkipped) say(`  ${r.profile?.auto?.probes?.reason ?? ''} ${r.profile?.auto?.experiments?.reason ?? ''}`);
        }
      }
      say(
        `  pair ${i + 1}: repeat ${fixed((pair.repeatMs ?? 0) / 1000, 2)} s${pair.exportMs != null ? ` (export ${fixed(pair.exportMs, 0)} ms)` : ''}, plain ${fixed((pair.plainMs ?? 0) / 1000, 2)} s (+ syncfs ${fixed((pair.plainSyncMs ?? 0) / 1000, 2)} s)`,
      );
      out.pairs.push(pair as RepeatPair);
    }
    return out;
  } finally {
    rmSync(base, { recursive: true, force: true });
    await collector?.stop();
    await disk.runAll();
  }
}

function mkdirAndReturn(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The repeat run's extra seconds over plain restoreCache, per pair. */
function extraSeconds(r: RepeatCostResult): number[] {
  return r.pairs.map((p) => (p.repeatMs - p.plainMs) / 1000);
}

export function repeatCostRows(r: RepeatCostResult): BenchRow[] {
  const extra = extraSeconds(r);
  const med = median(extra);
  const valid = r.primerProbed && r.pairs.every((p) => p.remembered && p.experimentsSkipped && p.historySaved);
  const spread = extra.length > 0 ? `${fixed(Math.min(...extra), 2)}…${fixed(Math.max(...extra), 2)} s` : '–';
  const ms = (pick: (p: RepeatPair) => number) => fixed(median(r.pairs.map(pick)) === null ? null : (median(r.pairs.map(pick)) as number) / 1000, 2, ' s');
  const exportMs = r.pairs.map((p) => p.exportMs).filter((x): x is number => x !== null);
  const withExport = exportMs.length === r.pairs.length && exportMs.length > 0;
  return [
    {
      section: 'Always on',
      measure: `repeat run (remembered ceilings, experiments auto, history read + saved${withExport ? ', OpenTelemetry export to a local collector' : ''}) − plain restoreCache (${r.pairs.length} alternating pairs${valid ? '' : '; NOT all runs used remembered ceilings, skipped experiments and saved history'})`,
      result: `${med !== null && med >= 0 ? '+' : ''}${fixed(med, 2, ' s')} (spread ${spread}; repeat ${ms((p) => p.repeatMs)}, plain ${ms((p) => p.plainMs)}, plain + syncfs ${ms((p) => p.plainMs + p.plainSyncMs)})`,
      target: '≤ +1 s',
      met: valid && med !== null && med <= 1,
    },
    {
      section: 'Always on',
      measure: `OpenTelemetry export of the repeat run's profile to a local collector (traces + metrics, ${r.pairs.length} runs)`,
      result: withExport
        ? `${fixed(median(exportMs), 0, ' ms')} median (spread ${fixed(Math.min(...exportMs), 0)}…${fixed(Math.max(...exportMs), 0)} ms)`
        : `not measured: ${r.exportSkipped ?? 'no export'}`,
      target: 'inside the repeat run above',
      met: withExport,
    },
  ];
}
