// Every recorded profile's first screen, as `disk-profiler render` shows it: a fix in the box covers
// every restore path and says where it goes; experiments are asked for only above the threshold of
// advice in proportion (report/advice.ts); only what a workflow can set is offered.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stepsInBox } from '../../tools/bench/box-step.js';
import { mountedPaths, shellPath } from '../../src/experiment/fix-step.js';
import { worthChanging } from '../../src/report/advice.js';
import type { Profile, Verdict } from '../../src/profile/schema.js';
import { validateProfile } from '../../src/profile/validate.js';
import { renderProfile } from '../../src/report/render.js';
import { boxOf } from '../helpers/first-screen-checks.js';

const DIRS = ['profiles', 'experiments'].map((d) => fileURLToPath(new URL(`../../fixtures/${d}/`, import.meta.url)));
const recorded = DIRS.flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: `${dir.split('/').at(-2)}/${f}`, file: `${dir}${f}` })),
);

function paths(profile: Profile): string[] {
  const p = profile.config.paths;
  return Array.isArray(p) ? (p as string[]) : [];
}

/** The most the verdict's resource could save, as the judge bounds it, and the time until on disk. */
function bound(v: Verdict): { savingMs: number; totalMs: number } {
  const totalMs = v.phases.reduce((s, p) => s + (p.durationMs ?? 0), 0);
  const w = v.whatIf.find((x) => x.resource === v.bottleneck);
  const savingMs = w && w.measured !== false ? (w.savingAtMostMs ?? totalMs - w.restoreLowerBoundMs) : totalMs;
  return { savingMs: Math.min(savingMs, totalMs), totalMs };
}

describe('the first screen of every recorded profile', () => {
  it('has recordings to check', () => expect(recorded.length).toBeGreaterThan(20));

  for (const { name, file } of recorded) {
    const profile = validateProfile(JSON.parse(readFileSync(file, 'utf8')));
    // The verdict the render shows: the recorded one, or the judge's where none was recorded.
    const { markdown, verdict } = renderProfile(profile);
    const text = boxOf(markdown);

    it(`${name}: each step says where it goes and mounts every restore path`, () => {
      for (const step of stepsInBox(markdown)) {
        expect(step.placement, step.name).toMatch(/before the restore step/);
        const targets = [...step.script.matchAll(/^sudo mount .* (\S+)$/gm)].map((m) => m[1]);
        if (targets.length === 0) continue;
        // Restore paths on several disks: an estimated step may be about the one disk the box names, and
        // then covers exactly the workflow's paths on it; otherwise every restore path.
        const named = /Twice (\w+)'s write/.exec(text)?.[1];
        const device = named ? profile.devices.find((d) => d.name === named) : undefined;
        const expected = device ? paths(profile).filter((p) => (device.restorePaths ?? []).some((abs) => abs.endsWith(`/${p}`))) : paths(profile);
        expect(expected.length, step.name).toBeGreaterThan(0);
        expect(targets, step.name).toEqual(mountedPaths(expected).map(shellPath));
        expect(text, step.name).toContain('Placed after the restore step');
      }
    });

    it(`${name}: experiments asked for only where the most a fix could save is worth it`, () => {
      const asks = /```yaml\nwith:\n {2}experiments: /.test(text);
      const { savingMs, totalMs } = bound(verdict);
      if (asks) expect(worthChanging(savingMs, totalMs), `${savingMs} ms of ${totalMs} ms`).toBe(true);
      if (totalMs > 0 && !worthChanging(totalMs, totalMs)) {
        expect(asks).toBe(false);
        expect(stepsInBox(markdown)).toEqual([]);
      }
    });

    it(`${name}: offers only what a workflow can set`, () => {
      expect(text).not.toMatch(/compression level(?! is not)/);
      if (verdict.bottleneck === 'network') {
        expect(stepsInBox(markdown)).toEqual([]);
        expect(text).not.toMatch(/experiments: /);
      }
    });
  }
});
