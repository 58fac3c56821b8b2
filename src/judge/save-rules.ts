/**
 * The save's verdict: which resource limited each phase of the cache save, and the save as a whole.
 * Pure, over the phases' boundary snapshots. The save's phases have their own resources: tar reading
 * many small files (disk read IOPS or latency, or bandwidth for big ones), zstd compressing (CPU, with
 * zstdmt's thread per core), the service round trips and the upload (network). Typed facts only:
 * report/say/save.ts says them.
 */
import type {
  SaveBottleneck,
  SaveClause,
  SaveEvidence,
  SavePhaseFacts,
  SavePhaseName,
  SavePhaseRecord,
  SaveVerdict,
  Snapshot,
  UploadVerdict,
} from '../profile/schema.js';
import { phaseSummary, type PhaseSystemSummary } from '../sample/phase-summary.js';
import { type BusiestProcess, snapshotFacts } from './phase-facts.js';
import { PROCESS_FULL_CORE, SAVE_THRESHOLDS } from './thresholds.js';
import { judgeUpload } from './upload-rules.js';

export interface SaveJudgeInput {
  phases: SavePhaseRecord[];
  /** Index in each snapshot's disks of the device holding the paths read; null without one. */
  deviceIndex: number | null;
  cpuCount: number;
  /** zstd's worker threads (zstdmt = zstd -T0); null when unknown. */
  compressionThreads: number | null;
  /** fio ceilings of the file system read, when the main step probed it. */
  ceilings?: { seqReadBytesPerSecond?: number; randReadIops?: number };
  /** The sampler's snapshots (with per-process CPU): the busiest process of each phase. */
  samples?: readonly Snapshot[];
}

/**
 * tar is one thread whatever the machine has: reading many small files it can spend a whole core in
 * the kernel (lookups, opens, reads from the page cache) while zstd -T0 idles on the other cores,
 * which the cores-together figure reads as "not saturated".
 */
const SINGLE_THREADED = new Set(['tar', 'gzip']);

interface PhaseJudgement {
  phase: SavePhaseName;
  bottleneck: SaveBottleneck;
  facts: SavePhaseFacts;
  durationMs: number;
}

type Judged = Omit<PhaseJudgement, 'phase' | 'durationMs'>;
const judged = (bottleneck: SaveBottleneck, clause: SaveClause, evidence: SaveEvidence[]): Judged => ({ bottleneck, facts: { clause, evidence } });

/** Reading files and compressing them: CPU first (zstd is meant to use every core), then the disk read side. */
function judgeReadAndCompress(phase: SavePhaseName, s: PhaseSystemSummary, busiest: BusiestProcess | null, input: SaveJudgeInput): Judged {
  const t = SAVE_THRESHOLDS;
  const evidence: SaveEvidence[] = [];
  const threads = input.compressionThreads ?? input.cpuCount;
  const usableCores = Math.max(1, Math.min(threads, input.cpuCount));
  const busy = s.cpu ? s.cpu.userPercent + s.cpu.systemPercent : null;
  if (s.childCpuCores !== null) evidence.push({ kind: 'child-cores', childCores: s.childCpuCores, usableCores, threads, cpuCount: input.cpuCount });
  if (busy !== null) evidence.push({ kind: 'cpus', busyPercent: busy, iowaitPercent: s.cpu?.iowaitPercent ?? 0 });
  const d = s.disk;
  if (d)
    evidence.push({
      kind: 'disk-read',
      readsPerSecond: d.readsPerSecond,
      readRequestKiB: d.readRequestKiB,
      readAwaitMs: d.readAwaitMs,
      readKiBPerSecond: d.readKiBPerSecond,
    });
  if (s.pressure?.ioSome != null) evidence.push({ kind: 'io-stall', share: s.pressure.ioSome });

  const childSaturated = s.childCpuCores !== null && s.childCpuCores >= t.childCoresShare * usableCores;
  const machineSaturated = busy !== null && busy >= t.machineBusyPercent;
  if (busiest) evidence.push({ kind: 'busiest', comm: busiest.comm, cores: busiest.cores });
  if (busiest && SINGLE_THREADED.has(busiest.comm) && busiest.cores >= PROCESS_FULL_CORE)
    return judged('cpu', { kind: 'single-threaded', comm: busiest.comm, cores: busiest.cores }, evidence);
  if (childSaturated) return judged('cpu', { kind: 'compression', childCores: s.childCpuCores ?? 0, usableCores, threads }, evidence);
  if (machineSaturated) return judged('cpu', { kind: 'cpus-busy', busyPercent: busy ?? 0 }, evidence);
  if (d) {
    const seq = input.ceilings?.seqReadBytesPerSecond;
    if (seq && d.readBytes / Math.max(d.durationMs / 1000, 1e-9) >= t.ceilingShare * seq)
      return judged('disk-bandwidth', { kind: 'read-bandwidth', readKiBPerSecond: d.readKiBPerSecond, ceilingBytesPerSecond: seq }, evidence);
    const stalled = (s.pressure?.ioSome ?? 0) >= t.ioStallShare || (s.cpu?.iowaitPercent ?? 0) >= t.iowaitPercent;
    const iopsCeiling = input.ceilings?.randReadIops;
    const atIops = iopsCeiling !== undefined && d.readsPerSecond >= t.ceilingShare * iopsCeiling;
    if (d.readsPerSecond >= t.minReadsPerSecond && (stalled || atIops)) {
      // A low r_await beside a wait on the disk: the wait is above the device (a throttle, a cgroup I/O cap).
      const clause = {
        kind: 'read-iops',
        readsPerSecond: d.readsPerSecond,
        readRequestKiB: d.readRequestKiB,
        readAwaitMs: d.readAwaitMs,
        aboveDevice: d.readAwaitMs < t.deviceWaitMs,
      } as const;
      return judged('disk-iops', clause, evidence);
    }
  }
  return judged('inconclusive', { kind: 'unsaturated', phase }, evidence);
}

