/**
 * A what-if said: the judge's typed facts (judge/what-if.ts whatIfs: its outcome, bounds, the phases it
 * read, what the doubled ceiling was, the half rule) turned into the one sentence the report's what-if
 * list shows. Nothing here decides: every branch reads an outcome or a figure the judge gave. Pure.
 */
import type { HalfRule, Resource, WhatIf, WhatIfFacts, WhatIfPhaseFacts } from '../../profile/schema.js';
import { isDiskResource, RESOURCES } from '../../profile/schema.js';
import { VERDICT_PHASE_NOUN } from './nouns.js';
import { SUSTAINED_RATE_MS } from '../../judge/thresholds.js';
import { bytes, cores, formatNumber, iops, mibPerSecond, percent, seconds } from '../../util/format.js';
import { sayCeilingFacts } from './ceilings.js';
import { RESOURCE_WORDS } from './resources.js';

const range = (a: number, b: number) => (seconds(a) === seconds(b) ? `about ${seconds(a)}` : `${seconds(a).replace(/ s$/, '')}–${seconds(b)}`);

const timesWord = (speedup: number) => (speedup === 2 ? 'twice' : `${speedup} times`);

/** The figure of a ceiling of the kind the what-if relaxes. */
function figure(resource: Resource, value: number): string {
  return resource === 'disk-bandwidth' ? mibPerSecond(value) : iops(value);
}

/** The rate the bound doubled where it is above the ceiling's figure (WhatIfFacts.raised), and what it is above. */
function raisedText(resource: Resource, raised: NonNullable<WhatIfFacts['raised']>, from: string | null): string {
  const below = from ?? (raised.namedCeiling === null ? undefined : `fio's ${figure(resource, raised.namedCeiling)}`);
  return `the ceiling doubled is the ${figure(resource, raised.doubledCeiling)} the disk sustained during the restore${below ? `, above ${below}` : ' (no probe measured one)'}`;
}

/** Why a disk what-if saves at most, or more than, half of extraction and tail (judge/what-if.ts withHalfRule). */
function halfText(h: HalfRule, speedup: number): string {
  const times = timesWord(speedup);
  const share = percent(1 - 1 / speedup);
  const ran = h.ranAtCeilingShare === null ? '' : percent(h.ranAtCeilingShare);
  if (h.kind === 'held')
    return `the disk averaged ${ran} of that ceiling over extraction and the tail (another limit held it, or a burst credit was spent before the probe), so the bound takes ${times} the rate the restore got: at most ${share} of their ${seconds(h.spanMs)}`;
  if (h.kind === 'beyond') {
    const why = [
      ...(h.ranAtCeilingShare !== null && h.ranAtCeilingShare < 1 ? [`the disk averaged ${ran} of that ceiling there`] : []),
      ...(h.ownShare < 1
        ? [`the bound moves only the restore's own ${percent(h.ownShare)} of what the disk wrote (not the journal's, metadata's or another writer's)`]
        : []),
    ];
    return `more than ${share} of extraction and the tail's ${seconds(h.spanMs)}, as ${why.length > 0 ? why.join(' and ') : 'a faster disk writes more of the archive while the download runs'}`;
  }
  return `more than ${share} of extraction and the tail's ${seconds(h.spanMs)}: they wrote to several disks, whose dirty pages share one limit, so a faster disk can free the others' writes too`;
}

/** The two ceilings a burst credit left, as the bandwidth what-if doubles them. */
function burstText(b: NonNullable<WhatIfFacts['burst']>, from: string | null): string {
  const rate = b.ms > 0 ? (b.bytes / b.ms) * 1000 : 0;
  const baseline =
    from ??
    (b.baselineProbed
      ? `the ${mibPerSecond(b.baselineBytesPerSecond)} fio measured`
      : `${mibPerSecond(b.baselineBytesPerSecond)} to the end (no probe measured it)`);
  return `the volume spent a burst credit: it wrote the extraction's first ${bytes(b.bytes)} at ${mibPerSecond(rate)}, then held at ${baseline}; that baseline is doubled, the burst left as it was (a provider's burst rate does not grow with the volume's size or tier)`;
}

/**
 * The phases a resource no phase was bound by could still shorten, named with their verdict: for a disk
 * kind, those bound by the other kind ("extraction (disk-iops-bound)"); else any bound but the lookup.
 */
function boundNouns(phases: readonly WhatIfPhaseFacts[], resource: Resource): string {
  const disk = isDiskResource;
  const bound = phases.filter((p) => p.phase !== 'lookup' && RESOURCES.some((r) => r === p.bottleneck) && (!disk(resource) || disk(p.bottleneck)));
  return bound.length === 0 ? 'any phase' : bound.map((p) => `${VERDICT_PHASE_NOUN[p.phase]} (${p.bottleneck}-bound)`).join(' and ');
}

