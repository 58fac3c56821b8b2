/** Each runner's best measured fix across its runs: the most frequent fix-best, with its median saving. Pure. */
import type { Profile } from '../profile/schema.js';
import { spread, type Spread } from '../util/spread.js';

export interface RunnerBestFix {
  /** e.g. "ram", "other-disk /mnt", "none". */
  fix: string;
  savingMs: Spread | null;
  /** Runs that named it, of the runs that ran experiments. */
  runs: number;
  of: number;
}

function fixName(p: Profile): string {
  const b = p.experiments?.fixBest;
  if (!b) return 'none';
  return b.alternative === 'other-disk' && b.mountPoint ? `other-disk ${b.mountPoint}` : b.alternative;
}

export function bestFixOf(profiles: readonly Profile[]): RunnerBestFix | null {
  const measured = profiles.filter((p) => (p.experiments?.outcomes.length ?? 0) > 0);
  if (measured.length === 0) return null;
  const counts = new Map<string, number>();
  for (const p of measured) counts.set(fixName(p), (counts.get(fixName(p)) ?? 0) + 1);
  const [fix, runs] = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0] as [string, number];
  const savingMs = fix === 'none' ? null : spread(measured.filter((p) => fixName(p) === fix).map((p) => p.experiments?.fixBest.savingMs));
  return { fix, savingMs, runs, of: measured.length };
}

export function bestFixCell(b: RunnerBestFix | null): string {
  if (!b) return '–';
  const saving = b.savingMs ? ` (−${(b.savingMs.median / 1000).toFixed(2)} s)` : '';
  return `${b.fix}${saving}${b.of > 1 ? ` <sub>${b.runs}/${b.of} runs</sub>` : ''}`;
}
