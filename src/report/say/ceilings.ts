/**
 * The ceilings said: what set a ceiling where a cgroup I/O cap had a say (judge/cgroup-io.ts gives the
 * cap, fio's figure and why) and why fio's sequential-write figure is an IOPS limit in bytes
 * (judge/probe-caps.ts). The words are judge/ceiling-words.ts's while the judge's evidence still says
 * them (issue 39 item 1); the report takes them from here. Pure.
 */
export { sayCeilingFacts, sayCeilingFrom, saySeqMetIops } from '../../judge/ceiling-words.js';
