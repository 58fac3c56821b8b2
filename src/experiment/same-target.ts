/**
 * Which runs, outcomes and targets are of one target: one alternative on one mount point (other-disk has one per
 * file system, the rest null). Pure; the one comparison the experiments' modules share.
 */

/** What names a target: a run, an outcome, a skip or the target itself. */
export interface TargetKey {
  alternative: string;
  mountPoint: string | null;
}

export const sameTarget = (a: TargetKey, b: TargetKey): boolean => a.alternative === b.alternative && a.mountPoint === b.mountPoint;

/** The runs (or outcomes) of `target`, in the order given. */
export const runsOfTarget = <R extends TargetKey>(runs: readonly R[], target: TargetKey): R[] => runs.filter((r) => sameTarget(r, target));
