/**
 * The sentences a written profile carries for its readers: the profile schema's fields are only added
 * within a major version, never removed, so a profile still holds the verdict's sentence, each what-if's
 * and each device's, each phase's and each evidence item's, the attribution's lines, a cgroup cap's
 * account of a ceiling, and the download's, the upload's and the save's words (an older disk-profiler's
 * validator asks for them). Said here, from the judge's facts, at the edge where the profile is written;
 * this version's readers say them again from the facts. Pure.
 */
import type { DeviceVerdict, DownloadVerdict, Profile, SaveResult, UploadVerdict, WhatIf } from '../../profile/schema.js';
import { sayAttribution } from './attribution.js';
import { sayCeilingFacts, sayCeilingFrom } from './ceilings.js';
import { sayDevice } from './device.js';
import { sayEvidence } from './evidence.js';
import { sayPhase } from './phase.js';
import { saySave, saySavePhase } from './save.js';
import { sayDownload, sayStallToolkit, sayUpload } from './transfer.js';
import { sayVerdict } from './verdict.js';
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
      sentence: sayVerdict(v, profile),
      whatIf: v.whatIf.map((w) => ({ ...withCeilingWords(w), sentence: sayWhatIf(w) })),
      phases: v.phases.map((p) => ({ ...p, sentence: sayPhase(p), evidence: p.evidence.map((e) => ({ ...e, text: sayEvidence(e, p.phase) })) })),
      ...(v.devices ? { devices: v.devices.map((d) => ({ ...withShareWords(d), sentence: sayDevice(d) })) } : {}),
      ...(v.attribution ? { attribution: { ...v.attribution, sentences: sayAttribution(v.attribution) } } : {}),
      ...(v.download ? { download: storedTransfer(v.download, sayDownload(v.download)) } : {}),
    },
    ...save,
  };
}

/** The what-if's doubled ceiling in words (WhatIfFacts.ceilingFrom), where its facts hold it typed. */
function withCeilingWords(w: WhatIf): WhatIf {
  const f = w.facts;
  if (f?.ceilingFacts === undefined) return w;
  return { ...w, facts: { ...f, ceilingFrom: f.ceilingFacts && sayCeilingFacts(f.ceilingFacts) } };
}

/** The cap's account of the ceiling a device's top share is against (DiskShare.from.said), where it has facts. */
function withShareWords(d: DeviceVerdict): DeviceVerdict {
  const from = d.facts?.top?.from;
  if (!d.facts?.top || !from?.facts) return d;
  return { ...d, facts: { ...d.facts, top: { ...d.facts.top, from: { ...from, said: sayCeilingFrom(from) ?? '' } } } };
}
