/**
 * The verdict on a whole profile. Each phase is judged by its rule table (rules.ts); the restore's
 * verdict is, among the resources a phase was measured near a limit of, the one whose doubling could
 * save the most by the what-if bounds (the figures the lab's interventions check), or the longest
 * phase's verdict when none could save MIN_SAVING_SHARE. Verdict and what-ifs are about the time until
 * the files are on disk; the verdict also carries the step's time (what the job pays).
 * Judged phases carry their facts, so the report renders them and derives nothing again. Pure.
 */
import { withDownloadVerdict } from './download-in-verdict.js';
import {
  DISK_RESOURCES,
  isDiskResource,
  type PhaseName,
  type PhaseVerdict,
  type ProbedCeilings,
  type Profile,
  type RestoreDecision,
  type Verdict,
  type WhatIf,
} from '../profile/schema.js';
import { NOTHING_JUDGED_RULES, type RestoreRule } from '../profile/restore-rules.js';
import { restoreRule, verdictCarriers, type VerdictChoice } from './restore-rules.js';
import { attribute } from './attribution.js';
import { ceilingsOf, hasCeilings, type Ceilings } from './ceilings.js';
import { ceilingsForDevice, withCgroupCaps } from './cgroup-io.js';
import { downloadCpu, extractionCpu } from './cpu-load.js';
import { diskLoad, type DiskLoad } from './disk-load.js';
import { type IopsCount, stackOf } from './iops-count.js';
import { perDeviceVerdicts } from './per-device.js';
import { candidate, settle, type Candidate } from './evidence.js';
import { deviceIndexFor, phaseFacts, tailDeviceIndex, type PhaseFacts } from './phase-facts.js';
import type { PhaseDecision, PhaseRuleId } from '../profile/phase-decision.js';

import { applyRules, dirtyLimitBytes, dirtyShare } from './rules.js';
import { segmentPauses, type SegmentPause } from './segment-pauses.js';
import { DIRTY_THROTTLE_SHARE, WHAT_IF_SPEEDUP } from './thresholds.js';
import { whatIfs } from './what-if.js';

export interface JudgedPhase extends PhaseVerdict {
  durationMs: number;
  facts: PhaseFacts;
  disk: DiskLoad;
  /** Which rule of the phase's table matched and the figures it read: report/say/phase.ts says it. */
  decision: PhaseDecision;
  /** Which rule of the phase's table matched (decision.rule). */
  rule: PhaseRuleId;
  /** The write count the phase's IOPS verdict rests on, where the rule chose one other than disk.iopsCount's. */
  iopsCount?: IopsCount;
  /** The download's pauses with no request in flight (segment-pauses.ts): never the network's time. */
  pauses?: SegmentPause[];
}

export interface Judgement {
  verdict: Verdict;
  /** How the restore's verdict was decided (also stored as verdict.decision): what the report says and compare ranks. */
  decision: RestoreDecision;
  phases: JudgedPhase[];
  ceilings: Ceilings;
  /** Index into Profile.devices of the restore path's device, or null. */
  restoreDeviceIndex: number | null;
  /**
   * The device the verdict is about, and the restore paths on it: the first screen's chart and the
   * "What to do" box name these. For a disk verdict it is the carrying phase's device (with restore
   * paths on several disks, the one the verdict names "on loop1"); otherwise the restore's. Ceilings
   * are that device's own (fio's where it probed it, a cgroup cap on it). Null without a device.
   */
  verdictDevice: VerdictDevice | null;
}

export interface VerdictDevice {
  index: number;
  name: string;
  /** The restore paths on it (top of its stack); where none is recorded, every restore path's file system on it. */
  paths: string[];
  ceilings: Ceilings;
}

function verdictDevice(profile: Profile, ceilings: Ceilings, index: number | null): VerdictDevice | null {
  const device = index === null ? undefined : profile.devices[index];
  if (index === null || !device) return null;
  const recorded = device.restorePaths ?? [];
  const paths = recorded.length > 0 ? recorded : profile.context.fileSystems.filter((f) => f.source === `/dev/${device.name}`).map((f) => f.path);
  return { index, name: device.name, paths, ceilings: ceilingsForDevice(profile, ceilings, index) };
}

