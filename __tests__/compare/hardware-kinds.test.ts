// Compare mode grouping a label by hardware kind (issue 24): recorded profiles given fingerprints read
// from the machine trees (fixtures/machines), with and without a history carried in the profile.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { recorded } from './recorded.js';
import { compareProfiles, type LabelledProfile } from '../../src/compare/compare.js';
import { renderComparison } from '../../src/compare/render-comparison.js';
import { readFingerprint } from '../../src/sample/fingerprint.js';
import type { HistoryView } from '../../src/profile/always-on.js';

const MACHINES = fileURLToPath(new URL('../../fixtures/machines/', import.meta.url));
const fp = (machine: string, disk: string) =>
  readFingerprint(
    { diskNames: [disk], restorePath: '/home/runner/work', fallback: { vcpus: 1, memoryBytes: 1 } },
    { procRoot: `${MACHINES}${machine}/proc`, sysRoot: `${MACHINES}${machine}/sys` },
  );
const scsi = fp('gh-hosted-azure-scsi', 'sda');
const nvme = fp('gh-hosted-azure-nvme', 'nvme0n1');

function on(item: LabelledProfile, fingerprint: typeof scsi, createdAt: string, history?: HistoryView): LabelledProfile {
  return { source: item.source, profile: { ...structuredClone(item.profile), fingerprint, createdAt, ...(history ? { history } : {}) } };
}

describe('hardware kinds in compare mode', () => {
  const base = recorded('lab-baseline.json', 'ubuntu-24.04');
  const slower = recorded('lab-disk-iops.json', 'ubuntu-24.04');

  it('from the matrix alone: one label on two kinds, p50/p90 per kind', () => {
    const c = compareProfiles([on(base, scsi, '2026-11-24T01:00:00Z'), on(slower, nvme, '2026-11-24T01:00:01Z'), on(base, scsi, '2026-11-24T01:00:02Z')]);
    expect(c.kinds).toHaveLength(1);
    const k = c.kinds[0]!;
    expect(k).toMatchObject({ label: 'ubuntu-24.04', basis: 'matrix', runs: 3 });
    expect(k.kinds.map((g) => [g.fingerprintId, g.runs])).toEqual([
      [scsi.id, 2],
      [nvme.id, 1],
    ]);
    expect(k.kinds[0]?.restoreMs?.p50).toBeCloseTo(base.profile.restore!.restoreMs, 6);
    const md = renderComparison(c);
    expect(md).toContain('**ubuntu-24.04**: 2 hardware kinds over 3 runs (this matrix only: no history recorded)');
    expect(md).toContain(`\`${nvme.id}\``);
  });

  it("from the newest profile's history when the profiles carry one", () => {
    const history: HistoryView = {
      label: 'ubuntu-24.04',
      keyPrefix: 'disk-profiler-history-ubuntu-24.04-00000000-',
      restoredKey: 'k',
      startedNew: false,
      earlierRuns: 13,
      groups: [
        { fingerprintId: scsi.id, hardware: 'EPYC', runs: 9, restoreMs: { p50: 1000, p90: 1500, runs: 9 }, untilDurableMs: { p50: 2000, p90: 2600, runs: 9 } },
        { fingerprintId: nvme.id, hardware: 'Xeon', runs: 5, restoreMs: { p50: 800, p90: 900, runs: 5 }, untilDurableMs: null },
      ],
      regressions: [],
      saved: { ok: true, key: 'k2' },
      notes: [],
    };
    const older = { ...history, earlierRuns: 2, groups: [{ ...history.groups[0]!, runs: 3 }] };
    const c = compareProfiles([on(base, scsi, '2026-11-24T01:00:00Z', older), on(slower, nvme, '2026-11-24T02:00:00Z', history)]);
    expect(c.kinds[0]).toMatchObject({ basis: 'history', runs: 14 });
    expect(renderComparison(c)).toContain("**ubuntu-24.04**: 2 hardware kinds over 14 runs (from the label's history)");
    expect(renderComparison(c)).toContain('| 1.00 / 1.50 | 2.00 / 2.60 |');
  });

  it('profiles without a fingerprint (older ones) add no section', () => {
    const c = compareProfiles([base]);
    expect(c.kinds).toEqual([]);
    expect(renderComparison(c)).not.toContain('Hardware kinds');
  });
});
