/**
 * The bench's reference probes: Google's method as published, a 2 s ramp and a fixed 60 s run each,
 * no steady-state detection, what the adaptive suite is compared with (probe-accuracy.ts).
 */
import { probeKillAfterMs, type ProbeTiming } from '../../src/probe/jobs.js';
import type { ProbeSchedule } from '../../src/probe/suite.js';

export const REFERENCE_RAMP_MS = 2000;
export const REFERENCE_RUNTIME_MS = 60_000;
/** A reference layout may take as long as the disk needs. */
const REFERENCE_LAYOUT_CAP_MS = 10 * 60_000;

export function referenceTiming(runtimeMs = REFERENCE_RUNTIME_MS): ProbeTiming {
  return { mode: 'reference', rampMs: REFERENCE_RAMP_MS, runtimeMs, ssDurS: null };
}

export function referenceSchedule(runtimeMs = REFERENCE_RUNTIME_MS): ProbeSchedule {
  return {
    layoutCapMs: () => REFERENCE_LAYOUT_CAP_MS,
    // The reference keeps no budget: each run is stopped only well past its own length.
    layoutStopAfterMs: (capMs) => capMs + 5000,
    timing: () => referenceTiming(runtimeMs),
    stopAfterMs: (timing, drainMs) => probeKillAfterMs(timing) + drainMs,
  };
}
