// The checks of what a user reads (issue 31), as functions over a rendered summary's Markdown: each
// returns what it found wrong, empty when nothing. Used by __tests__/report/first-screen-facts.test.ts
// over every recorded profile. Pure.
import type { DownloadTimeline, Verdict } from '../../src/profile/schema.js';
import { NEAR_CEILING_SHARE } from '../../src/judge/thresholds.js';
import { sayWhatIf } from '../../src/report/say/what-if.js';

const UNIT_FACTOR: Record<string, number> = { B: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3 };

/** A printed figure (with its unit, when bytes) and how far the value behind it can be: half a unit of its last printed digit. */
function figure(printed: string): { value: number; slack: number } {
  const [text = '', unit = ''] = printed.split(' ');
  const k = (text.endsWith('k') ? 1000 : 1) * (UNIT_FACTOR[unit.replace(/\/s$/, '')] ?? 1);
  const digits = text.replace(/k$/, '').replace(/,/g, '').replace(/-.*$/, '');
  const decimals = digits.includes('.') ? (digits.split('.')[1] ?? '').length : 0;
  return { value: Number(digits) * k, slack: 0.5 * 10 ** -decimals * k };
}

/** Whether a printed percentage can be `a` over `b` (as a share, or as a share more: `offset` 1), given how both were rounded. */
function follows(percent: number, a: string, b: string, offset = 0): boolean {
  const x = figure(a);
  const y = figure(b);
  if (y.value - y.slack <= 0) return true;
  const low = ((x.value - x.slack) / (y.value + y.slack) - offset) * 100;
  const high = ((x.value + x.slack) / (y.value - y.slack) - offset) * 100;
  return percent >= Math.floor(low - 0.5) && percent <= Math.ceil(high + 0.5);
}

const UNIT = String.raw`(?:MiB\/s|KiB\/s|GiB\/s|writes\/s|reads\/s|IOPS|MiB|KiB|GiB|B|cores?)`;
/** A figure with its unit, captured together for figure(). */
const FIG = String.raw`\d[\d,]*(?:\.\d+)?k? ${UNIT}`;
const NUM = String.raw`\d[\d,]*(?:\.\d+)?k?`;
/** "42 MiB/s, 101% of the 41.7 MiB/s …", "989 writes/s of 7.63 KiB, 166% of the 598 IOPS …", "8.53 MiB/s, 107% of the cgroup's blkio cap of 8 MiB/s". */
const SHARE_OF = new RegExp(String.raw`(${FIG})(?: of [\d.]+ KiB)?, (\d+)% of (?:the|its|fio's) (?:cgroup's \w+ cap of )?(${NUM}[ -]${UNIT})`, 'g');
/** "16.5 MiB (14%) more than tar's own 119 MiB", "… and the archive's 12.4 MiB that reached the same disk, 132 MiB together". */
const MORE_THAN = new RegExp(String.raw`(${FIG}) \((\d+)%\) more than (?:the restore's own: )?([^:]*)`, 'g');

/** Every "P% of" and "(P%) more than" that does not follow from the figures it names. */
export function wrongPercentages(markdown: string): string[] {
  const wrong: string[] = [];
  for (const m of markdown.matchAll(SHARE_OF)) {
    const [all, rate, p, ceiling] = m as unknown as [string, string, string, string];
    if (!follows(Number(p), rate, ceiling)) wrong.push(all);
  }
  for (const m of markdown.matchAll(MORE_THAN)) {
    const [all, extra, p, rest] = m as unknown as [string, string, string, string];
    const base = /(\S+ \S+) together/.exec(rest)?.[1] ?? new RegExp(`(${FIG})`).exec(rest)?.[1];
    if (!base || !follows(Number(p), extra, base)) wrong.push(all);
  }
  // The form issue 31 found: "tar wrote 119 MiB …; the disk wrote 138 MiB … (5% more than tar's own: …)".
  for (const m of markdown.matchAll(
    new RegExp(String.raw`tar wrote (${FIG}) into the page cache; the disk wrote (${FIG})[^(]*\((\d+)% more than tar's own:`, 'g'),
  )) {
    const [all, own, device, p] = m as unknown as [string, string, string, string];
    if (!follows(Number(p), device, own, 1)) wrong.push(all);
  }
  return wrong;
}

/** Floats printed with more than 3 decimals (not inside a word, a version or a timestamp). */
export function longFloats(markdown: string): string[] {
  return [...markdown.matchAll(/(?<![\w.:-])\d+\.\d{4,}(?![\w.])/g)].map((m) => m[0]);
}

interface PhaseBlock {
  phase: string;
  label: string;
  text: string;
}

/** The evidence section's blocks: "**extract: disk bandwidth.** …" and its bullets. */
function evidenceBlocks(markdown: string): PhaseBlock[] {
  const section = markdown.split('<summary>Why: the evidence per phase</summary>')[1]?.split('</details>')[0] ?? '';
  return section
    .split(/\n(?=\*\*(?:lookup|download|extract|writeback): )/)
    .slice(1)
    .map((b) => {
      const m = /^\*\*(\w+): ([^*]+?)\.\*\*/.exec(b);
      return { phase: m?.[1] ?? '', label: m?.[2] ?? '', text: b };
    });
}

