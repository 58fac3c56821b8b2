// Secrets and inputs as data: the runtime token never reaches the log, the summary or the uploaded
// artifact; keys, paths and labels with shell metacharacters are taken literally (no child process
// ever gets a shell string); fio writes nowhere but its own temp directory.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientEnv, seedCache, startLocalServices, withEnv, type LocalServices } from '../../tools/services/index.js';
import { collectProfileArtifacts } from '../../src/compare/collect-artifacts.js';
import { runProbeSuite } from '../../src/probe/suite.js';
import { removeDirs, repoRoot, tempDir } from '../helpers/tree.js';
import { commandExists, prerequisite } from '../helpers/prerequisites.js';
import { buildDist, runFault } from '../helpers/action-harness.js';

let services: LocalServices;
let root: string;
let marker: string;
const weirdDir = 'deps;$(touch pwned)`touch pwned`';

beforeAll(async () => {
  buildDist();
  services = await startLocalServices();
  root = await tempDir('faults-secrets');
  marker = path.join(root, 'pwned');
  const source = path.join(root, 'source');
  await mkdir(path.join(source, weirdDir), { recursive: true });
  await writeFile(path.join(source, weirdDir, 'a.txt'), 'literal\n');
  await mkdir(path.join(root, 'seed-temp'));
  await seedCache({ services, paths: [weirdDir], key: `k;$(touch ${marker});echo`, workspace: source, tempDir: path.join(root, 'seed-temp') });
});

afterAll(async () => {
  await services?.stop();
  await removeDirs(root);
});

function listFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).map((f) => path.join(dir, f)).filter((f) => statSync(f).isFile());
}

describe('secrets and shell metacharacters', () => {
  it('keys, paths and labels with $(...), backticks and ; are literal; the token is in no log, summary or artifact', async () => {
    const label = 'odd;$(touch pwned)';
    const r = await runFault({ services, root, name: 'meta', inputs: { path: weirdDir, key: `k;$(touch ${marker});echo`, label, 'upload-artifact': 'true' } });
    expect(r.mainExitCode).toBe(0);
    expect(r.outputs['cache-hit']).toBe('true');
    expect(readFileSync(path.join(r.workspace, weirdDir, 'a.txt'), 'utf8')).toBe('literal\n');
    for (const dir of [root, r.workspace, r.runnerTemp, repoRoot]) expect(existsSync(path.join(dir, 'pwned')), dir).toBe(false);
    expect(existsSync(marker)).toBe(false);

    // The artifact as the service serves it back, byte for byte: no token anywhere in it.
    const token = services.env.ACTIONS_RUNTIME_TOKEN as string;
    const downloads = path.join(root, 'downloads');
    const collected = await withEnv(clientEnv(services.env), () => collectProfileArtifacts(`disk-profile-${label}`, downloads));
    expect(collected.matched).toBe(1);
    expect(collected.profiles[0]?.profile.label).toBe(label);
    const files = listFiles(downloads);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(readFileSync(f, 'utf8').includes(token), f).toBe(false);
  });

  it('no source file hands a child process a shell or a command string', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.ts')) {
          const text = readFileSync(full, 'utf8');
          if (/shell\s*:\s*true/.test(text)) offenders.push(`${full}: shell: true`);
          if (/\b(execSync|spawnSync)\s*\(\s*[`'"][^`'"]*\s[^`'"]*[`'"]\s*[,)]/.test(text)) offenders.push(`${full}: command string`);
          if (/import\s*\{[^}]*\bexec\b[^}]*\}\s*from\s*'node:child_process'/.test(text)) offenders.push(`${full}: child_process.exec`);
        }
      }
    };
    walk(path.join(repoRoot, 'src'));
    expect(offenders).toEqual([]);
  });

  it.runIf(prerequisite('fio', commandExists('fio')))('fio writes nowhere but its own temp directory, which is gone afterwards', async () => {
    const target = path.join(root, 'probe-target');
    await mkdir(target);
    await writeFile(path.join(target, 'keep.txt'), 'mine\n');
    const before = { target: readdirSync(target).sort(), cwd: readdirSync(process.cwd()).sort() };
    const dirs: string[] = [];
    const result = await runProbeSuite({ targetPath: target, probes: ['seq-write'], budgetMs: 6000, cpuCount: 2, onDirectory: (d) => dirs.push(d) });
    expect(result.status).toBe('ran');
    expect(dirs).toHaveLength(1);
    expect(path.dirname(dirs[0]!)).toBe(target);
    expect(readdirSync(target).sort()).toEqual(before.target);
    expect(readdirSync(process.cwd()).sort()).toEqual(before.cwd);
    expect(readFileSync(path.join(target, 'keep.txt'), 'utf8')).toBe('mine\n');
  });
});
