/**
 * Compare mode's core: profiles of several runner types (a matrix) into one ranking, repeated
 * profiles of one label combined by median with their spread. Pure.
 */
import { pageCacheReason } from '../judge/page-cache-probe.js';
import { type Bottleneck, PHASES, type PhaseName, type Profile, type ProbeName } from '../profile/schema.js';
import { spread, type Spread } from '../util/spread.js';
import { bestFixOf, type RunnerBestFix } from './best-fix.js';
import { MiB } from '../util/units.js';
import { hardwareKinds, type LabelKinds } from './hardware-kinds.js';

export interface LabelledProfile {
  /** Where it came from (artifact name or file), for messages. */
  source: string;
  profile: Profile;
}

export type CeilingName = 'seqWriteMiBps' | 'randWriteIops' | 'seqReadMiBps' | 'randReadIops';

export interface RunnerComparison {
  label: string;
  sources: string[];
  hardware: string;
  ceilings: Record<CeilingName, Spread | null>;
  phasesMs: Record<PhaseName, Spread | null>;
  /** lookup + download + extraction: what the restore step takes. */
  restoreMs: Spread | null;
  /** restoreMs + the writeback tail: until the restored files are on the disk. Runners rank by it. */
  untilOnDiskMs: Spread | null;
  /** Verdicts of the runs, most frequent first. */
  bottlenecks: { bottleneck: Bottleneck; runs: number }[];
  /** The verdict sentence of the run closest to the median restore. */
  verdict: string;
  /** The best measured fix (experiments), or null when no run measured any. */
  bestFix: RunnerBestFix | null;
  /** Runs during which another profile ran on the same machine (their figures include its work). */
  sharedRuns: number;
}

export interface Comparison {
  runners: RunnerComparison[];
  fastest: { restore: string | null } & Record<CeilingName, string | null>;
  /** Per label, the hardware kinds its runs landed on (profiles with a fingerprint only). */
  kinds: LabelKinds[];
}

const CEILING_PROBES: Record<CeilingName, [ProbeName, 'mibps' | 'iops']> = {
  seqWriteMiBps: ['seq-write', 'mibps'],
  randWriteIops: ['rand-write', 'iops'],
  seqReadMiBps: ['seq-read', 'mibps'],
  randReadIops: ['rand-read', 'iops'],
};

export function compareProfiles(items: readonly LabelledProfile[]): Comparison {
  const byLabel = new Map<string, LabelledProfile[]>();
  for (const item of items) byLabel.set(item.profile.label, [...(byLabel.get(item.profile.label) ?? []), item]);
  const runners = [...byLabel.entries()].map(([label, group]) => combine(label, group));
  // A page cache can hide a slow disk from the restore step: rank by the time until the files are on disk.
  runners.sort((a, b) => (a.untilOnDiskMs?.median ?? Infinity) - (b.untilOnDiskMs?.median ?? Infinity) || a.label.localeCompare(b.label));
  return {
    runners,
    fastest: {
      restore: runners.find((r) => r.untilOnDiskMs)?.label ?? null,
      seqWriteMiBps: best(runners, 'seqWriteMiBps'),
      randWriteIops: best(runners, 'randWriteIops'),
      seqReadMiBps: best(runners, 'seqReadMiBps'),
      randReadIops: best(runners, 'randReadIops'),
    },
    kinds: hardwareKinds(items),
  };
}

function best(runners: RunnerComparison[], ceiling: CeilingName): string | null {
  let winner: RunnerComparison | null = null;
  for (const r of runners) {
    const value = r.ceilings[ceiling]?.median;
    if (value !== undefined && (winner === null || value > (winner.ceilings[ceiling]?.median ?? -1))) winner = r;
  }
  return winner?.label ?? null;
}

function combine(label: string, group: LabelledProfile[]): RunnerComparison {
  const profiles = group.map((g) => g.profile);
  const ceilings = Object.fromEntries(
    (Object.keys(CEILING_PROBES) as CeilingName[]).map((name) => {
      const [probe, unit] = CEILING_PROBES[name];
      return [name, spread(profiles.map((p) => probeValue(p, probe, unit)))];
    }),
  ) as Record<CeilingName, Spread | null>;
  const phasesMs = Object.fromEntries(PHASES.map((n) => [n, spread(profiles.map((p) => phaseMs(p, n)))])) as Record<PhaseName, Spread | null>;
  const restores = profiles.map((p) => (p.restore?.cacheHit ? p.restore.restoreMs : null));
  const restoreMs = spread(restores);
  const untilOnDiskMs = spread(profiles.map((p, i) => (restores[i] == null ? null : (restores[i] as number) + (phaseMs(p, 'writeback') ?? 0))));
  const counts = new Map<Bottleneck, number>();
  for (const p of profiles) {
    const b = p.verdict?.bottleneck ?? 'inconclusive';
    counts.set(b, (counts.get(b) ?? 0) + 1);
  }
  const representative = closestTo(profiles, restores, restoreMs?.median);
  return {
    label,
    sources: group.map((g) => g.source),
    hardware: hardware(representative),
    ceilings,
    phasesMs,
    restoreMs,
    untilOnDiskMs,
    bottlenecks: [...counts.entries()].map(([bottleneck, runs]) => ({ bottleneck, runs })).sort((a, b) => b.runs - a.runs),
    verdict: representative.verdict?.sentence ?? 'No verdict recorded.',
    bestFix: bestFixOf(profiles),
    sharedRuns: profiles.filter((p) => (p.context.otherProfiles?.length ?? 0) > 0).length,
  };
}

/** A probe's figure; null for one that failed, or that measured the page cache rather than the disk (flagged, not ranked). */
function probeValue(profile: Profile, name: ProbeName, unit: 'mibps' | 'iops'): number | null {
  const probe = profile.probes?.probes.find((p) => p.name === name && !p.error);
  if (!probe || pageCacheReason(profile, probe) !== null) return null;
  return unit === 'iops' ? probe.iops : probe.bytesPerSecond / MiB;
}

function phaseMs(profile: Profile, name: PhaseName): number | null {
  if (!profile.restore?.cacheHit) return null;
  const phase = profile.phases.find((p) => p.name === name);
  return phase ? phase.endMs - phase.startMs : null;
}

function closestTo(profiles: Profile[], values: (number | null)[], target: number | undefined): Profile {
  let bestIndex = 0;
  if (target !== undefined) {
    let bestDistance = Infinity;
    values.forEach((v, i) => {
      if (v !== null && Math.abs(v - target) < bestDistance) {
        bestDistance = Math.abs(v - target);
        bestIndex = i;
      }
    });
  }
  return profiles[bestIndex] as Profile;
}

function hardware(profile: Profile): string {
  const c = profile.context;
  const disk = profile.devices.find((d) => d.primary);
  const fs = c.fileSystems[0];
  const parts = [
    `${c.cpuCount} CPU`,
    `${Math.round(c.memoryBytes / 1024 ** 3)} GiB`,
    disk ? `${disk.name}${disk.model ? ` (${disk.model})` : ''}` : 'no block device',
    fs ? fs.fsType : '',
  ];
  return `${parts.filter(Boolean).join(', ')}${profile.fingerprint ? ` · ${profile.fingerprint.id}` : ''}`;
}
