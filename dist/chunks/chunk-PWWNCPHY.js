import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);

// src/util/clock.ts
import { performance } from "node:perf_hooks";
function monotonicMs() {
  return performance.now();
}

export {
  monotonicMs
};
