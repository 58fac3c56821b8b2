/**
 * Each alternative as the user adds it to the workflow: its descriptor's step (descriptors.ts, built
 * in workflow-steps.ts), and the table's one line for it. Pure.
 */
import type { AlternativeName, WorkflowFix } from '../profile/schema.js';
import { descriptorOf } from './descriptors.js';
import type { FixContext } from './workflow-steps.js';

export { FIX_PLACEMENT, mountedPaths, shellPath, type FixContext } from './workflow-steps.js';

export function workflowFix(alternative: AlternativeName, c: FixContext): WorkflowFix {
  return descriptorOf(alternative).fix(c);
}

/** The table's one line: what the step does (the descriptor's words), inline. */
export function applyLine(alternative: AlternativeName, fix: WorkflowFix): string {
  if (fix.kind === 'none' || !fix.yaml) return fix.note ?? '';
  const commands = fix.yaml
    .split('\n')
    .filter((l) => l.startsWith('    '))
    .map((l) => l.trim());
  return `${descriptorOf(alternative).words.changes}, in a step before the restore step: \`${commands.join(' && ')}\``;
}
