/**
 * Advice in proportion. The "What to do" box offers a change to the workflow, or asks for the
 * experiments, only when the most it could save is at least `savingMs` AND at least `savingShare`
 * of the time until the files were on disk; below either, it says the restore is fast and that
 * nothing needs changing. A second is about the run-to-run noise of a hosted runner's step, a tenth
 * is FIX_MIN_SAVING_SHARE (what a measured fix must save to be named), and the experiments alone
 * cost about a minute (DEFAULT_EXPERIMENT_BUDGET_SECONDS) to find less than that.
 *
 * "The most it could save" is, in order: the best measured fix's saving; the what-if bound of the
 * resource the verdict names; without a bound, the time of the phases judged bound by it (a resource
 * infinitely fast saves at most those); with no resource named, the whole time until on disk.
 */
// The threshold is the judge's (judge/thresholds.ts), so a rule's advice (a download stall's setting) and the box pass the same one.
export { WORTH_CHANGING, worthChanging } from '../judge/thresholds.js';
