/** What a user would change in the workflow to get each alternative's time (fix-step.ts), and its one line for the table. Pure. */
import type { AlternativeName } from './alternatives.js';
import type { WorkflowFix } from '../profile/schema.js';
import { applyLine, workflowFix, type FixContext } from './fix-step.js';

export { dirtyBytesFor } from './workflow-steps.js';

export type ApplyContext = FixContext;

export function applyFix(alternative: AlternativeName, c: ApplyContext): { apply: string; fix: WorkflowFix } {
  const fix = workflowFix(alternative, c);
  return { apply: applyLine(alternative, fix), fix };
}

export function applyText(alternative: AlternativeName, c: ApplyContext): string {
  return applyFix(alternative, c).apply;
}
