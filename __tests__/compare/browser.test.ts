// The compare summary as a reader sees it, in a real Chromium with Mermaid 11 (__tests__/helpers/summary-
// browser.ts): the recorded matrix (fixtures/compare), with and without prices. In CI (CI=true) a missing
// chromium fails the file; elsewhere it skips, saying why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareProfiles } from '../../src/compare/compare.js';
import { renderComparison } from '../../src/compare/render-comparison.js';
import { prerequisite } from '../helpers/prerequisites.js';
import { CHROMIUM_PATH, chromiumAvailable, SummaryBrowser, VIEWPORT } from '../helpers/summary-browser.js';
import { matrixPrices, recordedMatrix } from './matrix.js';

const run = prerequisite(`chromium at ${CHROMIUM_PATH} (apt-get install chromium)`, chromiumAvailable());

describe.skipIf(!run)('the compare summary in Chromium (GFM + Mermaid 11)', () => {
  let browser: SummaryBrowser;
  beforeAll(async () => {
    browser = await SummaryBrowser.launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const items = recordedMatrix();
  const cases = [
    { name: 'without prices', md: renderComparison(compareProfiles(items)), answer: /^ubuntu-24\.04-arm and ubuntu-24\.04 tie for this cache/m },
    {
      name: 'with prices',
      md: renderComparison(compareProfiles(items, matrixPrices())),
      answer: /^Use ubuntu-24\.04-arm for this cache: as fast as ubuntu-24\.04/m,
    },
  ];

  for (const c of cases) {
    it(`${c.name}: the spread chart renders, the recommendation and the table are on the first screen, no empty column`, async () => {
      const m = await browser.render(c.md);
      expect(m.mermaidErrors).toEqual([]);
      expect(m.charts).toBe(1);
      expect(m.chartTitles[0]).toMatch(/^Until on disk per label/);
      expect(m.firstScreenText).toMatch(c.answer);
      expect(m.firstScreenText).toContain('Why the others are slower');
      expect(m.tables.length).toBeGreaterThanOrEqual(3);
      for (const t of m.tables) {
        expect(t.emptyHeaderRow).toBe(false);
        expect(t.emptyColumns).toEqual([]);
      }
      // The decision's table fits the width GitHub gives the summary: no column scrolled out of sight.
      expect(m.tables[0]?.overflows).toBe(false);
      // Two screens and a little with every <details> closed: the answer, the table, the chart and the notes.
      expect(m.collapsedHeightPx).toBeLessThanOrEqual(3 * VIEWPORT.height);
    });
  }

  it('the harness sees a table wider than the article', async () => {
    const wide = Array.from({ length: 16 }, (_, i) => `column-${i}-of-a-wide-table`);
    const m = await browser.render([`| ${wide.join(' | ')} |`, `| ${wide.map(() => '---').join(' | ')} |`, `| ${wide.join(' | ')} |`].join('\n'));
    expect(m.tables[0]?.overflows).toBe(true);
  });
});
