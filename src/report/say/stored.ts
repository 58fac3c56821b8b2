/**
 * The sentences a written profile carries for its readers: the profile schema's fields are only added
 * within a major version, never removed, so a profile still holds each what-if's and each device's
 * sentence, and the download's, the upload's and the save's words (an older disk-profiler's validator
 * asks for them). Said here, from the judge's facts, at the edge where the profile is written; this
 * version's readers say them again from the facts. Pure.
 */
import type { DownloadVerdict, Profile, SaveResult, UploadVerdict } from '../../profile/schema.js';
import { sayDevice } from './device.js';
import { saySave, saySavePhase } from './save.js';
import { sayDownload, sayStallToolkit, sayUpload } from './transfer.js';
import { sayWhatIf } from './what-if.js';

/** A transfer verdict with its words stored beside its facts. */
function storedTransfer<V extends DownloadVerdict | UploadVerdict>(v: V, said: { sentence: string; evidence: string[]; whatIf: string[] }): V {
  return {
    ...v,
    sentence: said.sentence,
    evidence: said.evidence,
    stalls: v.stalls.map((s) => ({ ...s, toolkit: sayStallToolkit(s) })),
    whatIf: v.whatIf.map((w, i) => ({ ...w, sentence: said.whatIf[i] ?? '' })),
  };
}

function storedSave(save: SaveResult): SaveResult {
  const v = save.verdict;
  if (!v) return save;
  return {
    ...save,
    verdict: {
      ...v,
      sentence: saySave(v),
      phases: v.phases.map((p) => ({ ...p, ...saySavePhase(p, v.upload) })),
      ...(v.upload ? { upload: storedTransfer(v.upload, sayUpload(v.upload)) } : {}),
    },
  };
}

export function withStoredSentences(profile: Profile): Profile {
  const v = profile.verdict;
  const save = profile.save ? { save: storedSave(profile.save) } : {};
  if (!v) return { ...profile, ...save };
  return {
    ...profile,
    verdict: {
      ...v,
      whatIf: v.whatIf.map((w) => ({ ...w, sentence: sayWhatIf(w) })),
      ...(v.devices ? { devices: v.devices.map((d) => ({ ...d, sentence: sayDevice(d) })) } : {}),
      ...(v.download ? { download: storedTransfer(v.download, sayDownload(v.download)) } : {}),
    },
    ...save,
  };
}
