// The charts' palette reads on GitHub's light and dark canvases: every colour at least 3:1 against both (WCAG, graphics).
import { describe, expect, it } from 'vitest';
import { CHART_COLORS, contrastRatio, pieInit, xyChartInit } from '../../src/report/palette.js';

const GITHUB_LIGHT_CANVAS = '#ffffff';
const GITHUB_DARK_CANVAS = '#0d1117';

describe('chart palette', () => {
  it.each([...CHART_COLORS])('%s has at least 3:1 contrast on both themes', (color) => {
    expect(contrastRatio(color, GITHUB_LIGHT_CANVAS)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(color, GITHUB_DARK_CANVAS)).toBeGreaterThanOrEqual(3);
  });

  it('computes WCAG contrast as the standard does (black on white is 21:1)', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });

  it('init directives carry valid JSON and only plot colours', () => {
    for (const init of [xyChartInit(0), xyChartInit(1), pieInit()]) {
      const json = JSON.parse(/^%%\{init: (.*)\}%%$/.exec(init)?.[1] ?? 'null') as { themeVariables: Record<string, unknown> };
      expect(Object.keys(json)).toEqual(['themeVariables']);
      expect(JSON.stringify(json)).not.toMatch(/theme"|textColor|titleColor|background/);
    }
    expect(xyChartInit(1)).toContain(`"plotColorPalette": "${CHART_COLORS[1]}, `);
  });
});
