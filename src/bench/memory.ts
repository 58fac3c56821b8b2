/**
 * Memory of the action's main step while it profiles a large restore: the real bundled action
 * (dist/main.js via runAction) restoring a tree of real package files (this project's node_modules,
 * replicated `copies` times as real copies, not links), its peak RSS read from /proc/self/status
 * VmHWM as it exits, and the size of the step summary it wrote.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Lab } from '../lab/lab.js';
import { withoutWorkflowCommands } from '../lab/quiet.js';
import { runAction } from '../runner/run-action.js';
import { seedCache } from '../services/index.js';
import type { BenchRow } from './table.js';
import { fixed } from './stats.js';

export interface MemoryResult {
  copies: number;
  files: number;
  treeBytes: number;
  archiveBytes: number | null;
  restoreSeconds: number | null;
  mainPeakRssBytes: number | null;
  postPeakRssBytes: number | null;
  summaryBytes: number;
  exitCodes: [number, number];
}

const HWM_HOOK = `import { appendFileSync, readFileSync } from 'node:fs';
process.on('exit', () => {
  const kb = /VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  appendFileSync(process.env.BENCH_HWM_FILE, \`\${process.argv[1]} \${Number(kb) * 1024}\\n\`);
});
`;

export async function benchMemory(lab: Lab, opts: { projectRoot: string; distDir: string; copies: number; log: (l: string) => void }): Promise<MemoryResult> {
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
    const files = Number(execFileSync('sh', ['-c', 'find . -type f | wc -l'], { cwd: tree, encoding: 'utf8' }).trim());
    const treeBytes = Number(execFileSync('du', ['-sb', tree], { encoding: 'utf8' }).split('\t')[0]);
    opts.log(`memory: ${files} files, ${(treeBytes / 1e9).toFixed(2)} GB in ${opts.copies} copies of node_modules; seeding`);
    const key = `memory-tree-${opts.copies}`;
    await withoutWorkflowCommands(() => seedCache({ services: lab.services, paths, key, workspace: tree, tempDir: temp }));
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
    const peaks = readFileSync(hwmFile, 'utf8').trim().split('\n').map((l) => l.split(' '));
    const peakOf = (entry: string) => {
      const row = peaks.find((p) => p[0]?.endsWith(entry));
      return row && row[1] ? Number(row[1]) : null;
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
    return {
      copies: opts.copies,
      files,
      treeBytes,
      archiveBytes,
      restoreSeconds,
      mainPeakRssBytes: peakOf('main.js'),
      postPeakRssBytes: peakOf('post.js'),
      summaryBytes: Buffer.byteLength(result.summary, 'utf8'),
      exitCodes: [result.mainExitCode, result.postExitCode],
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
      target: '≤ 150 MB',
      met: m.mainPeakRssBytes !== null && m.mainPeakRssBytes <= 150e6,
    },
    {
      section: 'Memory',
      measure: 'step summary size',
      result: `${(m.summaryBytes / 1024).toFixed(1)} KiB`,
      target: '< 1 MiB',
      met: m.summaryBytes > 0 && m.summaryBytes < 1048576,
    },
  ];
}
