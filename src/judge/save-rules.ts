/**
 * The save's verdict: which resource limited each phase of the cache save, and the save as a whole.
 * Pure, over the phases' boundary snapshots. The save's phases have their own resources: tar reading
 * many small files (disk read IOPS or latency, or bandwidth for big ones), zstd compressing (CPU, with
 * zstdmt's thread per core), the service round trips and the upload (network).
 */
import type { SaveBottleneck, SavePhaseName, SavePhaseRecord, SaveVerdict, Snapshot, UploadTimeline, UploadVerdict } from '../profile/schema.js';
import { phaseSummary, type PhaseSystemSummary } from '../sample/phase-summary.js';
import { type BusiestProcess, snapshotFacts } from './phase-facts.js';
import { PROCESS_FULL_CORE, SAVE_THRESHOLDS } from './thresholds.js';
import { judgeUpload, uploadStallHeadline } from './upload-rules.js';

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
  clause: string;
  evidence: string[];
  durationMs: number;
}

const LABEL: Record<SaveBottleneck, string> = {
  network: 'Network-bound',
  'disk-bandwidth': 'Disk-bound (bandwidth)',
  'disk-iops': 'Disk-bound (IOPS/latency)',
  cpu: 'CPU-bound',
  none: 'No bottleneck',
  inconclusive: 'Inconclusive',
};

const NOUN: Record<SavePhaseName, string> = {
  list: 'listing the paths',
  archive: 'creating the archive (tar + zstd)',
  reserve: 'reserving the entry',
  upload: 'the upload',
  commit: 'committing the entry',
};

const mib = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
const pct = (x: number) => `${Math.round(x)}%`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Reading files and compressing them: CPU first (zstd is meant to use every core), then the disk read side. */
function judgeReadAndCompress(
  phase: SavePhaseName,
  s: PhaseSystemSummary,
  busiest: BusiestProcess | null,
  input: SaveJudgeInput,
): Omit<PhaseJudgement, 'phase' | 'durationMs'> {
  const t = SAVE_THRESHOLDS;
  const evidence: string[] = [];
  const threads = input.compressionThreads ?? input.cpuCount;
  const usableCores = Math.max(1, Math.min(threads, input.cpuCount));
  const busy = s.cpu ? s.cpu.userPercent + s.cpu.systemPercent : null;
  if (s.childCpuCores !== null)
    evidence.push(`tar+zstd used ${s.childCpuCores.toFixed(2)} of ${usableCores} usable cores (zstd -T0: ${threads} threads on ${input.cpuCount} CPUs)`);
  if (busy !== null) evidence.push(`CPUs ${pct(busy)} busy, ${pct(s.cpu?.iowaitPercent ?? 0)} waiting on IO`);
  const d = s.disk;
  if (d)
    evidence.push(
      `disk read ${d.readsPerSecond.toFixed(0)} r/s of ${d.readRequestKiB.toFixed(1)} KiB (r_await ${d.readAwaitMs.toFixed(2)} ms), ${(d.readKiBPerSecond / 1024).toFixed(1)} MiB/s`,
    );
  if (s.pressure?.ioSome != null) evidence.push(`IO stall (PSI some) ${pct(s.pressure.ioSome * 100)} of the phase`);

  const childSaturated = s.childCpuCores !== null && s.childCpuCores >= t.childCoresShare * usableCores;
  const machineSaturated = busy !== null && busy >= t.machineBusyPercent;
  if (busiest) evidence.push(`the busiest process, ${busiest.comm}, used ${busiest.cores.toFixed(2)} of a core`);
  if (busiest && SINGLE_THREADED.has(busiest.comm) && busiest.cores >= PROCESS_FULL_CORE) {
    const clause = `${busiest.comm} kept one core busy (${busiest.cores.toFixed(2)}): it is single-threaded, reading and archiving the files one at a time`;
    return { bottleneck: 'cpu', clause, evidence };
  }
  if (childSaturated || machineSaturated) {
    const clause = childSaturated
      ? `compression kept ${s.childCpuCores?.toFixed(2)} of ${usableCores} cores busy (zstd -T0, ${threads} threads)`
      : `the CPUs were ${pct(busy ?? 0)} busy while tar and zstd ran`;
    return { bottleneck: 'cpu', clause, evidence };
  }
  if (d) {
    const seq = input.ceilings?.seqReadBytesPerSecond;
    if (seq && d.readBytes / Math.max(d.durationMs / 1000, 1e-9) >= t.ceilingShare * seq) {
      return {
        bottleneck: 'disk-bandwidth',
        clause: `tar read at ${(d.readKiBPerSecond / 1024).toFixed(0)} MiB/s, near this disk's ${mib(seq)}/s sequential-read ceiling`,
        evidence,
      };
    }
    const stalled = (s.pressure?.ioSome ?? 0) >= t.ioStallShare || (s.cpu?.iowaitPercent ?? 0) >= t.iowaitPercent;
    const iopsCeiling = input.ceilings?.randReadIops;
    const atIops = iopsCeiling !== undefined && d.readsPerSecond >= t.ceilingShare * iopsCeiling;
    if (d.readsPerSecond >= t.minReadsPerSecond && (stalled || atIops)) {
      return {
        bottleneck: 'disk-iops',
        clause: `tar read many small files at ${d.readsPerSecond.toFixed(0)} reads/s of ${d.readRequestKiB.toFixed(1)} KiB (r_await ${d.readAwaitMs.toFixed(2)} ms) while waiting on the disk${
          d.readAwaitMs < t.deviceWaitMs
            ? `; r_await is low because the wait is above the device: a throttle or cgroup I/O cap holds the reads before they reach it`
            : ''
        }`,
        evidence,
      };
    }
  }
  return { bottleneck: 'inconclusive', clause: `neither the CPUs nor the disk reads were saturated during ${NOUN[phase]}`, evidence };
}

