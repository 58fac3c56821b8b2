// A held upload and a reset upload against the real services and the real saveCache, through the profiled save:
// the held body is reported as a stall of its length in the save's first sentence, on both save paths; a reset
// chunk shows its retry.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaveResult } from '../../src/profile/schema.js';
import { renderSaveSection } from '../../src/report/save-section.js';
import { judgedSave } from '../../src/pipeline/judged-save.js';
import { cacheClientEnv, startLocalServices, withEnv, type LocalServices, type SettingsUpdate } from '../../tools/services/index.js';
import { removeDirs, tempDir } from '../helpers/tree.js';
import { saySave } from '../../src/report/say/save.js';
import { sayUpload } from '../../src/report/say/transfer.js';

const MB = 1_000_000;
const HELD_MS = 4000;
let services: LocalServices;
let root: string;
let workspace: string;

beforeAll(async () => {
  services = await startLocalServices();
  root = await tempDir('upload-stall');
  workspace = path.join(root, 'workspace');
  await mkdir(path.join(workspace, 'deps'), { recursive: true });
  await mkdir(path.join(root, 'temp'), { recursive: true });
  // 24 MB zstd cannot shrink: six 4 MiB chunks on v1, one Put Blob on v2.
  await writeFile(path.join(workspace, 'deps', 'random.bin'), randomBytes(24 * MB));
});

afterAll(async () => {
  await services?.stop();
  await removeDirs(root);
});

async function save(key: string, version: 'v1' | 'v2', upload: Record<string, unknown>): Promise<SaveResult> {
  services.setSettings({ network: { upload } } as SettingsUpdate);
  try {
    const env = cacheClientEnv(services, { workspace, tempDir: path.join(root, 'temp') }, version);
    return await withEnv(env, () =>
      judgedSave({
        paths: ['deps'],
        key,
        enableCrossOsArchive: false,
        uploadChunkSize: version === 'v1' ? 4 * 1024 * 1024 : undefined,
        workspace,
        runnerTemp: path.join(root, 'temp'),
        sampleIntervalMs: 100,
        log: () => {},
      }),
    );
  } finally {
    services.setSettings({ network: null });
  }
}

describe.each(['v2', 'v1'] as const)('a held upload on cache %s', (version) => {
  it('is a stall of its length, first in the save sentence and in the summary', async () => {
    // Held 4 s: at 2.5 s the clean-clone CI of 73b07d1 read v1's held upload as capped per connection (the stall did
    // not lead the verdict; why was not recorded, and it did not happen here in many runs). A longer hold leaves more room.
    const saved = await save(`held-${version}`, version, {
      bytesPerSecond: 16 * MB,
      hold: { request: version === 'v2' ? 1 : 2, afterBytes: 2 * MB, durationMs: HELD_MS },
    });
    expect(saved.status).toBe('saved');
    const upload = saved.verdict?.upload;
    expect(upload?.limit).toBe('stall');
    expect(upload?.stalls[0]?.kind).toBe('body');
    expect(Math.abs((upload?.stalls[0]?.durationMs ?? 0) - HELD_MS)).toBeLessThanOrEqual(500);
    expect(saved.verdict && saySave(saved.verdict)).toMatch(/^The upload stalled for [34]\.\d+ s \(request #\d+, at \d+% of the archive\)/);
    const section = renderSaveSection(saved);
    expect(section).toContain('The upload stalled for');
    expect(section).toContain('Upload throughput (MiB/s)');
  });
});

describe('a reset upload on cache v1', () => {
  it("shows the chunk failing and its retry after saveCache's 5 s", async () => {
    const saved = await save('reset-v1', 'v1', { bytesPerSecond: 16 * MB, cut: { request: 2, afterBytes: 0 } });
    expect(saved.status).toBe('saved');
    const t = saved.phases.find((p) => p.name === 'upload')?.uploadTimeline;
    const failed = t?.requests.find((r) => r.outcome === 'error');
    expect(failed?.part).toMatch(/^bytes \d+-\d+\/\*$/);
    const again = t?.requests.filter((r) => r.part === failed?.part);
    expect(again?.map((r) => r.outcome)).toEqual(['error', 'complete']);
    const stall = saved.verdict?.upload?.stalls.find((s) => s.kind === 'retry');
    expect(Math.abs((stall?.durationMs ?? 0) - 5000)).toBeLessThanOrEqual(500);
    const upload = saved.verdict?.upload;
    expect(upload && sayUpload(upload).evidence.some((e) => /a retry$/.test(e))).toBe(true);
  });
});
