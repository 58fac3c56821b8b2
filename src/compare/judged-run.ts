/**
 * One profile of a matrix judged by this version's rules, exactly as `disk-profiler render` judges it
 * (report/render.ts judgeSaved), and the figures compare reads from that decision: never the sentence
 * or the verdict stored in the profile, which an earlier version wrote. Pure.
 */
import type { DiskShare } from '../judge/disk-load.js';
import type { Bottleneck, PhaseName, Profile, Resource } from '../profile/schema.js';
import { judgeSaved } from '../report/render.js';
import { sayCeilingFrom } from '../report/say/ceilings.js';
import { TOOL_VERSION } from '../version.js';

export interface LabelledProfile {
  /** Where it came from (artifact name or file), for messages. */
  source: string;
  profile: Profile;
}

export interface JudgedRun {
  source: string;
  label: string;
  profile: Profile;
  /** This version's verdict. */
  bottleneck: Bottleneck;
  /** The phases the verdict puts on its resource (the carrying phase for none/inconclusive), and their share of the time until on disk. */
  phases: PhaseName[];
  phasesShare: number | null;
  /** The verdict resource's what-if, where measured: the most relaxing it `speedup` times could save. */
  whatIf: { resource: Resource; speedup: number; savingAtMostMs: number } | null;
  /** For a disk verdict, the carrying phase's rate against the disk's ceiling. */
  diskShare: DiskShare | null;
  /** lookup + download + extraction (the step) and that plus the writeback tail (until on disk); null without a restore. */
  stepMs: number | null;
  untilOnDiskMs: number | null;
  /** Which release recorded the profile, and the verdict it stored (null: none stored). */
  recordedBy: string;
  recordedBottleneck: Bottleneck | null;
  fingerprintId: string | null;
  /** Another disk-profiler run used the same machine at the same time. */
  shared: boolean;
}

/**
 * The share as the comparison JSON has always given it: a cap's account of the ceiling in words
 * (`from.said`, report/say/ceilings.ts), not the judge's typed facts.
 */
function withSaidCeiling(s: DiskShare): DiskShare {
  return s.from ? { ...s, from: { said: sayCeilingFrom(s.from) ?? '', cap: s.from.cap } } : s;
}

function isResource(b: Bottleneck): b is Resource {
  return b !== 'none' && b !== 'inconclusive';
}

export function judgeRun({ source, profile }: LabelledProfile): JudgedRun {
  const judgement = judgeSaved(profile);
  const v = judgement.verdict;
  // The phases the judge put the verdict on, as the headline names them: decided once (Judgement.decision).
  const carriers = judgement.decision.carriers;
  const w = isResource(v.bottleneck) ? v.whatIf.find((x) => x.resource === v.bottleneck && x.measured !== false) : undefined;
  const carrier = judgement.phases.find((p) => p.phase === v.phase);
  const top = carrier?.disk.top ?? null;
  const restored = v.phases.length > 0 && v.untilOnDiskMs !== undefined;
  return {
    source,
    label: profile.label,
    profile,
    bottleneck: v.bottleneck,
    phases: carriers.map((p) => p.phase),
    phasesShare: carriers.length > 0 ? carriers.reduce((s, p) => s + p.share, 0) : null,
    whatIf: w && w.savingAtMostMs !== undefined ? { resource: w.resource, speedup: w.speedup, savingAtMostMs: w.savingAtMostMs } : null,
    diskShare: top && top.resource === v.bottleneck ? withSaidCeiling(top) : null,
    stepMs: restored ? (v.stepMs ?? null) : null,
    untilOnDiskMs: restored ? (v.untilOnDiskMs ?? null) : null,
    recordedBy: profile.tool.version,
    recordedBottleneck: profile.verdict?.bottleneck ?? null,
    fingerprintId: profile.fingerprint?.id ?? null,
    shared: (profile.context.otherProfiles?.length ?? 0) > 0,
  };
}

/** Recorded by another release than this one: its verdict is this release's, its figures that release's recording. */
export function recordedElsewhere(run: Pick<JudgedRun, 'recordedBy'>): boolean {
  return run.recordedBy !== TOOL_VERSION;
}

/** "2 CPU, 24 GiB, loop0, ext4": what a run's machine was, in one cell. */
export function hardware(profile: Profile): string {
  const c = profile.context;
  const disk = profile.devices.find((d) => d.primary);
  const fs = c.fileSystems[0];
  const parts = [
    `${c.cpuCount} CPU`,
    `${Math.round(c.memoryBytes / 1024 ** 3)} GiB`,
    disk ? `${disk.name}${disk.model ? ` (${disk.model})` : ''}` : 'no block device',
    fs ? fs.fsType : '',
  ];
  return parts.filter(Boolean).join(', ');
}
