/**
 * The step summary as a reader sees it: GitHub-flavoured Markdown (marked with GFM tables and alerts),
 * Mermaid 11 and GitHub's markdown CSS, in a real Chromium (Debian's package, driven by playwright-core;
 * nothing is downloaded). One browser serves every page. What it measures is what issue 26 asks of the
 * summary: no Mermaid error, the headline and the "What to do" box within the first 1,000 px, the
 * height with every <details> closed, and no table column left empty.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Marked } from 'marked';
import markedAlert from 'marked-alert';
import { type Browser, chromium, type Page } from 'playwright-core';

const require = createRequire(import.meta.url);

/** Debian's chromium; CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/**
 * The window: 1280 px wide, as the issue measures it. GitHub's run page gives the summary the width
 * beside its job list (about 300 px) less its own padding: the article is 912 px wide, as there.
 */
export const VIEWPORT = { width: 1280, height: 1000 } as const;
export const ARTICLE_WIDTH_PX = 912;

const marked = new Marked({ gfm: true }).use(markedAlert()).use({
  renderer: {
    // GitHub renders ```mermaid blocks as diagrams; the page renders them with mermaid.render below.
    code({ text, lang }) {
      if (lang === 'mermaid') return `<div class="mermaid-src" hidden>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</div>\n`;
      return false;
    },
  },
});

export function summaryHtml(markdown: string): string {
  return marked.parse(markdown, { async: false });
}

/** The page around the summary: GitHub's markdown CSS, the article as wide as GitHub's run page gives it. */
function shell(): string {
  const css = readFileSync(require.resolve('github-markdown-css/github-markdown-light.css'), 'utf8');
  return `<!doctype html><html><head><meta charset="utf-8"><style>${css}
body { margin: 0; background: #f6f8fa; }
.markdown-body { box-sizing: border-box; width: ${ARTICLE_WIDTH_PX}px; margin: 0 0 0 320px; padding: 16px 24px; background: #fff; }
.mermaid-svg svg { max-width: 100%; height: auto; }
</style></head><body><article class="markdown-body"></article></body></html>`;
}

export interface TableCheck {
  /** Header texts of columns with no text in any body cell ('–' counts as empty). */
  emptyColumns: string[];
  emptyHeaderRow: boolean;
  /** Wider than the article: GitHub's CSS makes a table scroll sideways, hiding its right-hand columns. */
  overflows: boolean;
}

export interface SummaryMeasure {
  mermaidErrors: string[];
  charts: number;
  /** Bottom edge (px from the page's top) of the first paragraph or heading: the headline. */
  headlineBottomPx: number;
  /** Bottom edge of the first alert box (the "What to do" box); null without one. */
  whatToDoBottomPx: number | null;
  /** Page height with every <details> closed, as GitHub shows it first. */
  collapsedHeightPx: number;
  tables: TableCheck[];
  /** The text of the article's blocks that start within the first screen (VIEWPORT.height), details closed. */
  firstScreenText: string;
  /** Each rendered chart's title, as Mermaid drew it, in order. */
  chartTitles: string[];
}

interface El {
  getBoundingClientRect(): { bottom: number; top: number };
  scrollWidth?: number;
  clientWidth?: number;
  children: ArrayLike<El>;
  textContent: string | null;
  querySelectorAll(s: string): ArrayLike<El>;
  innerHTML: string;
  className: string;
  replaceWith(e: El): void;
  open?: boolean;
}
interface Doc {
  querySelector(s: string): El | null;
  querySelectorAll(s: string): ArrayLike<El>;
  createElement(tag: string): El;
  documentElement: { scrollHeight: number };
}
interface Mermaid {
  initialize(c: object): void;
  render(id: string, text: string): Promise<{ svg: string }>;
}