function judgeNetwork(
  phase: SavePhaseName,
  record: SavePhaseRecord,
  durationMs: number,
  upload: UploadVerdict | undefined,
): Omit<PhaseJudgement, 'phase' | 'durationMs'> {
  if (phase === 'upload' && upload) {
    // The upload's own verdict, from its timeline. Its evidence and what-ifs are SaveVerdict.upload's,
    // rendered once beside its charts.
    const clause = upload.sentence.replace(/\.$/, '');
    return { bottleneck: 'network', clause: `${clause.charAt(0).toLowerCase()}${clause.slice(1)}`, evidence: [] };
  }
  if (phase === 'upload' && record.networkBytes) {
    const rate = record.networkBytes / Math.max(durationMs / 1000, 1e-9);
    return {
      bottleneck: 'network',
      clause: `the upload sent ${mib(record.networkBytes)} at ${mib(rate)}/s`,
      evidence: [`${mib(record.networkBytes)} in ${secs(durationMs)}`],
    };
  }
  return { bottleneck: 'network', clause: `${NOUN[phase]} is a round trip to the cache service`, evidence: [`${secs(durationMs)}`] };
}

function busiestIn(p: SavePhaseRecord, input: SaveJudgeInput): BusiestProcess | null {
  if (!input.samples) return null;
  const inside = input.samples.filter((x) => x.tMs > p.start.tMs && x.tMs < p.end.tMs);
  const b = snapshotFacts(p.start, p.end, input.deviceIndex, inside).busiestProcess;
  return b && b.comm !== 'none' ? b : null;
}

/** The upload judged from its timeline, where the upload phase recorded one, with what its stall's headline reads. */
function judgedUpload(input: SaveJudgeInput): { verdict: UploadVerdict; timeline: UploadTimeline; networkBytes: number | null } | undefined {
  const phase = input.phases.find((p) => p.name === 'upload');
  if (!phase?.uploadTimeline) return undefined;
  const networkBytes = phase.networkBytes ?? null;
  return { verdict: judgeUpload(phase.uploadTimeline, networkBytes), timeline: phase.uploadTimeline, networkBytes };
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

export function judgeSave(input: SaveJudgeInput): SaveVerdict {
  const judgedTransfer = judgedUpload(input);
  const upload = judgedTransfer?.verdict;
  const judged = judgeSavePhases(input, upload);
  if (judged.length === 0) return { bottleneck: 'inconclusive', sentence: 'Save: inconclusive, no phase was recorded.', phases: [] };
  const totalMs = judged.reduce((sum, j) => sum + j.durationMs, 0);
  const dominant = judged.reduce((a, b) => (b.durationMs > a.durationMs ? b : a));
  const share = totalMs > 0 ? (dominant.durationMs / totalMs) * 100 : 0;
  // A stall is the first thing to fix, whatever phase took longest: it leads the save's sentence.
  const stall = upload?.limit === 'stall' ? upload.stalls[0] : undefined;
  const lead = stall && judgedTransfer ? `${uploadStallHeadline(stall, judgedTransfer.networkBytes, judgedTransfer.timeline.limits)} ` : '';
  return {
    bottleneck: dominant.bottleneck,
    sentence: `${lead}Save: ${LABEL[dominant.bottleneck]}: ${dominant.clause}; ${NOUN[dominant.phase]} took ${pct(share)} of the ${secs(totalMs)} save.`,
    phases: judged.map((j) => ({ phase: j.phase, bottleneck: j.bottleneck, sentence: `${LABEL[j.bottleneck]}: ${j.clause}.`, evidence: j.evidence })),
    ...(upload ? { upload } : {}),
  };
}