export function judgePhases(profile: Profile, ceilings: Ceilings = ceilingsOf(profile)): JudgedPhase[] {
  const phases = profile.phases.filter((p) => p.endMs > p.startMs);
  const facts = phases.map((p) => phaseFacts(profile, p, p.name === 'writeback' ? tailDeviceIndex(profile, p) : undefined));
  const totalMs = facts.reduce((s, f) => s + f.durationMs, 0);
  return phases.map((p, i) => {
    const f = facts[i] as PhaseFacts;
    // Only the probed device's phases are held against its ceilings; a cgroup cap on the device is one too.
    const onDevice = ceilingsForDevice(profile, ceilings, f.deviceIndex);
    const disk = diskLoad(f, onDevice, stackOf(profile, f.deviceIndex));
    const cpu = p.name === 'extract' ? extractionCpu(f, dirtyShare({ profile, facts: f })) : p.name === 'download' ? downloadCpu(f) : null;
    const networkBytes = p.name === 'download' ? (p.networkBytes ?? profile.restore?.archiveBytes ?? null) : null;
    const outcome = applyRules({ profile, name: p.name, facts: f, ceilings: onDevice, disk, cpu, totalMs, networkBytes });
    const candidates = [...disk.candidates, ...(cpu?.candidates ?? []), ...pageCacheCandidates(profile, p.name, f)];
    const pauses = p.downloadTimeline ? segmentPauses(p.downloadTimeline, { endMs: p.endMs, series: f.series, deviceIndex: f.deviceIndex }, onDevice) : [];
    return {
      phase: p.name,
      bottleneck: outcome.bottleneck,
      decision: outcome.decision,
      evidence: settle(candidates, outcome.bottleneck),
      durationMs: f.durationMs,
      facts: f,
      disk,
      rule: outcome.decision.rule,
      ...(outcome.iopsCount ? { iopsCount: outcome.iopsCount } : {}),
      ...(pauses.length > 0 ? { pauses } : {}),
    };
  });
}

/** Dirty pages against the dirty limit, for the phases that write through the page cache. */
function pageCacheCandidates(profile: Profile, name: PhaseName, facts: PhaseFacts): Candidate[] {
  if (name !== 'extract') return [];
  const share = dirtyShare({ profile, facts });
  const limit = dirtyLimitBytes(profile);
  if (share === null || limit === null) return [];
  return [
    candidate(
      'dirty-peak-share',
      { kind: 'dirty-peak-share', dirtyPeakBytes: facts.dirtyPeakBytes ?? 0, share, limitBytes: limit },
      share,
      'share',
      share >= DIRTY_THROTTLE_SHARE ? [...DISK_RESOURCES] : [],
      DIRTY_THROTTLE_SHARE,
    ),
  ];
}

/** The four fio ceilings an inconclusive verdict names instead, null where no probe measured the disk. */
function probedCeilings(c: Ceilings): ProbedCeilings | null {
  if (!hasCeilings(c)) return null;
  return {
    seqWriteBytesPerSecond: c.seqWriteBytesPerSecond,
    randWriteIops: c.randWriteIops,
    seqReadBytesPerSecond: c.seqReadBytesPerSecond,
    randReadIops: c.randReadIops,
  };
}

function withoutRestore(profile: Profile, ceilings: Ceilings, rule: RestoreRule): Judgement {
  const decision: RestoreDecision = { rule, carriers: [], whatIf: null, outweighed: null, device: null, probes: probedCeilings(ceilings) };
  return {
    verdict: { bottleneck: 'inconclusive', decision, phases: [], whatIf: [] },
    decision,
    phases: [],
    ceilings,
    restoreDeviceIndex: deviceIndexFor(profile, 'extract'),
    verdictDevice: verdictDevice(profile, ceilings, deviceIndexFor(profile, 'extract')),
  };
}

export function judgeInDetail(profile: Profile): Judgement {
  const judgement = judgeRestore(profile);
  const pauses = judgement.phases.find((j) => j.phase === 'download')?.pauses ?? [];
  const verdict = withDownloadVerdict(profile, judgement.verdict, pauses);
  // One decision: the verdict's, which now holds the leading stall's figures too.
  return { ...judgement, verdict, decision: verdict.decision ?? judgement.decision };
}

const nothingJudged = (rule: RestoreRule): rule is (typeof NOTHING_JUDGED_RULES)[number] => NOTHING_JUDGED_RULES.some((r) => r === rule);

