/**
 * The trace plan hung under the job's trace (trace-parent.ts decided where). The profiled step already has a
 * span there, the receiver's, so the plan's own root is not sent: what the main step did (the restore, the
 * probes, the experiments) takes the step's span as its parent, and the save, done in the post step, the post
 * step's. The root's attributes (what a fleet query asks of a run) move to the first of the main step's spans,
 * the restore's when there was one. A trace of its own keeps the plan as it is. Pure.
 */
import type { TraceParent } from './trace-parent.js';
import { SPAN } from './names.js';
import type { SpanPlan } from './trace-plan.js';

export function nestedPlan(plan: readonly SpanPlan[], parent: TraceParent): SpanPlan[] {
  const root = plan[0];
  if (parent.kind === 'own' || !root || root.parent !== null) return [...plan];
  const rest = plan.slice(1);
  const firstOfStep = rest.findIndex((s) => s.parent === 0 && s.name !== SPAN.save);
  return rest.map((s, i) => {
    if (s.parent !== 0) return { ...s, parent: s.parent === null ? null : s.parent - 1 };
    const spanId = s.name === SPAN.save ? parent.postStepSpanId : parent.stepSpanId;
    return {
      ...s,
      parent: null,
      remoteParent: { traceId: parent.traceId, spanId },
      ...(i === firstOfStep ? { attributes: { ...root.attributes, ...s.attributes } } : {}),
    };
  });
}
