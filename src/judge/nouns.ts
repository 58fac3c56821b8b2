/**
 * The words moved to report/say/nouns.ts (issue 39, item 1). The restore verdict's sentence, still
 * built in judge.ts until it moves to report/say/verdict.ts, reads its nouns here; delete this file
 * when it has moved. Nothing else in src/judge names a phase or a resource in words.
 */
export { BOTTLENECK_LABEL, RESOURCE_NOUN, VERDICT_PHASE_NOUN } from '../report/say/nouns.js';
