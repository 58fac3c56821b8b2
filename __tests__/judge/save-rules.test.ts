// The save's verdict on recorded saves (fixtures/saves, see its README for how each was recorded).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { judgeSave } from '../../src/judge/save-rules.js';
import type { SaveResult, SaveVerdict } from '../../src/profile/schema.js';
import { saySave, saySavePhase } from '../../src/report/say/save.js';

/** A phase's evidence, said (report/say/save.ts). */
const evidenceOf = (v: SaveVerdict, phase: string) => {
  const p = v.phases.find((x) => x.phase === phase);
  return p ? saySavePhase(p, v.upload).evidence.join('\n') : '';
};

const load = (name: string) => JSON.parse(readFileSync(`fixtures/saves/${name}`, 'utf8')) as SaveResult;
const rejudge = (s: SaveResult, ceilings?: Parameters<typeof judgeSave>[0]['ceilings']) =>
  judgeSave({ phases: s.phases, deviceIndex: 0, cpuCount: 2, compressionThreads: s.compressionThreads, ceilings });

describe('judgeSave on recorded saves', () => {
  it('a throttled disk read one small file at a time: disk-iops, in the archive phase', () => {
    const v = rejudge(load('loop-200-read-iops.json'));
    expect(v.bottleneck).toBe('disk-iops');
    expect(saySave(v)).toMatch(/^Save: Disk-bound \(IOPS\/latency\): tar read many small files at (19\d|20\d) reads\/s/);
    expect(saySave(v)).toMatch(/creating the archive \(tar \+ zstd\) took \d+% of the/);
    expect(v.phases.find((p) => p.phase === 'archive')?.bottleneck).toBe('disk-iops');
    // r_await 0.04 ms beside "waiting on the disk" would read as a contradiction without its reason.
    expect(saySave(v)).toMatch(/r_await 0\.0\d ms\) while waiting on the disk; r_await is low because the wait is above the device/);
  });

  it('the same save, judged with a random-read ceiling it reached, is still disk-iops', () => {
    expect(rejudge(load('loop-200-read-iops.json'), { randReadIops: 220 }).bottleneck).toBe('disk-iops');
  });

  it("a save from the VM's fast disk is not judged disk-bound, and says what tar and zstd used", () => {
    const v = rejudge(load('vda-node-modules.json'));
    expect(v.bottleneck).not.toMatch(/^disk/);
    const archive = evidenceOf(v, 'archive');
    expect(archive).toMatch(/tar\+zstd used \d\.\d\d of 2 usable cores \(zstd -T0: 2 threads on 2 CPUs\)/);
    expect(archive).toMatch(/disk read \d+ r\/s/);
  });

  it('names the busiest process of the archive phase, and tar below a full core is not called CPU-bound', () => {
    // vda-warm-small-files.json: 38k small files still in the page cache; tar 0.67 of a core, zstdmt the rest.
    const s = load('vda-warm-small-files.json');
    const v = judgeSave({ phases: s.phases, deviceIndex: 0, cpuCount: 2, compressionThreads: s.compressionThreads, samples: s.samples.snapshots });
    const archive = v.phases.find((p) => p.phase === 'archive')!;
    expect(evidenceOf(v, 'archive')).toMatch(/the busiest process, tar, used 0\.\d\d of a core/);
    expect(archive.bottleneck).not.toBe('cpu');
    // Without the samples the busiest process is not named: the older recordings.
    expect(evidenceOf(rejudge(s), 'archive')).not.toMatch(/busiest process/);
  });

  it('the upload is network, with its rate; reserve and commit are service round trips', () => {
    const s = load('vda-node-modules.json');
    const v = rejudge(s);
    expect(v.phases.map((p) => p.phase)).toEqual(['list', 'archive', 'reserve', 'upload', 'commit']);
    const upload = v.phases.find((p) => p.phase === 'upload');
    expect(upload?.bottleneck).toBe('network');
    expect(upload && saySavePhase(upload, v.upload).sentence).toMatch(/the upload sent 65\.5 MiB at \d+\.\d MiB\/s/);
    expect(v.phases.find((p) => p.phase === 'reserve')?.bottleneck).toBe('network');
  });

  it('a phase that kept every core busy compressing is CPU-bound: the archive phase with the CPU threshold lowered to what it used', () => {
    // Not a recording of a saturated runner: the recorded archive phase, judged with one usable core (zstd threads 1),
    // where its 1.3 cores exceed 0.8 of what zstd could use.
    const s = load('vda-node-modules.json');
    const v = judgeSave({ phases: s.phases, deviceIndex: 0, cpuCount: 2, compressionThreads: 1 });
    expect(v.phases.find((p) => p.phase === 'archive')?.bottleneck).toBe('cpu');
    expect(saySave(v)).toMatch(/^Save: CPU-bound: compression kept 1\.\d\d of 1 cores busy \(zstd -T0, 1 threads\)/);
  });
});
