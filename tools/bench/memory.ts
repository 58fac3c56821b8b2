/**
 * Memory of the action's main step while it profiles a large restore: the real bundled action
 * (dist/main.js via runAction) restoring a tree of real package files (this project's node_modules,
 * replicated `copies` times as real copies, not links, then topped up to `fillToBytes` with a few large
 * files cut from a tar stream of node_modules: real content, compressible as real caches are), its peak
 * RSS read from /proc/self/status VmHWM as it exits, and the size of the step summary it wrote.
 * The same entry is then restored by a plain restoreCache in a Node process of its own, whose peak is
 * the baseline: the profiler's own cost is the difference. The tree is saved (seeded) by the profiled
 * save the post step runs (observedSave), so the save's phases and verdict are measured on the same tree.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Lab } from '../lab/lab.js';
import { withoutWorkflowCommands } from '../lab/quiet.js';
import { isRoot } from '../../src/system/privilege.js';
import type { SaveResult } from '../../src/profile/schema.js';
import { runAction } from '../runner/run-action.js';
import { judgedSave } from '../../src/pipeline/judged-save.js';
import { cacheClientEnv, withEnv } from '../services/index.js';
import type { BenchRow } from './table.js';
import { fixed } from './stats.js';
import { saySave, saySavePhase } from '../../src/report/say/save.js';

export interface MemoryResult {
  copies: number;
  files: number;
  treeBytes: number;
  archiveBytes: number | null;
  restoreSeconds: number | null;
  mainPeakRssBytes: number | null;
  postPeakRssBytes: number | null;
  /** Peak RSS of a Node process running plain restoreCache on the same entry. */
  plainPeakRssBytes: number | null;
  summaryBytes: number;
  exitCodes: [number, number];
  /** The profiled save that created the entry (observedSave on the tree, page cache dropped first when root). */
  save: SaveResult | null;
}

/** A plain restoreCache of the entry, in a process of its own, as a workflow's actions/cache step runs it. */
const PLAIN_RESTORE = (cacheModule: string) => `import { restoreCache } from '${cacheModule}';
const key = await restoreCache(JSON.parse(process.env.BENCH_PATHS), process.env.BENCH_KEY);
if (key !== process.env.BENCH_KEY) { console.error('plain restore missed: ' + key); process.exit(1); }
// As actions/cache's restore step ends (earlyExit): dangling keep-alive sockets must not hold the process.
process.exit(0);
`;

const HWM_HOOK = `import { appendFileSync, readFileSync } from 'node:fs';
process.on('exit', () => {
  const kb = /VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  appendFileSync(process.env.BENCH_HWM_FILE, \`\${process.argv[1]} \${Number(kb) * 1024}\\n\`);
});
`;