async function measure(p: Page, html: string, round: number): Promise<SummaryMeasure> {
  return p.evaluate(
    async ({ html, round, screenPx }) => {
      const g = globalThis as unknown as { document: Doc; mermaid: Mermaid; scrollY: number };
      const doc = g.document;
      (doc.querySelector('article') as El).innerHTML = html;
      g.mermaid.initialize({ startOnLoad: false, theme: 'default', securityLevel: 'strict' });
      const errors: string[] = [];
      const sources = Array.from(doc.querySelectorAll('.mermaid-src'));
      for (let i = 0; i < sources.length; i++) {
        const src = sources[i] as El;
        const holder = doc.createElement('div');
        holder.className = 'mermaid-svg';
        try {
          const { svg } = await g.mermaid.render(`chart${round}x${i}`, src.textContent ?? '');
          if (/aria-roledescription="error"/.test(svg)) errors.push(`chart ${i + 1}: mermaid drew an error`);
          holder.innerHTML = svg;
        } catch (e) {
          errors.push(`chart ${i + 1}: ${String((e as Error).message ?? e).split('\n')[0]}`);
          holder.innerHTML = '<pre>mermaid error</pre>';
        }
        src.replaceWith(holder);
      }
      const top = (e: El | null) => (e ? e.getBoundingClientRect().bottom + g.scrollY : -1);
      const headline = doc.querySelector('.markdown-body > :first-child');
      const alert = doc.querySelector('.markdown-alert');
      const tables = Array.from(doc.querySelectorAll('table')).map((t) => {
        const heads = Array.from(t.querySelectorAll('thead th')).map((h) => (h.textContent ?? '').trim());
        const rows = Array.from(t.querySelectorAll('tbody tr')).map((r) => Array.from(r.querySelectorAll('td')).map((c) => (c.textContent ?? '').trim()));
        const emptyColumns = heads.filter((_, i) => rows.length > 0 && rows.every((r) => (r[i] ?? '') === '' || r[i] === '–'));
        return { emptyColumns, emptyHeaderRow: heads.every((h) => h === ''), overflows: (t.scrollWidth ?? 0) > (t.clientWidth ?? 0) + 1 };
      });
      for (const d of Array.from(doc.querySelectorAll('details'))) d.open = false;
      const chartTitles = Array.from(doc.querySelectorAll('.mermaid-svg')).map((h) =>
        (h.querySelectorAll('.chart-title text, text.chart-title')[0]?.textContent ?? '').trim(),
      );
      const article = doc.querySelector('article') as El;
      const firstScreenText = Array.from(article.children)
        .filter((c) => c.getBoundingClientRect().top + g.scrollY < screenPx)
        .map((c) => (c.textContent ?? '').trim())
        .join('\n');
      return {
        mermaidErrors: errors,
        charts: sources.length,
        headlineBottomPx: top(headline),
        whatToDoBottomPx: alert ? top(alert) : null,
        collapsedHeightPx: doc.documentElement.scrollHeight,
        tables,
        firstScreenText,
        chartTitles,
      };
    },
    { html, round, screenPx: VIEWPORT.height },
  );
}

/** One Chromium and one page for many summaries: the CSS and Mermaid load once. */
export class SummaryBrowser {
  private rounds = 0;
  private constructor(
    private readonly browser: Browser,
    private readonly page: Page,
  ) {}

  static async launch(): Promise<SummaryBrowser> {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    const page = await browser.newPage({ viewport: VIEWPORT });
    await page.setContent(shell());
    await page.addScriptTag({ path: require.resolve('mermaid/dist/mermaid.min.js') });
    return new SummaryBrowser(browser, page);
  }

  /** Renders the summary, measures it (details closed), and takes a full-page screenshot when `screenshotPath` is given, with every <details> open if asked. */
  async render(
    markdown: string,
    screenshotPath?: string,
    opts: { open?: boolean; clip?: { y: number; height: number }; article?: boolean } = {},
  ): Promise<SummaryMeasure> {
    const m = await measure(this.page, summaryHtml(markdown), this.rounds++);
    if (opts.open) {
      await this.page.evaluate(() => {
        const doc = (globalThis as unknown as { document: Doc }).document;
        for (const d of Array.from(doc.querySelectorAll('details'))) d.open = true;
      });
    }
    if (screenshotPath && opts.article) await this.page.locator('article').screenshot({ path: screenshotPath });
    else if (screenshotPath) {
      const clip = opts.clip ? { x: 0, y: opts.clip.y, width: VIEWPORT.width, height: opts.clip.height } : undefined;
      await this.page.screenshot({ path: screenshotPath, fullPage: true, ...(clip ? { clip } : {}) });
    }
    return m;
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}