/** The phase table's "Limited by" per phase. */
function tableLabels(markdown: string): Map<string, string> {
  const out = new Map<string, string>();
  const table = markdown.split('| Phase | Time | Share | Moved | Rate | Limited by |')[1]?.split('\n\n')[0] ?? '';
  for (const m of table.matchAll(/^\| (lookup|download|extract|writeback) \|.*\| ([^|]+) \|$/gm)) out.set(m[1] as string, (m[2] as string).trim());
  return out;
}

/** Phases whose table label, evidence heading and download lead do not say the same. */
export function labelMismatches(markdown: string): string[] {
  const table = tableLabels(markdown);
  const out: string[] = [];
  for (const b of evidenceBlocks(markdown)) if (table.get(b.phase) !== b.label) out.push(`${b.phase}: table "${table.get(b.phase)}", evidence "${b.label}"`);
  const lead = /<summary>Download: [^<]*<\/summary>\s*\n\*\*download: ([^*]+)\*\*/.exec(markdown)?.[1];
  if (lead !== undefined && lead !== table.get('download')) out.push(`download: table "${table.get('download')}", download section "${lead}"`);
  return out;
}

/** Ceiling shares at or above NEAR_CEILING_SHARE in a block labelled "nothing near a limit". */
export function nearBesideNothing(markdown: string): string[] {
  const out: string[] = [];
  for (const b of evidenceBlocks(markdown)) {
    if (b.label !== 'nothing near a limit') continue;
    for (const m of b.text.matchAll(/(\d+)% of (?:the|its) [^,;()]*?(?:ceiling|cap)/g))
      if (Number(m[1]) >= NEAR_CEILING_SHARE * 100) out.push(`${b.phase}: ${m[0]}`);
  }
  return out;
}

const PLAIN: Record<string, string> = { network: 'network', 'disk-bandwidth': 'disk bandwidth', 'disk-iops': 'disk IOPS', cpu: 'CPU' };

/** What-ifs that contradict the phases' verdicts: "no phase was judged X-bound" beside one that was, or a saving offered on a resource none was. */
export function whatIfContradictions(markdown: string, verdict: Verdict): string[] {
  const out: string[] = [];
  const section = markdown.split('<summary>What if each resource were twice as fast</summary>')[1]?.split('</details>')[0] ?? '';
  const table = [...tableLabels(markdown).values()];
  for (const m of section.matchAll(/no phase was judged ([\w-]+)-bound/g)) {
    const r = m[1] as string;
    if (verdict.phases.some((p) => p.bottleneck === r) || table.includes(PLAIN[r] ?? r)) out.push(m[0]);
  }
  for (const w of verdict.whatIf) {
    const offered = /saving (at most|about|[\d.]+–)/.test(sayWhatIf(w));
    if (offered && !verdict.phases.some((p) => p.bottleneck === w.resource)) out.push(sayWhatIf(w));
  }
  return out;
}

