/**
 * The save, observed (save/observed-save.ts) and then judged here, as the pipeline judges the restore:
 * the save's observer measures, the pipeline judges. What the post step and the upload and memory
 * benches run.
 */
import * as os from 'node:os';
import type { SaveResult } from '../profile/schema.js';
import { judgeSave, type SaveJudgeInput } from '../judge/save-rules.js';
import { type ObservedSaveOptions, observedSave } from '../save/observed-save.js';

/** The save's verdict from what its observer recorded; null where no phase ran. */
export function saveVerdict(save: SaveResult, ceilings?: SaveJudgeInput['ceilings'], cpuCount = os.availableParallelism()): SaveResult['verdict'] {
  if (save.phases.length === 0) return null;
  return judgeSave({
    phases: save.phases,
    deviceIndex: save.devices.length > 0 ? 0 : null,
    cpuCount,
    compressionThreads: save.compressionThreads,
    ceilings,
    samples: save.samples.snapshots,
  });
}

export async function judgedSave(o: ObservedSaveOptions & { ceilings?: SaveJudgeInput['ceilings'] }): Promise<SaveResult> {
  const save = await observedSave(o);
  return { ...save, verdict: saveVerdict(save, o.ceilings) };
}
