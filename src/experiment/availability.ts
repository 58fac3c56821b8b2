/**
 * Which alternatives can run on this machine, and why the others cannot: each alternative's own
 * rule, named by its descriptor (descriptors.ts, rules in availability-rules.ts). Pure: the facts
 * are read at the edge (machine-facts.ts).
 */
import type { ExperimentName } from './alternatives.js';
import { neededBytes, type Availability, type MachineFacts } from './availability-rules.js';
import { descriptorOf } from './descriptors.js';
import type { Skip, Target } from './types.js';

export {
  neededBytes,
  RAM_SHARE,
  ROOM_FACTOR,
  ROOM_MARGIN_BYTES,
  type Availability,
  type FileSystemRoom,
  type MachineFacts,
} from './availability-rules.js';

/**
 * patternPaths: restore paths that are patterns. Alternatives whose step mounts each restore path
 * (ram, other-disk: fix-step.ts) cannot mount what a pattern will match, so they do not run.
 */
export function availability(requested: readonly ExperimentName[], f: MachineFacts, patternPaths: readonly string[] = []): Availability {
  const context = { facts: f, needBytes: neededBytes(f.runBytes) };
  const base = descriptorOf('baseline').available(context);
  if (base.targets.length === 0) {
    const detail = base.skipped[0]?.detail ?? 'the baseline cannot run';
    const skipped: Skip[] = [
      ...base.skipped,
      ...requested.map((name) => ({ alternative: name, mountPoint: null, reason: 'no-baseline' as const, detail: `nothing to compare with: ${detail}` })),
    ];
    return { targets: [], skipped, ramVia: null };
  }
  const targets: Target[] = [...base.targets];
  const skipped: Skip[] = [];
  let ramVia: Availability['ramVia'] = null;
  for (const name of requested) {
    const descriptor = descriptorOf(name);
    if (descriptor.mountsRestorePaths && patternPaths.length > 0) {
      skipped.push({
        alternative: name,
        mountPoint: null,
        reason: 'pattern-path',
        detail: `${patternPaths.map((p) => `\`${p}\``).join(', ')} ${patternPaths.length === 1 ? 'is a pattern' : 'are patterns'}: a step can mount each restore path before the restore, not what a pattern will match`,
      });
      continue;
    }
    const found = descriptor.available(context);
    targets.push(...found.targets);
    skipped.push(...found.skipped);
    if (found.ramVia) ramVia = found.ramVia;
  }
  return { targets, skipped, ramVia };
}
