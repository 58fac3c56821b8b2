// Folders that only point down (issue 32, item 2): a module may import from folders in lower layers
// only, never from its own layer's peers nor from above, so a reader can learn the code bottom up and
// a folder can be read without the ones above it. The file-level cycle test (import-cycles.test.ts)
// cannot see a circle between folders made of imports between different files; this one can.
// A folder is the first path segment under its code root (src/ or tools/), so the test reads the tree
// the same before and after scripts/relayout.mjs moves the tools out of src/; a file directly under
// a root (main.ts) is a folder of its own.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, relativeImports, REPO, rootOf, SRC } from './helpers/import-graph.js';

/** The stated order, bottom up. Peers share a layer. The tools sit above the whole action. */
const LAYERS: readonly (readonly string[])[] = [
  ['util', 'version.ts'],
  ['profile'], // the schema: every folder's plain data
  ['system'], // sysctl and /sys writes, cleanup stacks: what the action and the lab both need
  ['config'], // the inputs, read once (actions/cache's own as it reads them)
  ['sample'], // the kernel's counters
  ['probe'], // fio, read against the device's counters
  ['judge'], // pure rules over samples and probes
  ['restore'],
  ['save', 'remember'], // save takes the restore's gateway to @actions/cache; remember stores small documents there
  ['experiment'],
  ['report', 'machine'],
  ['history'],
  ['compare'],
  ['export'],
  ['pipeline'],
  ['main.ts', 'post.ts'], // the action's entry points (dist/main.js, dist/post.js)
  // The tools: may import the action, never the other way round.
  ['services', 'runner'],
  ['lab'],
  ['bench'],
  ['cli'], // dist/cli.js
];
const TOOLS: readonly string[] = ['services', 'runner', 'lab', 'bench', 'cli'];

/**
 * Imports that still run up or sideways, each with why: `from` is a folder, `to` a file under its
 * root (as `pipeline/run-profile.ts`). Empty it as they go; an entry that matches no import fails the test.
 * The lines marked `relayout` are removed by scripts/relayout.mjs when it moves their files.
 */
const ALLOWED: readonly { from: string; to: string }[] = [];

const layerOf = new Map(LAYERS.flatMap((folders, i) => folders.map((f) => [f, i] as const)));

/** The folder of a code file: its first path segment under its root. */
function folderOf(file: string): string {
  const root = rootOf(file);
  if (root === null) throw new Error(`${file} is under no code root`);
  return path.relative(root, file).split(path.sep)[0] as string;
}

/** The file as an allowlist names it: relative to its root. */
const underRoot = (file: string): string =>
  path
    .relative(rootOf(file) as string, file)
    .split(path.sep)
    .join('/');
const fromRepo = (file: string): string => path.relative(REPO, file);

interface Edge {
  file: string;
  target: string;
  from: string;
  to: string;
}

function folderEdges(graph: Map<string, string[]>): Edge[] {
  const edges: Edge[] = [];
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const from = folderOf(file);
      const to = folderOf(target);
      if (from !== to) edges.push({ file, target, from, to });
    }
  }
  return edges;
}

const allowed = (e: Edge): boolean => ALLOWED.some((a) => a.from === e.from && a.to === underRoot(e.target));

describe('folders point down', () => {
  const graph = importGraph();
  const edges = folderEdges(graph);

  it('reads the folder graph (the parser sees real imports between folders)', () => {
    expect(edges.some((e) => e.from === 'pipeline' && e.to === 'restore')).toBe(true);
    expect(edges.some((e) => e.from === 'judge' && e.to === 'profile')).toBe(true);
    expect(new Set(edges.map((e) => `${e.from} ${e.to}`)).size).toBeGreaterThan(50);
  });

  it('places every folder in the stated order', () => {
    const folders = new Set([...graph.keys()].map(folderOf));
    const unplaced = [...folders].filter((f) => !layerOf.has(f));
    expect(unplaced, 'add these folders to LAYERS in __tests__/folder-order.test.ts').toEqual([]);
  });

  it('puts the tools above the whole action', () => {
    const action = [...layerOf].filter(([f]) => !TOOLS.includes(f)).map(([, i]) => i);
    const tools = TOOLS.map((f) => layerOf.get(f) as number);
    expect(Math.min(...tools)).toBeGreaterThan(Math.max(...action));
  });

  it('has no import running up or sideways between folders', () => {
    const wrong = edges
      .filter((e) => (layerOf.get(e.to) ?? Number.POSITIVE_INFINITY) >= (layerOf.get(e.from) ?? Number.NEGATIVE_INFINITY) && !allowed(e))
      .map((e) => `${e.from} → ${e.to}: ${fromRepo(e.file)} imports ${fromRepo(e.target)}`);
    expect(wrong).toEqual([]);
  });

  it('keeps no allowance that no import needs', () => {
    const unused = ALLOWED.filter((a) => !edges.some((e) => e.from === a.from && underRoot(e.target) === a.to && layerOf.get(e.to)! >= layerOf.get(e.from)!));
    expect(unused, 'remove these from ALLOWED').toEqual([]);
  });

  it('has nothing in src/ import tools/', () => {
    const wrong = edges.filter((e) => rootOf(e.file) === SRC && rootOf(e.target) !== SRC).map((e) => `${fromRepo(e.file)} imports ${fromRepo(e.target)}`);
    expect(wrong).toEqual([]);
  });

  it('reaches into @actions/cache by path through one gateway only (restore/cache-internals.ts, and its half without the transfers, cache-service.ts)', () => {
    const byPath = [...graph.keys()].filter((file) =>
      relativeImports(readFileSync(file, 'utf8')).some((spec) => path.resolve(path.dirname(file), spec).includes(`${path.sep}node_modules${path.sep}`)),
    );
    expect(byPath.map(underRoot).sort()).toEqual(['restore/cache-internals.ts', 'restore/cache-service.ts']);
  });
});
