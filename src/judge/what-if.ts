/**
 * Lower bounds for the restore's duration if the disk, the network or the CPU were `speedup` times
 * faster. Pure.
 *
 * Model (conservative, so the bound stays a true lower bound):
 * - A phase whose verdict names another resource keeps its duration: that resource still sets its pace.
 * - A phase limited by the resource, or whose limit is unknown (`none`, `inconclusive`), can at best
 *   shrink by the speed-up: duration / speedup, but never below the time the other resources need for
 *   the same work (child CPU seconds spread over every CPU; bytes written at the disk's fio ceiling).
 * - Disk: extraction and the writeback tail share the disk. A faster disk could drain the tail while
 *   tar still runs, so the two are bounded together: max(extraction's non-disk floor,
 *   (disk-limited time of both) / speedup). The tail may vanish entirely.
 * - The lookup is a service round trip: only the network what-if shortens it.
 */
import type { Bottleneck, PhaseName, WhatIf } from '../profile/schema.js';
import type { Ceilings } from './ceilings.js';
import { seconds } from './format.js';
import type { PhaseFacts } from './phase-facts.js';
import { USER_HZ, WHAT_IF_SPEEDUP } from './thresholds.js';

type Resource = WhatIf['resource'];

export interface WhatIfPhase {
  name: PhaseName;
  bottleneck: Bottleneck;
  facts: PhaseFacts;
}

const RESOURCE_OF: Record<Bottleneck, Resource | 'unknown' | 'none'> = {
  network: 'network',
  'disk-bandwidth': 'disk',
  'disk-iops': 'disk',
  writeback: 'disk',
  cpu: 'cpu',
  none: 'unknown',
  inconclusive: 'unknown',
};

function limitedBy(p: WhatIfPhase, r: Resource): boolean {
  if (p.name === 'lookup') return r === 'network';
  if (p.name === 'writeback') return r === 'disk';
  const of = RESOURCE_OF[p.bottleneck];
  return of === r || of === 'unknown';
}

/** Seconds of CPU the children need, spread perfectly over every CPU: no CPU speed-up beats it. */
function cpuFloorMs(p: WhatIfPhase, cpuCount: number): number {
  if (p.facts.childCores === null || cpuCount <= 0) return 0;
  return (p.facts.childCores * p.facts.durationMs) / Math.max(1, cpuCount);
}

/** Time to write the phase's bytes at the disk's best measured rate. */
function diskFloorMs(p: WhatIfPhase, ceilings: Ceilings): number {
  const written = p.facts.disk?.writtenBytes ?? 0;
  return ceilings.seqWriteBytesPerSecond ? (written / ceilings.seqWriteBytesPerSecond) * 1000 : 0;
}

export function restoreLowerBoundMs(
  phases: readonly WhatIfPhase[],
  resource: Resource,
  speedup: number,
  ceilings: Ceilings,
  cpuCount: number,
): number {
  let total = 0;
  let extract: WhatIfPhase | undefined;
  let tail: WhatIfPhase | undefined;
  for (const p of phases) {
    if (resource === 'disk' && p.name === 'extract') extract = p;
    else if (resource === 'disk' && p.name === 'writeback') tail = p;
    else if (!limitedBy(p, resource)) total += p.facts.durationMs;
    else {
      const other = resource === 'cpu' ? diskFloorMs(p, ceilings) : resource === 'network' ? diskFloorMs(p, ceilings) : cpuFloorMs(p, cpuCount);
      total += Math.max(p.facts.durationMs / speedup, Math.min(other, p.facts.durationMs));
    }
  }
  if (resource === 'disk' && (extract || tail)) {
    const extractDisk = extract && limitedBy(extract, 'disk') ? extract.facts.durationMs : 0;
    const extractFloor = extract ? (extractDisk > 0 ? Math.min(cpuFloorMs(extract, cpuCount), extract.facts.durationMs) : extract.facts.durationMs) : 0;
    const diskMs = extractDisk + (tail?.facts.durationMs ?? 0);
    total += Math.max(extractFloor, diskMs / speedup);
  }
  return total;
}

const PHRASE: Record<Resource, string> = {
  disk: 'on a disk',
  network: 'with a network',
  cpu: 'with a CPU',
};

export function whatIfs(phases: readonly WhatIfPhase[], ceilings: Ceilings, cpuCount: number, speedup = WHAT_IF_SPEEDUP): WhatIf[] {
  const nowMs = phases.reduce((s, p) => s + p.facts.durationMs, 0);
  if (nowMs <= 0) return [];
  const times = speedup === 2 ? 'twice' : `${speedup} times`;
  return (['disk', 'network', 'cpu'] as const).map((resource) => {
    const lower = restoreLowerBoundMs(phases, resource, speedup, ceilings, cpuCount);
    const gain = nowMs - lower;
    const sentence =
      gain < 0.01 * nowMs
        ? `${PHRASE[resource]} ${times} as fast this restore would still take about ${seconds(nowMs)}: ${resource} did not limit it.`
        : `${PHRASE[resource]} ${times} as fast this restore would take at least ${seconds(lower)} (now ${seconds(nowMs)}).`;
    return { resource, speedup, restoreLowerBoundMs: Math.round(lower), sentence: sentence.charAt(0).toUpperCase() + sentence.slice(1) };
  });
}
