/**
 * The charts' colours: one list, each readable on GitHub's light (#ffffff) and dark (#0d1117) canvas alike
 * (contrast at least 3:1 against both, the WCAG figure for graphics), and told apart by colour-blind readers
 * (Okabe and Ito's hues, the blue taken from GitHub's own accent). Only the plot colours are set: titles,
 * axes and legends keep the colours of the theme GitHub picks for the reader, so they follow light and dark.
 */
export const CHART_COLORS = ['#1f6feb', '#d55e00', '#009e73', '#cc79a7', '#b08800'] as const;

/** WCAG relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The phases' bands behind a chart's lines: translucent, so they tint GitHub's light and dark canvas
 * alike without hiding the grid; the verdict's phases in the palette's blue, the others in grey, each
 * in two strengths taken in turn so that neighbouring phases stay apart.
 */
export const BAND_COLORS = { carrier: '#1f6feb38', carrierAlt: '#1f6feb20', other: '#8b949e30', otherAlt: '#8b949e1c' } as const;

/**
 * The init directive for one xychart: its series in palette order starting at `first`, or the colours
 * given; and its size in pixels when given (GitHub scales the chart down to the page's width).
 */
export function xyChartInit(first: number | readonly string[] = 0, size?: { width: number; height: number }): string {
  const colors = typeof first === 'number' ? [...CHART_COLORS.slice(first), ...CHART_COLORS.slice(0, first)] : first;
  const sizing = size ? `, "xyChart": {"width": ${size.width}, "height": ${size.height}}` : '';
  return `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "${colors.join(', ')}"}}${sizing}}}%%`;
}

/** The init directive for a pie: its slices in palette order, with white labels on the slices. */
export function pieInit(): string {
  const slices = Object.fromEntries(CHART_COLORS.map((c, i) => [`pie${i + 1}`, c]));
  return `%%{init: {"themeVariables": ${JSON.stringify({ ...slices, pieSectionTextColor: '#ffffff', pieStrokeColor: '#ffffff' })}}}%%`;
}
