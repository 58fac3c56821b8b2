/**
 * Stage 10, last: this run added to its label's history (read since stage 5) and shown against the earlier
 * runs; on a run whose tail was left to the follower, the post step runs it once it has judged with the tail.
 */
import type { HistoryKeyConfig, HistoryReservation, LoadedHistory } from '../../history/store.js';
import type { HardwareFingerprint, HistoryView } from '../../profile/always-on.js';
import type { Profile } from '../../profile/schema.js';
import { HISTORY_GROUP, historyOf } from '../always-on.js';
import type { PipelineHooks } from './hooks.js';

export async function addToHistory(
  config: HistoryKeyConfig,
  profile: Profile,
  fingerprint: HardwareFingerprint,
  historyLoad: Promise<LoadedHistory> | null,
  hooks: Pick<PipelineHooks, 'onPhase'>,
  /**
   * Started as the save begins, with the unsaved view on the profile (the post step's export, which reads
   * nothing of the save): the save's round trips and its work overlap. Not called when nothing is saved.
   */
  beside?: () => void,
  /** The entry reserved ahead for this run (the post step's, as it starts). */
  reservation: HistoryReservation | null = null,
): Promise<void> {
  if (config.history) hooks.onPhase?.(HISTORY_GROUP);
  const onUnsaved = beside
    ? (view: HistoryView) => {
        profile.history = view;
        beside();
      }
    : undefined;
  const history = await historyOf(config, profile, fingerprint, historyLoad, onUnsaved, reservation);
  hooks.onPhase?.(null);
  if (history) profile.history = history;
}
