/**
 * The save's verdict said: its phases' typed facts (judge/save-rules.ts) turned into each phase's
 * sentence and evidence and the save's sentence, led by the upload's stall where its verdict is one
 * (report/say/transfer.ts). Nothing here decides: every branch reads a kind or a figure the judge gave. Pure.
 */
import type { SaveBottleneck, SaveClause, SaveEvidence, SavePhaseName, SavePhaseVerdict, SaveVerdict } from '../../profile/schema.js';
import { MiB } from '../../util/units.js';
import { sayUpload, sayUploadStallHeadline } from './transfer.js';

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

// The save's own figures, as its section has always shown them (not util/format's significant figures).
const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;
const pct = (x: number) => `${Math.round(x)}%`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Why a phase is judged as it is, by the rule that decided (judge/save-rules.ts). */
function clauseWords(c: SaveClause, upload: SaveVerdict['upload']): string {
  switch (c.kind) {
    case 'single-threaded':
      return `${c.comm} kept one core busy (${c.cores.toFixed(2)}): it is single-threaded, reading and archiving the files one at a time`;
    case 'compression':
      return `compression kept ${c.childCores.toFixed(2)} of ${c.usableCores} cores busy (zstd -T0, ${c.threads} threads)`;
    case 'cpus-busy':
      return `the CPUs were ${pct(c.busyPercent)} busy while tar and zstd ran`;
    case 'read-bandwidth':
      return `tar read at ${(c.readKiBPerSecond / 1024).toFixed(0)} MiB/s, near this disk's ${mib(c.ceilingBytesPerSecond)}/s sequential-read ceiling`;
    case 'read-iops':
      return `tar read many small files at ${c.readsPerSecond.toFixed(0)} reads/s of ${c.readRequestKiB.toFixed(1)} KiB (r_await ${c.readAwaitMs.toFixed(2)} ms) while waiting on the disk${
        c.aboveDevice ? '; r_await is low because the wait is above the device: a throttle or cgroup I/O cap holds the reads before they reach it' : ''
      }`;
    case 'unsaturated':
      return `neither the CPUs nor the disk reads were saturated during ${NOUN[c.phase]}`;
    case 'upload-verdict': {
      // The upload's own sentence, as a clause.
      const sentence = upload ? sayUpload(upload).sentence.replace(/\.$/, '') : '';
      return `${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`;
    }
    case 'upload-rate':
      return `the upload sent ${mib(c.bytes)} at ${mib(c.bytes / Math.max(c.durationMs / 1000, 1e-9))}/s`;
    case 'round-trip':
      return `${NOUN[c.phase]} is a round trip to the cache service`;
  }
}

function evidenceWords(e: SaveEvidence): string {
  switch (e.kind) {
    case 'child-cores':
      return `tar+zstd used ${e.childCores.toFixed(2)} of ${e.usableCores} usable cores (zstd -T0: ${e.threads} threads on ${e.cpuCount} CPUs)`;
    case 'cpus':
      return `CPUs ${pct(e.busyPercent)} busy, ${pct(e.iowaitPercent)} waiting on IO`;
    case 'disk-read':
      return `disk read ${e.readsPerSecond.toFixed(0)} r/s of ${e.readRequestKiB.toFixed(1)} KiB (r_await ${e.readAwaitMs.toFixed(2)} ms), ${(e.readKiBPerSecond / 1024).toFixed(1)} MiB/s`;
    case 'io-stall':
      return `IO stall (PSI some) ${pct(e.share * 100)} of the phase`;
    case 'busiest':
      return `the busiest process, ${e.comm}, used ${e.cores.toFixed(2)} of a core`;
    case 'moved':
      return `${mib(e.bytes)} in ${secs(e.durationMs)}`;
    case 'duration':
      return secs(e.durationMs);
  }
}

/** A save phase's sentence and evidence; a recording made before the facts existed keeps the words it recorded. */
export function saySavePhase(p: SavePhaseVerdict, upload: SaveVerdict['upload']): { sentence: string; evidence: string[] } {
  if (!p.facts) return { sentence: p.sentence ?? '', evidence: p.evidence ?? [] };
  return { sentence: `${LABEL[p.bottleneck]}: ${clauseWords(p.facts.clause, upload)}.`, evidence: p.facts.evidence.map(evidenceWords) };
}

/** The upload's stall, where it is the upload's verdict: it leads the save's sentence, whatever phase took longest. */
function stallLead(upload: SaveVerdict['upload']): string {
  const stall = upload?.limit === 'stall' ? upload.stalls[0] : undefined;
  const headline = stall && upload?.facts ? sayUploadStallHeadline(stall, upload.facts.archiveBytes) : null;
  return headline ? `${headline} ` : '';
}

/** The save's sentence; a recording made before the facts existed keeps the sentence it recorded. */
export function saySave(v: SaveVerdict): string {
  const f = v.facts;
  if (!f) return v.sentence ?? '';
  if (f.dominant === null) return 'Save: inconclusive, no phase was recorded.';
  const dominant = v.phases.find((p) => p.phase === f.dominant);
  if (!dominant?.facts) return v.sentence ?? '';
  return `${stallLead(v.upload)}Save: ${LABEL[dominant.bottleneck]}: ${clauseWords(dominant.facts.clause, v.upload)}; ${NOUN[dominant.phase]} took ${pct(f.share * 100)} of the ${secs(f.totalMs)} save.`;
}
