/**
 * Compare mode's view of hardware kinds (issue 24): per label, the fingerprints its runs landed on,
 * with p50/p90 of the restore and until-on-disk per kind, from the labels' histories where the
 * profiles carry one and from this matrix's profiles otherwise. Pure.
 */
import type { HistoryGroup } from '../profile/always-on.js';
import type { Profile } from '../profile/schema.js';
import { groupsOf, historyRunOf } from '../history/history.js';
import { describeFingerprint } from '../sample/fingerprint.js';

export interface LabelKinds {
  label: string;
  /** Where the figures come from: the newest profile's history (earlier runs included), or this matrix alone. */
  basis: 'history' | 'matrix';
  runs: number;
  kinds: HistoryGroup[];
}

function phaseMs(p: Profile, name: string): number | null {
  const x = p.phases.find((ph) => ph.name === name);
  return x ? x.endMs - x.startMs : null;
}

export function hardwareKinds(items: readonly { profile: Profile }[]): LabelKinds[] {
  const byLabel = new Map<string, Profile[]>();
  for (const { profile } of items) if (profile.fingerprint) byLabel.set(profile.label, [...(byLabel.get(profile.label) ?? []), profile]);
  const out: LabelKinds[] = [];
  for (const [label, profiles] of byLabel) {
    const withHistory = profiles.filter((p) => p.history).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    if (withHistory?.history) {
      const kinds = withHistory.history.groups;
      out.push({ label, basis: 'history', runs: kinds.reduce((s, g) => s + g.runs, 0), kinds });
      continue;
    }
    const runs = profiles.map((p) =>
      historyRunOf({
        createdAt: p.createdAt,
        runId: '',
        runAttempt: '',
        fingerprintId: p.fingerprint?.id ?? '',
        hardware: p.fingerprint ? describeFingerprint(p.fingerprint) : '',
        phasesMs: { lookup: phaseMs(p, 'lookup'), download: phaseMs(p, 'download'), extract: phaseMs(p, 'extract'), writeback: phaseMs(p, 'writeback') },
        restoreOk: !!p.restore?.cacheHit && !p.restore.error && !p.restore.skipped,
        archiveBytes: p.restore?.archiveBytes ?? null,
        bottleneck: p.verdict?.bottleneck ?? 'inconclusive',
        ceilings: { seqWriteMiBps: null, randWriteIops: null },
      }),
    );
    out.push({ label, basis: 'matrix', runs: runs.length, kinds: groupsOf(runs) });
  }
  return out.sort((a, b) => a.label.localeCompare(b.label));
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)}`;

/** "ubuntu-24.04: 2 hardware kinds over 14 runs", then one row per kind. Markdown. */
export function renderHardwareKinds(labels: readonly LabelKinds[]): string {
  if (labels.length === 0) return '';
  const out = ['### Hardware kinds per runner label', ''];
  for (const l of labels) {
    out.push(
      `**${l.label}**: ${l.kinds.length} hardware kind${l.kinds.length === 1 ? '' : 's'} over ${l.runs} run${l.runs === 1 ? '' : 's'} (${l.basis === 'history' ? "from the label's history" : 'this matrix only: no history recorded'})`,
      '',
      '| Fingerprint | Hardware | Runs | Restore p50 / p90 (s) | Until on disk p50 / p90 (s) |',
      '|---|---|---:|---:|---:|',
    );
    for (const k of l.kinds) {
      const pp = (x: HistoryGroup['restoreMs']) => (x ? `${s(x.p50)} / ${s(x.p90)}` : '–');
      out.push(`| \`${k.fingerprintId}\` | ${k.hardware.replace(/\|/g, '\\|')} | ${k.runs} | ${pp(k.restoreMs)} | ${pp(k.untilDurableMs)} |`);
    }
    out.push('');
  }
  return out.join('\n');
}
