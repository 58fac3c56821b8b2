// The restore's verdict said from the judge's decision (report/say/verdict.ts): one case per rule of
// RESTORE_RULES, the stall that leads, where the ceilings came from, and recordings made before.
import { describe, expect, it } from 'vitest';
import { judgeInDetail } from '../../../src/judge/judge.js';
import { withCeilingsSource } from '../../../src/pipeline/always-on.js';
import { RESTORE_RULES, type RestoreRule } from '../../../src/profile/restore-rules.js';
import type { Profile, RestoreResult, Verdict } from '../../../src/profile/schema.js';
import { withStoredSentences } from '../../../src/report/say/stored.js';
import { sayVerdict } from '../../../src/report/say/verdict.js';
import { loadFixture, loadFixtureWithDownload, phaseOf, quietCpu, setChildCores } from '../../judge/fixture-tools.js';

const PROBED =
  'only the fio probes speak: this disk reached 2164 MiB/s sequential writes, 73.7k IOPS random writes, 1970 MiB/s sequential reads, 75.1k IOPS random reads.';

/** cpu-tar-zstd-vda.json (fio probed its disk) with its restore changed. */
function probedWith(change: (p: Profile, r: RestoreResult) => void): Profile {
  const p = loadFixture('cpu-tar-zstd-vda.json');
  change(p, p.restore as RestoreResult);
  return p;
}

/** A profile per rule, and what its verdict says. */
const CASES: { rule: RestoreRule; name: string; profile: () => Profile; says: string | RegExp }[] = [
  {
    rule: 'no-restore',
    name: 'no restore, probes ran',
    profile: () =>
      probedWith((p) => {
        p.restore = null;
        p.phases = [];
      }),
    says: `Inconclusive: no cache restore was profiled, ${PROBED}`,
  },
  {
    rule: 'no-restore',
    name: 'no restore, no probes',
    profile: () =>
      probedWith((p) => {
        p.restore = null;
        p.phases = [];
        p.probes = null;
      }),
    says: 'Inconclusive: no cache restore was profiled, and no fio probes ran either, so there is nothing to judge.',
  },
  {
    rule: 'restore-failed',
    name: 'the download failed: its first line',
    profile: () =>
      probedWith((p, r) => {
        p.restore = { ...r, cacheHit: false, error: { phase: 'download', message: 'socket hang up\nat TLSSocket' } };
      }),
    says: `Inconclusive: the restore failed during download (socket hang up), ${PROBED}`,
  },
  {
    rule: 'restore-skipped',
    name: 'lookup-only',
    profile: () =>
      probedWith((p, r) => {
        p.restore = { ...r, skipped: { reason: 'lookup-only', message: 'lookup-only: the entry exists.' } };
      }),
    says: `Inconclusive: lookup-only: the entry exists, so nothing was downloaded or extracted, ${PROBED}`,
  },
  {
    rule: 'cache-miss',
    name: 'a miss with no key tried',
    profile: () =>
      probedWith((p, r) => {
        p.restore = { ...r, cacheHit: false, matchedKey: null, keysTried: [] };
        p.phases = [];
      }),
    says: `Inconclusive: cache miss (keys tried: none), nothing was downloaded or extracted, ${PROBED}`,
  },
  {
    rule: 'no-phase',
    name: 'no phase recorded',
    profile: () =>
      probedWith((p) => {
        p.phases = [];
      }),
    says: `Inconclusive: the profile recorded no phase, ${PROBED}`,
  },
  {
    rule: 'unpinned-phase',
    name: 'the unpinned tail could hide more than any what-if saves',
    profile: () => {
      const p = loadFixture('lab-hosted-page-cache.json');
      const extract = phaseOf(p, 'extract');
      extract.end.childCpuTicks = (extract.end.childCpuTicks ?? 0) - 15;
      return p;
    },
    says: 'Inconclusive: the writeback tail cannot be pinned on one resource (CPU not measured); the writeback tail took 22% of the 0.751 s restore until its files were on disk.',
  },
  {
    rule: 'best-what-if',
    name: "the disk's IOPS, and what twice them would save (issue 22)",
    profile: () => loadFixture('lab-disk-iops.json'),
    says: /^Disk-bound \(IOPS\): extraction completed 989 writes\/s .*; extraction took 98% of the 17\.9 s restore until its files were on disk\. Twice the disk's IOPS would save at most 9\.62 s\.$/,
  },
  {
    rule: 'best-what-if',
    name: 'the CPU, with the unpinned tail it outweighs',
    profile: () => loadFixture('lab-hosted-page-cache.json'),
    says: /^CPU-bound: .*; extraction took 66% of the 0\.751 s restore until its files were on disk\. Twice the CPU would save at most 0\.288 s\. The writeback tail cannot be pinned on one resource \(CPU not measured\): relaxing whatever limits it could save at most 0\.084 s, less than that\.$/,
  },
  {
    rule: 'best-what-if',
    name: "a disk other than the restore's, named",
    profile: () => loadFixture('lab-two-disks.json'),
    says: /^Disk-bound \(bandwidth\) on loop1: after tar exited .*; the writeback tail took 68% of the 3\.35 s restore until its files were on disk\. Twice loop1's bandwidth would save at most 1\.42 s\.$/,
  },
  {
    rule: 'longest-phase',
    name: 'nothing near a limit: the longest phase',
    profile: () => {
      const p = loadFixture('cpu-tar-zstd-vda.json');
      quietCpu(p, 'extract', 0.5);
      setChildCores(p, 'extract', 0.5);
      return p;
    },
    says: 'No bottleneck: extraction came near no ceiling: the disk at most 0% of its ceilings; extraction took 74% of the 1.32 s restore until its files were on disk.',
  },
];