/**
 * Why a resource twice as fast saves nothing, from the phases' verdicts: none was bound by it, or only
 * the lookup was (one round trip: the what-if shortens only the download), or its phases were bound by
 * it but the work the other resources set leaves them as long.
 */
function whyNoSaving(phases: readonly WhatIfPhaseFacts[], resource: Resource): string {
  const bound = phases.filter((p) => p.bottleneck === resource);
  if (bound.length === 0) return `no phase was judged ${resource}-bound`;
  if (bound.every((p) => p.phase === 'lookup'))
    return `only the cache lookup was judged ${resource}-bound, and it is one round trip, which a faster network rate does not shorten`;
  return `${bound.map((p) => VERDICT_PHASE_NOUN[p.phase]).join(' and ')}, judged ${resource}-bound, would be held as long by the work the other resources set`;
}

/** "the CPU-bound extraction (0.39 s of its 0.45 s)": the phases a bound read as their CPU work. */
function cpuWorkText(phases: readonly WhatIfPhaseFacts[]): string {
  return phases
    .filter((p) => p.cpuWorkMs < p.durationMs)
    .map((p) => `the CPU-bound ${p.phase === 'extract' ? 'extraction' : p.phase} (${seconds(p.cpuWorkMs)} of its ${seconds(p.durationMs)})`)
    .join(' and ');
}

/** "with the disk's bandwidth twice as fast", "with twice the cgroup's CPU quota (…)". */
function phraseOf(w: WhatIf, f: WhatIfFacts): string {
  const times = timesWord(w.speedup);
  if (f.cpuQuotaCores !== null) return `with ${times} the cgroup's CPU quota (${cores(f.cpuQuotaCores * w.speedup)}, now ${formatNumber(f.cpuQuotaCores)})`;
  const phrase = RESOURCE_WORDS[w.resource].whatIfPhrase;
  return `${f.device !== null ? phrase.replace("the disk's", `${f.device}'s`) : phrase} ${times} as fast`;
}

function bodyOf(w: WhatIf, f: WhatIfFacts): string {
  const phrase = phraseOf(w, f);
  const { nowMs, lowerMs, upperMs } = f;
  const atMost = w.savingAtMostMs ?? 0;
  const atLeast = w.savingAtLeastMs ?? 0;
  switch (f.outcome) {
    case 'not-measured':
      return `${phrase}: not measured, as the disk has no fio ceiling nor cgroup I/O cap here and the restore sustained no rate of that kind for ${seconds(SUSTAINED_RATE_MS)}.`;
    case 'no-saving':
      return `${phrase} this restore would still take about ${seconds(nowMs)}: ${whyNoSaving(f.phases, w.resource)}.`;
    case 'only-cpu-work':
      return `${phrase} this restore would still take ${range(lowerMs, nowMs)} (now ${seconds(nowMs)}): ${whyNoSaving(f.phases, w.resource)}; the lower figure holds ${cpuWorkText(f.phases)} to its CPU work, which no faster ${w.resource === 'network' ? 'network' : 'disk'} shortens.`;
    case 'second-limit':
      return `${phrase} this restore would take at least ${seconds(lowerMs)} (now ${seconds(nowMs)}), yet no phase was judged ${w.resource}-bound: not a saving to count on, only the most it could be were ${RESOURCE_WORDS[w.resource].secondLimit} a second limit of ${boundNouns(f.phases, w.resource)}.`;
    case 'range':
      return `${phrase} this restore would take ${range(lowerMs, upperMs ?? lowerMs)} (now ${seconds(nowMs)}), saving ${range(atLeast, atMost)}.`;
    case 'at-most':
      return `${phrase} this restore would take at least ${seconds(lowerMs)} (now ${seconds(nowMs)}), saving at most ${seconds(atMost)}.`;
  }
}

/** The what-if's sentence; a recording made before the facts existed keeps the sentence it recorded. */
export function sayWhatIf(w: WhatIf): string {
  const f = w.facts;
  if (!f) return w.sentence ?? '';
  let sentence = bodyOf(w, f);
  const add = (clause: string) => {
    sentence = `${sentence.replace(/\.$/, '')}; ${clause}.`;
  };
  // What set the doubled ceiling: said from its facts, or as a recording made before them stored it.
  const from = f.ceilingFacts !== undefined ? f.ceilingFacts && sayCeilingFacts(f.ceilingFacts) : (f.ceilingFrom ?? null);
  if (f.burst) add(burstText(f.burst, from));
  else if (f.raised) add(raisedText(w.resource, f.raised, from));
  else if (from) add(`the ceiling doubled is ${from}`);
  if (w.half && f.outcome !== 'no-saving') add(halfText(w.half, w.speedup));
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
