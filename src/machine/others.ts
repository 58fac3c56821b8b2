/**
 * Which other profiles ran on this machine while this one restored, probed or experimented, from
 * the ledger's phase times. Pure.
 */
import { SHARED_PHASES, type OtherProfile, type SharedPhase } from '../profile/schema.js';
import type { LedgerRecord } from './ledger.js';

/**
 * `alive(r)` tells whether a record's process still runs: an open phase of a live profile lasts until
 * now, a dead one's until its record was last written.
 */
export function otherProfilesDuring(
  mine: LedgerRecord,
  records: readonly LedgerRecord[],
  nowEpochMs: number,
  alive: (r: LedgerRecord) => boolean,
): OtherProfile[] {
  const out: OtherProfile[] = [];
  for (const other of records) {
    if (other.id === mine.id) continue;
    const openEnd = other.endedEpochMs ?? (alive(other) ? nowEpochMs : other.updatedEpochMs);
    const during = new Set<SharedPhase>();
    const theirs = new Set<SharedPhase>();
    for (const m of mine.phases) {
      const mEnd = m.endEpochMs ?? nowEpochMs;
      for (const t of other.phases) {
        const tEnd = t.endEpochMs ?? openEnd;
        if (m.startEpochMs < tEnd && t.startEpochMs < mEnd) {
          during.add(m.phase);
          theirs.add(t.phase);
        }
      }
    }
    if (during.size === 0) continue;
    out.push({
      label: other.owner.label,
      pid: other.owner.pid,
      during: SHARED_PHASES.filter((p) => during.has(p)),
      theirPhases: SHARED_PHASES.filter((p) => theirs.has(p)),
    });
  }
  return out;
}