export async function benchMemory(
  lab: Lab,
  opts: { projectRoot: string; distDir: string; copies: number; fillToBytes?: number; dropCaches?: boolean; log: (l: string) => void },
): Promise<MemoryResult> {
  const base = path.join(lab.root, `memory-${Date.now()}`);
  const tree = path.join(base, 'tree');
  const workspace = path.join(base, 'workspace');
  const temp = path.join(base, 'temp');
  for (const d of [tree, workspace, temp]) mkdirSync(d, { recursive: true });
  try {
    const paths: string[] = [];
    for (let i = 0; i < opts.copies; i++) {
      const name = `copy-${i}`;
      execFileSync('cp', ['-a', path.join(opts.projectRoot, 'node_modules'), path.join(tree, name)]);
      paths.push(name);
    }
    const treeSize = () => Number(execFileSync('du', ['-sb', tree], { encoding: 'utf8' }).split('\t')[0]);
    const fillTo = opts.fillToBytes ?? 0;
    if (treeSize() < fillTo) {
      mkdirSync(path.join(tree, 'large'));
      paths.push('large');
      for (let i = 0; treeSize() < fillTo; i++) {
        // At most one node_modules' worth per file, cut to what is still missing.
        const missing = fillTo - treeSize();
        execFileSync('sh', [
          '-c',
          `tar -cf - -C "$0" node_modules 2>/dev/null | head -c "$1" > "$2"`,
          opts.projectRoot,
          String(missing),
          path.join(tree, 'large', `blob-${i}.tar`),
        ]);
      }
    }
    const files = Number(execFileSync('sh', ['-c', 'find . -type f | wc -l'], { cwd: tree, encoding: 'utf8' }).trim());
    const treeBytes = treeSize();
    opts.log(
      `memory: ${files} files, ${(treeBytes / 1e9).toFixed(2)} GB (${opts.copies} copies of node_modules${fillTo ? ', topped up with large files' : ''}); saving it with the profiled save`,
    );
    const key = `memory-tree-${opts.copies}-${treeBytes}`;
    // Cold reads, as a job's save after its build would mostly not be (that is the case worth knowing).
    if (opts.dropCaches ?? isRoot) writeFileSync('/proc/sys/vm/drop_caches', '3\n');
    const save = await withoutWorkflowCommands(() =>
      withEnv(cacheClientEnv(lab.services, { workspace: tree, tempDir: temp }), () =>
        judgedSave({ paths, key, enableCrossOsArchive: false, workspace: tree, runnerTemp: temp, sampleIntervalMs: 100, log: () => {} }),
      ),
    );
    if (save.status !== 'saved') throw new Error(`the profiled save of the memory tree did not save: ${save.reason ?? save.error?.message ?? save.status}`);
    opts.log(`memory: saved in ${(save.saveMs / 1000).toFixed(1)} s: ${save.verdict ? saySave(save.verdict) : 'no verdict'}`);
    rmSync(tree, { recursive: true, force: true });

    const hook = path.join(base, 'hwm.mjs');
    writeFileSync(hook, HWM_HOOK);
    const hwmFile = path.join(base, 'hwm.txt');
    writeFileSync(hwmFile, '');
    const nodeWrapper = path.join(base, 'node');
    writeFileSync(nodeWrapper, `#!/bin/sh\nexec '${process.execPath}' --import '${pathToFileURL(hook).href}' "$@"\n`);
    chmodSync(nodeWrapper, 0o755);
    opts.log('memory: running the bundled action (main + post) on the large restore');
    const result = await runAction({
      distDir: opts.distDir,
      nodePath: nodeWrapper,
      inputs: { path: paths.join('\n'), key, probes: 'none', 'upload-artifact': 'true', label: 'bench-memory' },
      env: { ...lab.services.env, GITHUB_WORKSPACE: workspace, RUNNER_TEMP: temp, RUNNER_NAME: 'bench', BENCH_HWM_FILE: hwmFile },
      onOutput: () => {},
    });
    const peaks = readFileSync(hwmFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(' '));
    const peakOf = (entry: string) => {
      const row = peaks.find((p) => p[0]?.endsWith(entry));
      return row?.[1] ? Number(row[1]) : null;
    };
    const profileFile = result.outputs['profile-path'];
    let archiveBytes: number | null = null;
    let restoreSeconds: number | null = null;
    try {
      if (profileFile) {
        const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as { restore?: { archiveBytes: number | null; restoreMs: number } };
        archiveBytes = profile.restore?.archiveBytes ?? null;
        restoreSeconds = profile.restore ? profile.restore.restoreMs / 1000 : null;
      }
    } catch {
      // No profile file: the summary and RSS still stand.
    }
    rmSync(workspace, { recursive: true, force: true });

    opts.log('memory: plain restoreCache of the same entry, in a process of its own');
    const plainWorkspace = path.join(base, 'plain-workspace');
    mkdirSync(plainWorkspace);
    const plainScript = path.join(base, 'plain-restore.mjs');
    writeFileSync(plainScript, PLAIN_RESTORE(pathToFileURL(path.join(opts.projectRoot, 'node_modules/@actions/cache/lib/cache.js')).href));
    // Asynchronously: the services answering it run in this process.
    await runChild(nodeWrapper, [plainScript], {
      cwd: plainWorkspace,
      env: {
        ...process.env,
        ...cacheClientEnv(lab.services, { workspace: plainWorkspace, tempDir: temp }),
        BENCH_HWM_FILE: hwmFile,
        BENCH_PATHS: JSON.stringify(paths),
        BENCH_KEY: key,
      },
    });
    const plainPeak = readFileSync(hwmFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(' '))
      .find((p) => p[0]?.endsWith('plain-restore.mjs'));
    return {
      copies: opts.copies,
      files,
      treeBytes,
      archiveBytes,
      restoreSeconds,
      mainPeakRssBytes: peakOf('main.js'),
      postPeakRssBytes: peakOf('post.js'),
      plainPeakRssBytes: plainPeak?.[1] ? Number(plainPeak[1]) : null,
      summaryBytes: Buffer.byteLength(result.summary, 'utf8'),
      exitCodes: [result.mainExitCode, result.postExitCode],
      save,
    };
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

export function memoryRows(m: MemoryResult): BenchRow[] {
  const mb = (b: number | null) => (b === null ? 'n/a' : `${(b / 1048576).toFixed(0)} MiB`);
  const scale = `${m.files.toLocaleString('en-US')} files, ${(m.treeBytes / 1e9).toFixed(2)} GB (${m.copies}× node_modules), archive ${mb(m.archiveBytes)}, restore ${fixed(m.restoreSeconds, 1, ' s')}`;
  return [
    {
      section: 'Memory',
      measure: `peak RSS of the action's main step (VmHWM) restoring ${scale}`,
      result: `${mb(m.mainPeakRssBytes)} (post step ${mb(m.postPeakRssBytes)}; exit codes ${m.exitCodes.join('/')})`,
      // No bar of its own: on the SDK's download path plain restoreCache peaks at hundreds of MiB; the bar is the next row's.
      target: '– (see the next row)',
      met: null,
    },
    {
      section: 'Memory',
      measure: "profiler's peak RSS minus plain restoreCache's peak (a Node process of its own) on the same entry",
      result:
        m.mainPeakRssBytes !== null && m.plainPeakRssBytes !== null
          ? `${((m.mainPeakRssBytes - m.plainPeakRssBytes) / 1048576).toFixed(1)} MiB (${mb(m.mainPeakRssBytes)} − ${mb(m.plainPeakRssBytes)})`
          : 'n/a',
      target: '≤ 30 MiB',
      met: m.mainPeakRssBytes !== null && m.plainPeakRssBytes !== null && m.mainPeakRssBytes - m.plainPeakRssBytes <= 30 * 1048576,
    },
    ...saveRows(m.save, scale),
    {
      section: 'Memory',
      measure: 'step summary size',
      result: `${(m.summaryBytes / 1024).toFixed(1)} KiB`,
      target: '< 1 MiB',
      met: m.summaryBytes > 0 && m.summaryBytes < 1048576,
    },
  ];
}

/** The save's phases and verdict on the memory tree (no target: what the bench shows is where the time goes). */
function saveRows(save: SaveResult | null, scale: string): BenchRow[] {
  if (!save) return [];
  const phases = save.phases.map((p) => `${p.name} ${((p.endMs - p.startMs) / 1000).toFixed(1)} s`).join(', ');
  return [
    {
      section: 'Save',
      measure: `profiled save (saveCache's calls) of the same tree: ${scale.split(', restore')[0]}`,
      result: `${(save.saveMs / 1000).toFixed(1)} s: ${phases}`,
      target: '–',
      met: null,
    },
    {
      section: 'Save',
      measure: "the save's verdict (and the evidence of its longest phase)",
      result: `${save.verdict ? saySave(save.verdict) : 'none'}${longestEvidence(save)}`,
      target: '–',
      met: null,
    },
  ];
}

/** The evidence behind the longest phase's judgement, so an inconclusive verdict shows what was seen. */
function longestEvidence(save: SaveResult): string {
  const longest = [...save.phases].sort((a, b) => b.endMs - b.startMs - (a.endMs - a.startMs))[0];
  const judged = longest ? save.verdict?.phases.find((p) => p.phase === longest.name) : undefined;
  const evidence = judged ? saySavePhase(judged, save.verdict?.upload).evidence : [];
  return judged && evidence.length > 0 ? ` Evidence (${judged.phase}): ${evidence.join('; ')}.` : '';
}

function runChild(command: string, args: string[], options: { cwd: string; env: Record<string, string | undefined> }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(args[0] ?? command)} exited with ${code}: ${stderr.trim().slice(-500)}`)),
    );
  });
}
