/**
 * Evidence from the runner's cgroup over a phase: the group's CPU against its quota and the share of
 * CFS periods the quota throttled it in. Either says "CPU-limited" where PSI is missing (kernels
 * built without it, before 4.20, or /proc/pressure hidden from a container). Pure.
 */
import type { PhaseFacts } from './phase-facts.js';
import { type Candidate, candidate } from './evidence.js';
import { QUOTA_FULL_SHARE, THROTTLED_MIN_PERIODS, THROTTLED_PERIODS_SHARE } from './thresholds.js';

export interface QuotaEvidence {
  /** The group ran at its quota over the phase. */
  bound: boolean;
  candidates: Candidate[];
}

export function quotaCandidates(facts: Pick<PhaseFacts, 'cgroupCpu'>): QuotaEvidence {
  const g = facts.cgroupCpu;
  if (!g || g.quotaCores === null) return { bound: false, candidates: [] };
  const c: Candidate[] = [];
  const usageShare = g.usageCores === null ? null : g.usageCores / g.quotaCores;
  const atQuota = usageShare !== null && usageShare >= QUOTA_FULL_SHARE;
  // Throttled in most of its periods: the group wanted more than its quota most of the time, even
  // where a busy host kept its average below the quota. A handful of periods says little.
  const throttled = g.throttledShare !== null && g.periods >= THROTTLED_MIN_PERIODS && g.throttledShare >= THROTTLED_PERIODS_SHARE;
  if (usageShare !== null) {
    c.push(
      candidate(
        'cgroup-quota-usage',
        { kind: 'cgroup-quota-usage', usageCores: g.usageCores ?? 0, usageShare, quotaCores: g.quotaCores },
        usageShare,
        'share',
        atQuota ? ['cpu'] : [],
        QUOTA_FULL_SHARE,
      ),
    );
  }
  if (g.throttledShare !== null) {
    c.push(
      candidate(
        'cgroup-throttled',
        { kind: 'cgroup-throttled', throttledShare: g.throttledShare, periods: g.periods, throttledMs: g.throttledMs },
        g.throttledShare,
        'share',
        throttled ? ['cpu'] : [],
        THROTTLED_PERIODS_SHARE,
      ),
    );
  }
  return { bound: atQuota || throttled, candidates: c };
}
