// Imports point down the pipeline (restore, sample, probe, judge, experiment, report), never back up:
// no module of src/ (or tools/) may reach itself through its imports. Type-only imports count too: a circle of
// types is still a circle a reader has to hold in their head (issue 22, item 5). The folder-level
// order is __tests__/folder-order.test.ts.
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, relativeImports, REPO, SRC } from './helpers/import-graph.js';

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(component.map((f) => path.relative(REPO, f)).sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe('import cycles in the code', () => {
  it('reads imports of every form this codebase writes', () => {
    const text = [
      "import type { A } from '../a.js';",
      'import {\n  B,\n  type C,\n} from "./b.js";',
      "export { D } from './d.js';",
      "export * from '../e.js';",
      "import './side-effect.js';",
      "const m = await import('./lazy.js');",
      "import * as fs from 'node:fs';",
    ].join('\n');
    expect(relativeImports(text)).toEqual(['../a.js', './b.js', './d.js', '../e.js', './side-effect.js', './lazy.js']);
  });

  it('finds the pipeline edges it should (the parser sees real imports)', () => {
    const graph = importGraph();
    const judge = graph.get(path.join(SRC, 'judge/judge.ts')) ?? [];
    expect(judge).toContain(path.join(SRC, 'profile/schema.ts'));
    expect([...graph.values()].flat().length).toBeGreaterThan(300);
  });

  it('has none: every import points down the pipeline', () => {
    expect(circles(importGraph())).toEqual([]);
  });
});
