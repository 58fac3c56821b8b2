// The always-on lines of the summary and its history section (issue 24), on a recorded profile given
// a fingerprint (fixtures/machines) and a history.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../src/profile/schema.js';
import { alwaysOnLines, alwaysOnOutputs, historySection } from '../../src/report/always-on-section.js';
import { readFingerprint } from '../../src/sample/fingerprint.js';

const MACHINES = fileURLToPath(new URL('../../fixtures/machines/', import.meta.url));
const fingerprint = readFingerprint(
  { diskNames: ['sda'], restorePath: '/home/runner/work', fallback: { vcpus: 1, memoryBytes: 1 } },
  { procRoot: `${MACHINES}gh-hosted-azure-scsi/proc`, sysRoot: `${MACHINES}gh-hosted-azure-scsi/sys` },
);
const recorded = JSON.parse(readFileSync('fixtures/profiles/lab-baseline.json', 'utf8')) as Profile;

function withAlwaysOn(regressed: boolean): Profile {
  return {
    ...structuredClone(recorded),
    fingerprint,
    ceilingsSource: {
      kind: 'remembered',
      runId: '4711',
      probedAt: '2026-11-20T10:02:00Z',
      sentence: 'Ceilings remembered from run 4711 (probed 2026-11-20 10:02 UTC on the same hardware).',
    },
    auto: {
      probes: { run: false, reason: 'probes: auto used the ceilings remembered from run 4711' },
      experiments: { run: false, reason: 'experiments: auto skipped them: the verdict names no bottleneck, so there is nothing to fix' },
    },
    history: {
      label: 'ubuntu-24.04',
      keyPrefix: 'p-',
      restoredKey: 'p-1',
      startedNew: false,
      earlierRuns: 6,
      groups: [
        {
          fingerprintId: fingerprint.id,
          hardware: 'EPYC',
          runs: 7,
          restoreMs: { p50: 1200, p90: 1800, runs: 7 },
          untilDurableMs: { p50: 2000, p90: 2500, runs: 7 },
        },
      ],
      regressions: regressed ? [{ metric: 'restore', thisMs: 9000, p90Ms: 1500, comparedRuns: 6 }] : [],
      saved: { ok: true, key: 'p-2' },
      notes: [],
    },
  };
}

describe('always-on summary parts', () => {
  it('hardware, whose ceilings and the auto decisions, one line each', () => {
    const text = alwaysOnLines(withAlwaysOn(false));
    expect(text.split('  \n')).toEqual([
      `Hardware \`${fingerprint.id}\`: AMD EPYC 7763 64-Core Processor, 4 vCPU, 16 GiB, Microsoft Corporation Virtual Machine; sda (scsi, Virtual Disk, rotational), ext4 data=writeback,commit=30,nobarrier; other disk at /mnt`,
      'Ceilings remembered from run 4711 (probed 2026-11-20 10:02 UTC on the same hardware).',
      'Probes: auto used the ceilings remembered from run 4711',
      'Experiments: auto skipped them: the verdict names no bottleneck, so there is nothing to fix.',
    ]);
  });

  it('a regression is an alert paragraph of its own, above the lines', () => {
    const [alert, rest] = alwaysOnLines(withAlwaysOn(true)).split('\n\n');
    expect(alert).toMatch(/^> \[!CAUTION\]\n> \*\*Regression\*\*: .*restore 9(\.0+)? s against a p90 of 1\.5 s over 6 earlier runs\.$/);
    expect(rest?.startsWith('Hardware `')).toBe(true);
    expect(alwaysOnOutputs(withAlwaysOn(true))).toEqual({ 'hardware-fingerprint': fingerprint.id, 'ceilings-source': 'run 4711', regression: 'true' });
  });

  it('the history section: kinds with p50/p90; nothing for older profiles', () => {
    const md = historySection(withAlwaysOn(false));
    expect(md).toContain('ubuntu-24.04: 1 hardware kind over 7 runs (this one included).');
    expect(md).toMatch(/\| \*\*this hardware\*\* `[0-9a-f]{12}` \| EPYC \| 7 \| 1\.2 s \/ 1\.8 s \| 2 s \/ 2\.5 s \|/);
    expect(historySection(recorded)).toBe('');
    expect(alwaysOnLines(recorded)).toBe('');
  });
});
