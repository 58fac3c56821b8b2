/** Monotonic milliseconds since an origin; the whole profile shares one origin. */
import { performance } from 'node:perf_hooks';

export function monotonicMs(): number {
  return performance.now();
}