function judgeRestore(profile: Profile): Judgement {
  const ceilings = ceilingsOf(profile);
  let judged: JudgedPhase[] | null = null;
  let whatIf: WhatIf[] | null = null;
  let choice: VerdictChoice | null = null;
  const judgedOnce = (): JudgedPhase[] => {
    judged ??= judgePhases(profile, ceilings);
    return judged;
  };
  const whatIfOnce = (): WhatIf[] => {
    whatIf ??= whatIfsOnTailDevice(profile, judgedOnce(), ceilings);
    return whatIf;
  };
  const choiceOnce = (): VerdictChoice => {
    choice ??= measuredChoice(judgedOnce(), whatIfOnce());
    return choice;
  };
  const rule = restoreRule({ profile, judged: judgedOnce, choice: choiceOnce });
  if (nothingJudged(rule)) return withoutRestore(profile, ceilings, rule);
  const phases = judgedOnce();
  const c = choiceOnce();
  const spans = restoreSpans(phases);
  const carrier = carrierOf(rule, phases, c);
  const best = rule === 'best-what-if' ? c.best : null;
  const outweighed = rule === 'best-what-if' ? (phases.find((j) => j.phase === c.blind?.phase) ?? null) : null;
  const restoreDevice = deviceIndexFor(profile, 'extract');
  const elsewhere =
    carrier.facts.deviceIndex !== restoreDevice && carrier.facts.deviceIndex !== null ? profile.devices[carrier.facts.deviceIndex]?.name : undefined;
  const byName = (n: PhaseName) => phases.find((j) => j.phase === n)?.facts;
  const decision: RestoreDecision = {
    rule,
    carriers: verdictCarriers(phases, carrier.bottleneck),
    whatIf: best?.resource ?? null,
    outweighed: outweighed?.phase ?? null,
    device: elsewhere && isDiskResource(carrier.bottleneck) ? elsewhere : null,
    judgedMs: c.totalMs,
    carrierShare: carrier.durationMs / c.totalMs,
    ...(outweighed ? { outweighedHiddenMs: hiddenAtMostMs(outweighed, best?.speedup ?? WHAT_IF_SPEEDUP) } : {}),
  };
  const verdict: Verdict = {
    bottleneck: carrier.bottleneck,
    decision,
    ...spans,
    about: 'until-on-disk',
    phase: carrier.phase,
    phases: phases.map((j) => ({ phase: j.phase, bottleneck: j.bottleneck, decision: j.decision, evidence: j.evidence, durationMs: j.durationMs })),
    whatIf: whatIfOnce(),
    attribution: attribute({ profile, download: byName('download'), extract: byName('extract'), tail: byName('writeback') }),
  };
  const devices = perDeviceVerdicts(profile, ceilings);
  if (devices.length > 0) verdict.devices = devices;
  const onDisk = isDiskResource(carrier.bottleneck) && carrier.facts.deviceIndex !== null;
  return {
    verdict,
    decision,
    phases,
    ceilings,
    restoreDeviceIndex: restoreDevice,
    verdictDevice: verdictDevice(profile, ceilings, onDisk ? carrier.facts.deviceIndex : restoreDevice),
  };
}

/**
 * The what-ifs. When the tail was judged disk-bound on another device than extraction (restore paths
 * on several disks), the disk what-ifs are about that device: extraction's disk figures are re-read
 * on it and held against its own ceilings (none where fio probed another device), so a probe of one
 * disk never bounds another's work.
 */
function whatIfsOnTailDevice(profile: Profile, judged: readonly JudgedPhase[], ceilings: Ceilings): WhatIf[] {
  const tail = judged.find((j) => j.phase === 'writeback');
  const extract = judged.find((j) => j.phase === 'extract');
  const moved =
    tail !== undefined &&
    extract !== undefined &&
    tail.facts.deviceIndex !== extract.facts.deviceIndex &&
    isDiskResource(tail.bottleneck) &&
    !isDiskResource(extract.bottleneck);
  const extractRecord = profile.phases.find((p) => p.name === 'extract');
  const onTailDevice = moved && extractRecord ? phaseFacts(profile, extractRecord, tail?.facts.deviceIndex ?? null) : null;
  const factsOf = (j: JudgedPhase): PhaseFacts => (onTailDevice && j.phase === 'extract' ? onTailDevice : j.facts);
  const lead = onTailDevice ? { idleLeadMs: idleLeadMs(onTailDevice) } : {};
  return whatIfs(
    judged.map((j) => {
      const iopsCount = j.iopsCount ?? j.disk.iopsCount?.used;
      return {
        name: j.phase,
        bottleneck: j.bottleneck,
        facts: factsOf(j),
        rule: j.rule,
        ...(iopsCount ? { iopsCount } : {}),
        ...(j.phase === 'extract' ? lead : {}),
        ...(j.pauses ? { notNetworkMs: j.pauses.reduce((sum, x) => sum + x.durationMs, 0) } : {}),
      };
    }),
    moved ? ceilingsForDevice(profile, ceilings, tail?.facts.deviceIndex ?? null) : withCgroupCaps(profile, ceilings, deviceIndexFor(profile, 'extract')),
    WHAT_IF_SPEEDUP,
    moved ? profile.devices[tail?.facts.deviceIndex ?? -1]?.name : undefined,
  );
}

