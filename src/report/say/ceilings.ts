/**
 * The ceilings said: what set a ceiling where a cgroup I/O cap had a say (judge/cgroup-io.ts gives the
 * cap, fio's figure and why as CeilingFrom.facts) and why fio's sequential-write figure is an IOPS limit
 * in bytes (judge/probe-caps.ts seqWriteMetIops). The judge's decisions and evidence hold the facts,
 * never these words. Pure.
 */
import type { CapCeilingKind, CeilingFrom, CeilingFromFacts } from '../../profile/schema.js';
import { formatNumber, iops, mibPerSecond } from '../../util/format.js';
import { KiB, MiB } from '../../util/units.js';
import type { ProbeCounted, SeqMetIops } from '../../profile/probe-counted.js';

const isBandwidth = (kind: CapCeilingKind): boolean => kind === 'seqWriteBytesPerSecond' || kind === 'seqReadBytesPerSecond';

/** A figure of the ceiling's kind: "40 MiB/s" or "1000 IOPS". */
const figureOf = (kind: CapCeilingKind, value: number): string => (isBandwidth(kind) ? mibPerSecond(value) : iops(value));

/** "the cgroup's blkio cap of 40 MiB/s" (v1) or "the cgroup's io.max cap of 1000 IOPS, counted in bios before merging" (v2). */
function capText(f: CeilingFromFacts): string {
  const figure = isBandwidth(f.ceiling) ? mibPerSecond(f.capValue) : `${iops(f.capValue)}, counted in bios before merging`;
  return `the cgroup's ${f.capFile} cap of ${figure}`;
}

/** What set the ceiling, as the evidence, what-ifs and charts name it. */
export function sayCeilingFacts(f: CeilingFromFacts): string {
  switch (f.kind) {
    case 'cap':
      return `${capText(f)}${f.probed === null ? '' : ` (below the ${figureOf(f.ceiling, f.probed)} fio measured)`}`;
    case 'fio-below-cap':
      return `fio's ${figureOf(f.ceiling, f.probed)} (below ${capText(f)})`;
    case 'cap-seq-met-iops': {
      const iopsCap = f.iopsCap ? `the IOPS cap (${iops(f.iopsCap)})` : 'an IOPS limit';
      return `${capText(f)} (fio's sequential-write probe met ${iopsCap}, not this one: its ${mibPerSecond(f.seqBytesPerSecond)} is that cap in bytes)`;
    }
  }
}

/** A ceiling's `from` said: from its facts, or as an older recording stored it; undefined without either. */
export function sayCeilingFrom(from: CeilingFrom | undefined): string | undefined {
  if (!from) return undefined;
  return from.facts ? sayCeilingFacts(from.facts) : from.said;
}

const sizeText = (bytes: number) => (bytes >= MiB ? `${formatNumber(bytes / MiB)} MiB` : `${formatNumber(bytes / KiB)} KiB`);

/** Why fio's sequential-write figure is an IOPS limit in bytes, not a bandwidth ceiling, with the counts that show it. */
export function saySeqMetIops(m: SeqMetIops): string {
  const { seq } = m;
  const arrived = `fio's ${sizeText(seq.blockSizeBytes)} sequential writes reached ${seq.device} as ${formatNumber(seq.bioBytes / KiB)} KiB bios (${formatNumber(seq.biosPerFioIo)} per write)`;
  const tail = `the sequential probe met the IOPS limit, so its ${mibPerSecond(m.seqBytesPerSecond)} is that limit in bytes, not a bandwidth ceiling`;
  if (m.by === 'iops-cap') return `${arrived}, ${formatNumber(seq.biosPerSecond)} bios/s against the cgroup's IOPS cap of ${iops(m.capIops)}: ${tail}`;
  const rate = (c: ProbeCounted) => (m.count === 'bios' ? c.biosPerSecond : c.requestsPerSecond);
  return `${arrived}, ${formatNumber(rate(seq))} ${m.count}/s against the random probe's ${formatNumber(rate(m.rand))}/s: ${tail}`;
}