function judgeNetwork(phase: SavePhaseName, record: SavePhaseRecord, durationMs: number, upload: UploadVerdict | undefined): Judged {
  // The upload's own verdict, from its timeline. Its evidence and what-ifs are SaveVerdict.upload's,
  // rendered once beside its charts.
  if (phase === 'upload' && upload) return judged('network', { kind: 'upload-verdict', phase }, []);
  if (phase === 'upload' && record.networkBytes) {
    const moved = { bytes: record.networkBytes, durationMs };
    return judged('network', { kind: 'upload-rate', ...moved }, [{ kind: 'moved', ...moved }]);
  }
  return judged('network', { kind: 'round-trip', phase }, [{ kind: 'duration', durationMs }]);
}

function busiestIn(p: SavePhaseRecord, input: SaveJudgeInput): BusiestProcess | null {
  if (!input.samples) return null;
  const inside = input.samples.filter((x) => x.tMs > p.start.tMs && x.tMs < p.end.tMs);
  const b = snapshotFacts(p.start, p.end, input.deviceIndex, inside).busiestProcess;
  return b && b.comm !== 'none' ? b : null;
}

/** The upload judged from its timeline, where the upload phase recorded one (its bytes place a stall in the archive). */
function judgedUpload(input: SaveJudgeInput): UploadVerdict | undefined {
  const phase = input.phases.find((p) => p.name === 'upload');
  if (!phase?.uploadTimeline) return undefined;
  return judgeUpload(phase.uploadTimeline, phase.networkBytes ?? null);
}

function judgeSavePhases(input: SaveJudgeInput, upload: UploadVerdict | undefined): PhaseJudgement[] {
  return input.phases.map((p) => {
    const durationMs = Math.max(0, p.endMs - p.startMs);
    const judged =
      p.name === 'list' || p.name === 'archive'
        ? judgeReadAndCompress(p.name, phaseSummary(p.start, p.end, input.deviceIndex), busiestIn(p, input), input)
        : judgeNetwork(p.name, p, durationMs, upload);
    return { phase: p.name, durationMs, ...judged };
  });
}

/**
 * The save's verdict: the phase that took longest and its share of the save; a stall of the upload
 * leads its sentence, whatever phase took longest (report/say/save.ts says it).
 */
export function judgeSave(input: SaveJudgeInput): SaveVerdict {
  const upload = judgedUpload(input);
  const phases = judgeSavePhases(input, upload);
  const totalMs = phases.reduce((sum, j) => sum + j.durationMs, 0);
  const dominant = phases.length === 0 ? null : phases.reduce((a, b) => (b.durationMs > a.durationMs ? b : a));
  return {
    bottleneck: dominant?.bottleneck ?? 'inconclusive',
    facts: { dominant: dominant?.phase ?? null, share: dominant && totalMs > 0 ? dominant.durationMs / totalMs : 0, totalMs },
    phases: phases.map((j) => ({ phase: j.phase, bottleneck: j.bottleneck, facts: j.facts })),
    ...(upload ? { upload } : {}),
  };
}