/** How long into a phase its device wrote nothing: up to the last snapshot before its first write (the whole phase if none). */
function idleLeadMs(f: PhaseFacts): number {
  const i = f.deviceIndex;
  const first = f.series[0];
  if (i === null || !first) return 0;
  const start = first.disks[i]?.sectorsWritten ?? 0;
  let quiet = first;
  for (const s of f.series) {
    if ((s.disks[i]?.sectorsWritten ?? start) > start) return quiet.tMs - first.tMs;
    quiet = s;
  }
  return f.durationMs;
}

/** The step's time (lookup + download + extraction: what the job pays) and the time until the files were on disk. */
function restoreSpans(judged: readonly Pick<JudgedPhase, 'phase' | 'durationMs'>[]): { stepMs: number; untilOnDiskMs: number } {
  const stepMs = judged.filter((j) => j.phase !== 'writeback').reduce((s, j) => s + j.durationMs, 0);
  const tailMs = judged.find((j) => j.phase === 'writeback')?.durationMs ?? 0;
  return { stepMs: Math.round(stepMs), untilOnDiskMs: Math.round(stepMs + tailMs) };
}

/** Most an unpinned phase could hide: all of it relaxed by the what-if's speedup, bounded by its duration. */
function hiddenAtMostMs(j: Pick<JudgedPhase, 'durationMs'>, speedup: number): number {
  return j.durationMs * (1 - 1 / speedup);
}

/**
 * The figures the restore's rules (restore-rules.ts) choose by: among the resources some phase was
 * measured near a limit of (a phase verdict naming it) and whose what-if is measured, the one whose
 * relaxation would save the most; and the longest phase that could not be judged (inconclusive), with
 * the most it could hide relaxed by that what-if's speed-up.
 */
function measuredChoice(judged: readonly JudgedPhase[], whatIf: readonly WhatIf[]): VerdictChoice {
  const totalMs = judged.reduce((s, j) => s + j.durationMs, 0);
  const named = new Set(judged.map((j) => j.bottleneck));
  const candidates = whatIf.filter((w) => w.measured !== false && named.has(w.resource));
  const best = candidates.reduce<WhatIf | null>((a, b) => (a === null || (b.savingAtMostMs ?? 0) > (a.savingAtMostMs ?? 0) ? b : a), null);
  const speedup = best?.speedup ?? WHAT_IF_SPEEDUP;
  const blind = judged
    .filter((j) => j.bottleneck === 'inconclusive')
    .reduce<JudgedPhase | null>((a, b) => (a === null || b.durationMs > a.durationMs ? b : a), null);
  return { totalMs, best, blind, hiddenMs: blind ? hiddenAtMostMs(blind, speedup) : 0 };
}

/** The phase that carries the verdict the rule chose: the unpinned phase, the longest judged the best what-if's resource, or the longest. */
function carrierOf(rule: RestoreRule, judged: readonly JudgedPhase[], c: VerdictChoice): JudgedPhase {
  const longest = (phases: readonly JudgedPhase[]) => phases.reduce((a, b) => (b.durationMs > a.durationMs ? b : a));
  const blind = judged.find((j) => j.phase === c.blind?.phase);
  if (rule === 'unpinned-phase' && blind) return blind;
  const onBest = judged.filter((j) => j.bottleneck === c.best?.resource);
  if (rule === 'best-what-if' && onBest.length > 0) return longest(onBest);
  return longest(judged);
}

export function judgeProfile(profile: Profile): Verdict {
  return judgeInDetail(profile).verdict;
}
