/**
 * An evidence item said: what was measured and against what, from the figures the judge gave it.
 */
import type { Evidence, PhaseName } from '../../profile/schema.js';

/** The item's sentence, lower-case; a recording made before the facts existed keeps the text it recorded. */
export function sayEvidence(e: Pick<Evidence, 'facts' | 'text'>, _phase: PhaseName): string {
  return e.text ?? '';
}
