import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  applyLine,
  workflowFix
} from "./chunk-3V4773W6.js";

// src/experiment/apply.ts
function applyFix(alternative, c) {
  const fix = workflowFix(alternative, c);
  return { apply: applyLine(alternative, fix), fix };
}

export {
  applyFix
};
