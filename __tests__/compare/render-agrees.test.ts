// Issue 39 item 4: render and compare agree. Every recording the project ships (every profile under
// fixtures/) gets one verdict from this version's rules in `disk-profiler render` and in compare, with
// the same times, and one recorded by another release says so in both.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareProfiles } from '../../src/compare/compare.js';
import { renderComparison } from '../../src/compare/render-comparison.js';
import { limitedBy } from '../../src/report/say/nouns.js';
import { validateProfile } from '../../src/profile/validate.js';
import { renderProfile } from '../../src/report/render.js';
import { TOOL_VERSION } from '../../src/version.js';
import { tableOf } from './summary-table.js';

/** Every JSON file under fixtures/ that is a profile (it carries a schema version and the tool that wrote it). */
function recordings(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) return recordings(file);
      if (!name.endsWith('.json')) return [];
      const text = readFileSync(file, 'utf8');
      // fio's own output is not all JSON (fixtures/fio: messages before it); a profile always is.
      if (!text.includes('"schemaVersion"')) return [];
      const json = JSON.parse(text) as { schemaVersion?: unknown; tool?: unknown };
      return json.schemaVersion !== undefined && json.tool !== undefined ? [file] : [];
    });
}

const FILES = recordings('fixtures');

describe('render and compare judge every recording alike', () => {
  it('finds the recordings: the profiles, the experiments and the probe-cap runs', () => {
    expect(FILES.filter((f) => f.startsWith('fixtures/profiles/')).length).toBeGreaterThanOrEqual(40);
    expect(FILES.some((f) => f.startsWith('fixtures/experiments/'))).toBe(true);
    expect(FILES.some((f) => f.startsWith('fixtures/profiles/probe-caps/'))).toBe(true);
  });

  for (const file of FILES) {
    it(file, () => {
      const profile = validateProfile(JSON.parse(readFileSync(file, 'utf8')));
      const rendered = renderProfile(profile, { rejudge: true });
      const c = compareProfiles([{ source: file, profile }]);
      const run = c.runners[0]?.runs[0];
      expect(run?.bottleneck).toBe(rendered.outputs.bottleneck);
      expect(run?.bottleneck).toBe(rendered.verdict.bottleneck);
      expect(run?.untilOnDiskMs ?? undefined).toBe(rendered.verdict.untilOnDiskMs);
      expect(run?.stepMs ?? undefined).toBe(rendered.verdict.stepMs);
      const md = renderComparison(c);
      const row = tableOf(md, '| Runner | Profile |').find((r) => r.Profile === file);
      expect(row?.[`Verdict (${TOOL_VERSION})`]).toBe(limitedBy(rendered.verdict.bottleneck));
      const other = profile.tool.version !== TOOL_VERSION;
      expect(rendered.markdown.includes(`recorded by disk-profiler ${profile.tool.version}, judged by disk-profiler ${TOOL_VERSION}'s rules`)).toBe(other);
      expect(row?.['Recorded by']?.startsWith(profile.tool.version)).toBe(true);
      expect(
        md.includes(
          `Every profile is judged by disk-profiler ${TOOL_VERSION}'s rules, as \`disk-profiler render\` judges it; 1 of 1 were recorded by another release (${profile.tool.version})`,
        ),
      ).toBe(other);
    });
  }
});