const judged = (p: Profile): Verdict => {
  const v = judgeInDetail(p).verdict;
  p.verdict = v;
  return v;
};

describe('the verdict said, rule by rule', () => {
  it('every rule of RESTORE_RULES has a case here', () => {
    expect(new Set(CASES.map((c) => c.rule))).toEqual(new Set(RESTORE_RULES));
  });

  for (const c of CASES) {
    it(`${c.rule}: ${c.name}`, () => {
      const p = c.profile();
      const v = judged(p);
      expect(v.decision?.rule).toBe(c.rule);
      expect(v.sentence).toBeUndefined();
      const said = sayVerdict(v, p);
      if (typeof c.says === 'string') expect(said).toBe(c.says);
      else expect(said).toMatch(c.says);
    });
  }

  it('after the phases: the restore that failed after a hit, and the missing disk counters', () => {
    const p = loadFixture('lab-disk-iops.json');
    p.restore = { ...(p.restore as RestoreResult), error: { phase: 'extract', message: 'tar exited with code 2.' } };
    p.context.noBlockDeviceReason = 'the restore path is on tmpfs';
    expect(sayVerdict(judged(p), p)).toMatch(
      /would save at most 9\.62 s\. The restore failed during extract: tar exited with code 2\. No disk counters for the restore path: the restore path is on tmpfs\.$/,
    );
  });
});

