/**
 * The product's own paired samples of a tree, for the diagnostics (cpu-make-up.py): the census and the plan as
 * the experiments make them for a CPU-bound restore (sample-readings.ts pairs: no take-all stratum, its
 * minimum of clusters), the skeleton the SKELETON environment variable names (sample-select.ts SKELETONS; the
 * pairs' own where unset), both samples written from the tree as the experiments write them after a CPU-bound
 * restore (`tar -c` of each list, sample-tree.ts). Prints the plan, the samples' counts and what each holds of the files
 * too large to be a cluster of their own, as JSON.
 *   [SKELETON=every|ancestors] npx vite-node tools/bench/diagnostics/product-samples.ts -- WORKSPACE ROOT STEP OUTDIR
 */
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ChildRegistry } from '../../../src/experiment/processes.js';
import { SAMPLE_READING_PLANS } from '../../../src/experiment/sample-readings.js';
import { clusterKey, clusterLimits, planClusters, sampleShares, SKELETONS, type Skeleton } from '../../../src/experiment/sample-select.js';
import { buildSamplesFromTree, censusFromTree, walkMembers } from '../../../src/experiment/sample-tree.js';

const [workspace, root, stepText, outDir] = process.argv.slice(2).filter((a) => a !== '--');
if (!workspace || !root || !stepText || !outDir) throw new Error('usage: product-samples.ts -- WORKSPACE ROOT STEP OUTDIR');
const step = Number(stepText);
const pairs = SAMPLE_READING_PLANS.pairs;
const skeleton = (process.env.SKELETON ?? pairs.draw.skeleton) as Skeleton;
if (!SKELETONS.includes(skeleton)) throw new RangeError(`SKELETON: ${JSON.stringify(skeleton)} given, ${SKELETONS.join(' or ')} allowed`);
const roots = [path.join(workspace, root)];
// The tree's own count stands for tar's report: it is the archive's source, nothing else in it. Its files are kept
// for the large files' count below.
const files: { name: string; sizeBytes: number }[] = [];
walkMembers(workspace, roots, (m) => {
  if (m.type === '0') files.push({ name: m.name, sizeBytes: m.sizeBytes });
});
const reported = { files: files.length, extractedBytes: files.reduce((t, f) => t + f.sizeBytes, 0) };
const { census } = censusFromTree(workspace, roots, reported);
const plan = planClusters(census, step, pairs.minSmallClusters, { ...pairs.draw, skeleton });
if (!plan) throw new Error(`no plan at one subtree in ${step}`);
const listDir = mkdtempSync(path.join(outDir, 'lists-'));
const made = await buildSamplesFromTree({
  workspace,
  roots,
  compressionMethod: 'zstd-without-long',
  plan,
  tarPath: 'tar',
  listDir,
  outPaths: [path.join(outDir, 'tree-large.tzst'), path.join(outDir, 'tree-small.tzst')],
  registry: new ChildRegistry(),
});
rmSync(listDir, { recursive: true });
// The files larger than a cluster may be: how many, their share of the bytes, and of those how many and what share
// of their bytes each sample keeps.
const limitBytes = clusterLimits(census, step).maxBytes;
const large = { files: 0, bytes: 0, kept: plan.kept.map(() => ({ files: 0, bytes: 0 })) };
for (const m of files) {
  if (m.sizeBytes <= limitBytes) continue;
  large.files++;
  large.bytes += m.sizeBytes;
  const key = clusterKey(m.name, false, plan.depth, plan.split);
  plan.kept.forEach((set, i) => {
    const k = large.kept[i];
    if (k && key !== null && set.has(key)) {
      k.files++;
      k.bytes += m.sizeBytes;
    }
  });
}
const largeFiles = {
  limitBytes: Math.round(limitBytes),
  files: large.files,
  byteShareOfWhole: large.bytes / census.bytes,
  kept: large.kept.map((k) => ({ files: k.files, byteShareOfLarge: large.bytes > 0 ? k.bytes / large.bytes : 0 })),
};
const describe = (c: (typeof made.counts)[number]) => ({ ...sampleShares(c), keptEntries: c.keptEntries, keptBytes: c.keptBytes, directories: c.directories });
console.log(JSON.stringify({ depth: plan.depth, split: plan.split.size, clusters: plan.clusters, largeFiles, tree: made.counts.map(describe) }));
