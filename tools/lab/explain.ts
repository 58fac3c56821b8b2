/**
 * What a reader needs to see why a lab verdict came out as it did (issue 17): the verdict
 * sentence; per phase its verdict, then the disk evidence first (both disk shares with the
 * ceilings they were measured against, the average request size, time at the ceiling), then
 * whatever other evidence the judge gave; and the probes' ceilings themselves. Reads evidence by id
 * pattern, so the judge's new ids (e.g. a time-at-ceiling item) show up without a change here. Pure.
 */
import type { Evidence, Profile } from '../../src/profile/schema.js';
import { MiB } from '../../src/util/units.js';
import { sayWhatIf } from '../../src/report/say/what-if.js';
import { sayVerdict, type VerdictProfile } from '../../src/report/say/verdict.js';
import { sayPhase } from '../../src/report/say/phase.js';
import { sayEvidence } from '../../src/report/say/evidence.js';

/** Evidence a disk verdict turns on, printed first in this order. */
const KEY_EVIDENCE = [/bandwidth-share$/, /iops-share$/, /request-size$/, /ceiling/] as const;

function rank(id: string): number {
  const i = KEY_EVIDENCE.findIndex((re) => re.test(id));
  return i < 0 ? KEY_EVIDENCE.length : i;
}

function formatValue(e: Evidence): string {
  if (e.value === null) return 'n/a';
  const v = e.unit === 'share' ? `${(e.value * 100).toFixed(1)}%` : `${Number(e.value.toPrecision(4))} ${e.unit}`;
  const threshold = e.threshold === undefined ? '' : ` (threshold ${e.unit === 'share' ? `${(e.threshold * 100).toFixed(0)}%` : `${e.threshold} ${e.unit}`})`;
  return `${v}${threshold}`;
}

export function explainVerdict(profile: Pick<Profile, 'verdict' | 'probes' | 'label'> & Partial<VerdictProfile>): string {
  const lines: string[] = [];
  const v = profile.verdict;
  lines.push(`${profile.label}: verdict ${v?.bottleneck ?? 'none (no verdict)'}`);
  if (v) lines.push(`  ${sayVerdict(v, { ...profile, restore: profile.restore ?? null, context: profile.context ?? {} })}`);
  for (const phase of v?.phases ?? []) {
    lines.push(`  [${phase.phase}] ${phase.bottleneck}: ${sayPhase(phase)}`);
    const sorted = [...phase.evidence].sort((a, b) => rank(a.id) - rank(b.id));
    for (const e of sorted) lines.push(`    ${e.supports ? '+' : ' '} ${e.id} = ${formatValue(e)}: ${sayEvidence(e, phase.phase)}`);
  }
  const probes = profile.probes?.probes ?? [];
  if (probes.length > 0) {
    lines.push('  ceilings (fio):');
    for (const p of probes) {
      lines.push(
        `    ${p.name}: ${p.error ? `error: ${p.error}` : `${(p.bytesPerSecond / MiB).toFixed(1)} MiB/s, ${Math.round(p.iops)} IOPS at ${p.blockSizeBytes / 1024} KiB QD${p.ioDepth}×${p.jobs}`}`,
      );
    }
  } else {
    lines.push(`  ceilings (fio): none (${profile.probes?.reason ?? profile.probes?.status ?? 'no probe suite'})`);
  }
  for (const w of v?.whatIf ?? []) lines.push(`  what-if ${w.resource} ×${w.speedup}: ${sayWhatIf(w)}`);
  return lines.join('\n');
}
