// The demo's seeding: the real saveCache in process, against the real local services, its stdout sent
// through a runner's filter, so a newcomer's `npm run demo` shows no ::debug:: or ::add-mask:: lines.
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStdoutTo } from '../../../tools/runner/capture-stdout.js';
import { RunnerLog } from '../../../tools/runner/log-filter.js';
import { type LocalServices, seedCache, startLocalServices } from '../../../tools/services/index.js';
import { copyPackages, tempDir } from '../../helpers/tree.js';

describe('withStdoutTo', () => {
  let services: LocalServices;
  let root = '';

  beforeAll(async () => {
    root = await tempDir('capture-stdout');
    await mkdir(path.join(root, 'runner-temp'), { recursive: true });
    await copyPackages(path.join(root, 'deps'), ['tar']);
    services = await startLocalServices();
  }, 120_000);

  afterAll(async () => {
    await services?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("takes the toolkit's workflow commands off stdout and shows its log as a runner does", async () => {
    const write = process.stdout.write;
    const raw: string[] = [];
    const shown: string[] = [];
    const log = new RunnerLog((line) => shown.push(line));
    const id = await withStdoutTo(
      (chunk) => {
        raw.push(chunk);
        log.push(chunk);
      },
      () => seedCache({ services, paths: ['deps'], key: 'captured', workspace: root, tempDir: path.join(root, 'runner-temp') }),
    );
    log.flush();
    expect(id).toBeGreaterThan(0);
    expect(process.stdout.write).toBe(write);
    // What saveCache wrote went to the sink: its debug lines and the masked SAS signature among them.
    expect(raw.join('')).toMatch(/^::debug::Cache service version: v2$/m);
    expect(raw.join('')).toMatch(/^::add-mask::/m);
    // What a person sees: tar's command line, the upload's progress, no workflow command.
    expect(shown.some((l) => l.startsWith('[command]') && l.includes('tar'))).toBe(true);
    expect(shown.some((l) => /^Sent \d+ of \d+/.test(l))).toBe(true);
    expect(shown.filter((l) => l.startsWith('::'))).toEqual([]);
  }, 120_000);

  it('puts stdout back when the call fails', async () => {
    const write = process.stdout.write;
    await expect(
      withStdoutTo(
        () => {},
        async () => {
          throw new Error('failed inside');
        },
      ),
    ).rejects.toThrow('failed inside');
    expect(process.stdout.write).toBe(write);
  });
});
