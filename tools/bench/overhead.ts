/**
 * The observer's overhead: the same cache entry restored by the profiler (observedRestore, the very
 * function runProfile measures with, sampler at 100 ms, without probes) and by plain @actions/cache
 * restoreCache, alternating, each into a fresh directory after `sync` + dropping the page cache.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { restoreCache } from '@actions/cache';
import type { Lab } from '../lab/lab.js';
import { withoutWorkflowCommands } from '../lab/quiet.js';
import { observedRestore } from '../../src/restore/observed-restore.js';
import { resolveDevices } from '../../src/sample/devices.js';
import { cacheClientEnv, withEnv } from '../services/index.js';
import type { BenchRow } from './table.js';
import { fixed, median } from './stats.js';

export interface OverheadResult {
  pairs: { profiledMs: number; plainMs: number }[];
  medianRatio: number | null;
  droppedCaches: boolean;
}

function dropCaches(): boolean {
  execFileSync('sync');
  try {
    writeFileSync('/proc/sys/vm/drop_caches', '3\n');
    return true;
  } catch {
    return false;
  }
}

async function profiledRestore(lab: Lab, workspace: string): Promise<number> {
  const restorePath = path.join(workspace, lab.cache.paths[0] as string);
  const where = resolveDevices({ restorePath, archiveTemp: path.join(workspace, '..', 'temp') });
  const started = performance.now();
  const { timed, sampler } = await observedRestore({
    paths: lab.cache.paths,
    primaryKey: lab.cache.key,
    restoreKeys: [],
    enableCrossOsArchive: false,
    sampleIntervalMs: 100,
    devices: where.devices,
    originMs: started,
    procRoot: '/proc',
    log: () => {},
  });
  const ms = performance.now() - started;
  sampler?.stop();
  if (!timed.restore.cacheHit) throw new Error(`profiled restore missed: ${timed.restore.error?.message ?? 'no hit'}`);
  if (timed.archivePath) rmSync(timed.archivePath, { force: true });
  return ms;
}

async function plainRestore(lab: Lab): Promise<number> {
  const started = performance.now();
  const key = await restoreCache([...lab.cache.paths], lab.cache.key);
  const ms = performance.now() - started;
  if (!key) throw new Error('plain restore missed');
  return ms;
}

export async function benchOverhead(lab: Lab, pairs: number): Promise<OverheadResult> {
  const out: OverheadResult = { pairs: [], medianRatio: null, droppedCaches: true };
  const base = path.join(lab.root, `overhead-${Date.now()}`);
  try {
    for (let i = 0; i < pairs; i++) {
      const pair = { profiledMs: 0, plainMs: 0 };
      // Alternate which goes first, so a trend in the machine's load does not favour one side.
      const order: ('profiled' | 'plain')[] = i % 2 === 0 ? ['profiled', 'plain'] : ['plain', 'profiled'];
      for (const which of order) {
        const dir = path.join(base, `${i}-${which}`);
        const workspace = path.join(dir, 'workspace');
        const temp = path.join(dir, 'temp');
        mkdirSync(workspace, { recursive: true });
        mkdirSync(temp, { recursive: true });
        out.droppedCaches = dropCaches() && out.droppedCaches;
        const env = cacheClientEnv(lab.services, { workspace, tempDir: temp });
        const ms = await withoutWorkflowCommands(() => withEnv(env, () => (which === 'profiled' ? profiledRestore(lab, workspace) : plainRestore(lab))));
        pair[which === 'profiled' ? 'profiledMs' : 'plainMs'] = ms;
        rmSync(dir, { recursive: true, force: true });
      }
      out.pairs.push(pair);
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
  out.medianRatio = median(out.pairs.map((p) => p.profiledMs / p.plainMs));
  return out;
}

export function overheadRows(r: OverheadResult): BenchRow[] {
  return [
    {
      section: 'Observer overhead',
      measure: `restore profiled / plain restoreCache (${r.pairs.length} alternating pairs${r.droppedCaches ? ', sync + drop_caches before each' : ', page cache NOT dropped (not root)'})`,
      result: `×${fixed(r.medianRatio, 3)} (profiled ${fixed(median(r.pairs.map((p) => p.profiledMs / 1000)), 2, ' s')}, plain ${fixed(median(r.pairs.map((p) => p.plainMs / 1000)), 2, ' s')})`,
      target: '≤ ×1.03',
      met: r.medianRatio !== null && r.medianRatio <= 1.03,
    },
  ];
}
