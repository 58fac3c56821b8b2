/**
 * The restored tree's anatomy, remembered per cache entry (remember/anatomy.ts): looked up as the
 * download begins (the restore asks tar for no report where it is in by extraction), and stored after a
 * restore whose tar reported it when the lookup found none, so the entry's later restores skip the report.
 */
import { anatomyDocument, storeAnatomy } from '../../remember/anatomy.js';
import type { TimedRestore } from '../../restore/timed-restore.js';

/**
 * Stores the anatomy tar reported where the lookup answered that the entry has none remembered (one that
 * failed stores nothing: the next restore learns it again). Run beside what follows the restore, as the
 * ceilings' and the history's reads are. Never rejects (the lookup and the store answer a failure as a
 * miss and a reason); returns the line that says what it did (said
 * where it is awaited, so it lands in no other log group).
 */
export async function rememberAnatomy(timed: TimedRestore): Promise<string | null> {
  const { treeFrom, treeLookup, reportedTree, restore } = timed;
  if (treeFrom?.kind !== 'tar-report' || !treeLookup || !reportedTree || !restore.cacheHit || restore.error || restore.archiveBytes === null) return null;
  const answer = await treeLookup.lookup;
  if (answer.known || !answer.absent) return null;
  const stored = await storeAnatomy(
    anatomyDocument(treeLookup.entry, restore.archiveBytes, reportedTree, treeLookup.workingDirectory, new Date().toISOString()),
  );
  return stored.ok
    ? `The restored tree's anatomy (as tar reported it) is remembered for this cache entry (${stored.key}): its later restores ask tar for no report.`
    : `The restored tree's anatomy was not remembered for this cache entry: ${stored.reason}.`;
}