describe('a download stall that leads', () => {
  it('is said first, with what would cut it short, then the verdict', () => {
    const p = loadFixtureWithDownload('cpu-tar-zstd-vda.json', 'sdk-hold');
    const v = judged(p);
    expect(v.leads).toBe('download-stall');
    expect(v.decision?.stall?.cut).toBe('no-safe-segment-timeout');
    expect(sayVerdict(v, p)).toMatch(
      /^The download stalled for 2\.9 s \(request #4, at 71% of the archive\): the Azure SDK has no timeout on a response body, and a SEGMENT_DOWNLOAD_TIMEOUT_MINS short enough to cut it \(0\.052; 10 in force\) would also abort a normal segment, failing restores as misses\. CPU-bound: /,
    );
  });

  it('the plain stream: the socket timeout that ended it', () => {
    const p = loadFixtureWithDownload('lab-network.json', 'plain-hold-timeout');
    const v = judged(p);
    expect(v.decision?.stall?.cut).toBe('socket-timeout');
    expect(sayVerdict(v, p)).toMatch(
      /^The download stalled for 4\.9 s \(request #1, at 92% of the archive\): @actions\/cache's 5 s socket timeout on the plain HTTP download ended it and the restore failed \(no setting changes that timeout\)\. Network-bound: /,
    );
  });

  it('not leading: the verdict alone', () => {
    const p = loadFixtureWithDownload('lab-network.json', 'sdk-hold');
    const v = judged(p);
    expect(v.leads).toBeUndefined();
    expect(sayVerdict(v, p)).toMatch(/^Network-bound: /);
  });
});

describe('where the ceilings came from', () => {
  const remembered = { kind: 'remembered', runId: '7', sentence: 'Ceilings remembered from run 7 (probed 2026-11-01 10:00 UTC).' } as const;

  it('remembered: always named, in the source’s words', () => {
    const p = loadFixture('lab-disk-iops.json');
    p.ceilingsSource = remembered;
    judged(p);
    withCeilingsSource(p);
    expect(p.verdict?.decision?.citesCeilingsSource).toBe(true);
    expect(sayVerdict(p.verdict as Verdict, p)).toMatch(/would save at most 9\.62 s\. \(Ceilings remembered from run 7 \(probed 2026-11-01 10:00 UTC\)\)$/);
  });

  it("this run's: only where probes: auto chose to probe", () => {
    const p = loadFixture('lab-disk-iops.json');
    p.ceilingsSource = { kind: 'this-run', sentence: 'Ceilings probed by this run.' };
    judged(p);
    withCeilingsSource(p);
    expect(sayVerdict(p.verdict as Verdict, p)).not.toContain('Ceilings probed');
    p.auto = { probes: { run: true, reason: 'no ceilings are remembered' } };
    withCeilingsSource(p);
    expect(sayVerdict(p.verdict as Verdict, p)).toMatch(/ \(Ceilings probed by this run\.\)$/);
  });

  it('a verdict judged again (render --rejudge) does not name them: the decision says whether', () => {
    const p = loadFixture('lab-disk-iops.json');
    p.ceilingsSource = remembered;
    expect(sayVerdict(judged(p), p)).not.toContain('remembered');
  });
});

describe('recordings made before the decision held these figures', () => {
  it('no decision: the sentence recorded', () => {
    const p = loadFixture('lab-disk-iops.json');
    const v: Verdict = { bottleneck: 'disk-iops', sentence: 'Disk-bound (IOPS): as an older version said it.', phases: [], whatIf: [] };
    expect(sayVerdict(v, p)).toBe('Disk-bound (IOPS): as an older version said it.');
  });

  it("a decision without its figures (issue 39's first decisions): the sentence recorded", () => {
    const p = loadFixture('lab-disk-iops.json');
    const v = judged(p);
    const { judgedMs, carrierShare, ...before } = v.decision ?? ({} as never);
    expect(sayVerdict({ ...v, decision: before, sentence: 'as recorded' }, p)).toBe('as recorded');
    // Phases recorded before their decisions: the carrier's clause is not known, so the sentence recorded.
    const phases = v.phases.map(({ decision, ...phase }) => ({ ...phase, sentence: 'As recorded.' }));
    expect(sayVerdict({ ...v, phases, sentence: 'as recorded' }, p)).toBe('as recorded');
    const { probes, ...noProbes } =
      judged(
        probedWith((q) => {
          q.phases = [];
        }),
      ).decision ?? ({} as never);
    expect(sayVerdict({ bottleneck: 'inconclusive', decision: noProbes, sentence: 'as recorded', phases: [], whatIf: [] }, p)).toBe('as recorded');
  });

  it('a leading stall without its cut: the sentence recorded', () => {
    const p = loadFixtureWithDownload('cpu-tar-zstd-vda.json', 'sdk-hold');
    const v = judged(p);
    const { stall, ...before } = v.decision ?? ({} as never);
    expect(sayVerdict({ ...v, decision: before, sentence: 'as recorded' }, p)).toBe('as recorded');
  });
});

describe('the profile as written', () => {
  it('carries the said sentence for older readers', () => {
    const p = loadFixture('lab-disk-iops.json');
    const v = judged(p);
    expect(withStoredSentences(p).verdict?.sentence).toBe(sayVerdict(v, p));
    expect(withStoredSentences(p).verdict?.sentence).toMatch(/^Disk-bound \(IOPS\): /);
  });
});