/** Over-100% reasons on a phase they are not about: a "phase this short (T s)" that is not this phase's length; fio's reason under a cgroup cap. */
export function misplacedReasons(markdown: string): string[] {
  const out: string[] = [];
  const lengths = new Map<string, string>();
  const table = markdown.split('| Phase | Time | Share | Moved | Rate | Limited by |')[1]?.split('\n\n')[0] ?? '';
  for (const m of table.matchAll(/^\| (lookup|download|extract|writeback) \| ([\d.]+ s) \|/gm)) lengths.set(m[1] as string, m[2] as string);
  for (const b of evidenceBlocks(markdown))
    for (const m of b.text.matchAll(/a phase this short \(([\d.]+ s)\)/g)) if (m[1] !== lengths.get(b.phase)) out.push(`${b.phase}: ${m[0]}`);
  const section = markdown.split('<summary>Why: the evidence per phase</summary>')[1] ?? '';
  const verdictLine = section.split('\n').find((l) => l.trim().length > 0) ?? '';
  const carrier = /(extraction|the writeback tail|the download) took \d+% of/.exec(verdictLine)?.[1];
  const carrierPhase = carrier === 'extraction' ? 'extract' : carrier === 'the writeback tail' ? 'writeback' : 'download';
  for (const m of verdictLine.matchAll(/a phase this short \(([\d.]+ s)\)/g))
    if (m[1] !== lengths.get(carrierPhase)) out.push(`verdict (${carrierPhase}): ${m[0]}`);
  for (const line of markdown.split('\n'))
    if (/% of the cgroup's \w+ cap of [\d.]+ MiB\/s.*over 100% because the ceiling moved: the disk sustained more than fio measured/.test(line))
      out.push(line.slice(0, 120));
  return out;
}

/** The headline's verdict label and the table's "until on disk" row, in the table's words. */
const HEADLINE_TO_TABLE: Record<string, string> = {
  'Network-bound': 'network',
  'Disk-bound (bandwidth)': 'disk bandwidth',
  'Disk-bound (IOPS)': 'disk IOPS',
  'CPU-bound': 'CPU',
  'No bottleneck': 'nothing near a limit',
  Inconclusive: 'unclear',
};

/** A headline that names another resource than the table's total row (a headline a measurement overruled says so in other words, and is not held to it). */
export function headlineMismatch(markdown: string): string[] {
  const head = /^### ([^:]+?)(?: on \w+)?:/.exec(markdown)?.[1];
  const total = /^\| \*\*(?:until on disk|total)\*\* \|.*\| \*\*([^*]+)\*\* \|$/m.exec(markdown)?.[1];
  const want = head === undefined ? undefined : HEADLINE_TO_TABLE[head];
  return want === undefined || total === undefined || want === total ? [] : [`headline "${head}", table "${total}"`];
}

// Issue 39: a first screen that never disagrees with itself and never harms.

/** The headline (the summary's first line) over HEADLINE_MAX_WORDS words. */
export function headlineTooLong(markdown: string, maxWords: number): string[] {
  const head = (markdown.split('\n')[0] ?? '').replace(/^### /, '');
  const words = head.split(/\s+/).filter(Boolean).length;
  return words > maxWords ? [`${words} words: ${head}`] : [];
}

/** The "What to do" box, its quote marks dropped. */
export function boxOf(markdown: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.startsWith('> **What to do:**'));
  const out: string[] = [];
  for (let i = start; i >= 0 && i < lines.length && (lines[i] as string).startsWith('>'); i++) out.push((lines[i] as string).replace(/^> ?/, ''));
  return out.join('\n');
}

/**
 * A download stall on the headline that is not what took the most time, or whose saving is under the
 * advice threshold (worth(savingMs, totalMs)): "The download stalled for 0.833 s: 1% of the 87.1 s".
 * The most time: the stall against every phase, the download less the stall.
 */
export function stallOutranks(markdown: string, verdict: Verdict, worth: (savingMs: number, totalMs: number) => boolean): string[] {
  if (!/^### The download stalled/.test(markdown)) return [];
  const stall = verdict.download?.stalls[0];
  if (!stall) return ['the headline names a stall the verdict does not hold'];
  const totalMs = verdict.phases.reduce((s, p) => s + (p.durationMs ?? 0), 0);
  const out: string[] = [];
  if (!worth(stall.durationMs, totalMs)) out.push(`a ${stall.durationMs} ms stall of ${Math.round(totalMs)} ms is under the advice threshold`);
  for (const p of verdict.phases) {
    const ms = (p.durationMs ?? 0) - (p.phase === 'download' ? stall.durationMs : 0);
    if (ms > stall.durationMs) out.push(`${p.phase} took ${Math.round(ms)} ms beside the ${stall.durationMs} ms stall`);
  }
  return out;
}

/**
 * A segment timeout in the box under `margin` times the time a normal segment (the SDK's segment
 * size, or the whole archive if smaller) takes at the download's rate over its whole time: a setting
 * that aborts normal restores as misses.
 */
export function harmfulTimeout(markdown: string, timeline: DownloadTimeline | undefined, margin: number): string[] {
  const m = /SEGMENT_DOWNLOAD_TIMEOUT_MINS: '([\d.]+)'/.exec(boxOf(markdown));
  if (!m) return [];
  const settingMs = Number(m[1]) * 60_000;
  const received = timeline?.samples.at(-1)?.[1] ?? 0;
  const segment = timeline?.limits.segmentBytes ?? null;
  if (!timeline || !segment || received <= 0) return [`${m[0]} offered without a measured segment time`];
  const normalMs = (Math.min(segment, received) / received) * (timeline.endMs - timeline.startMs);
  return settingMs >= margin * normalMs ? [] : [`${m[0]} (${settingMs} ms) under ${margin} × a normal segment's ${Math.round(normalMs)} ms`];
}

/** Where the headline says the experiments did not confirm the disk, a box that does not say so, or names another measured saving. */
export function unconfirmedDiskDisagrees(markdown: string, notConfirmed: string): string[] {
  const head = markdown.split('\n')[0] ?? '';
  if (!/not confirm/.test(head)) return [];
  const box = boxOf(markdown);
  const out: string[] = [];
  if (!box.includes(notConfirmed)) out.push(`the headline says "${notConfirmed}", the box does not`);
  const saved = /saved only ([\d.–]+ s)/.exec(head)?.[1];
  if (saved && /measured [\d.–]+ s/.test(box) && !box.includes(`measured ${saved}`)) out.push(`the headline's ${saved} is not the box's measured figure`);
  return out;
}

/** A Problems line that names one value as both what it is now and what it was not put back to. */
export function selfContradictingProblems(markdown: string): string[] {
  return [...markdown.matchAll(/it is now (.+?), so it is left as they set it, not put back to (.+?)\.(?=\s|$)/gm)]
    .filter((m) => m[1] === m[2])
    .map((m) => m[0]);
}

/** "the experiments took 70.6 s of their 60 s budget". */
export function overBudget(markdown: string): string[] {
  return [...markdown.matchAll(/took ([\d.]+) s of their ([\d.]+) s budget/g)].filter((m) => Number(m[1]) > Number(m[2])).map((m) => m[0]);
}
