// Artifact service against the real @actions/artifact DefaultArtifactClient and Azurite.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DefaultArtifactClient } from '@actions/artifact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServices, clientEnv, startLocalServices, withEnv } from '../../../tools/services/index.js';
import { copyPackages, removeDirs, tempDir, treeFingerprint } from '../../helpers/tree.js';

async function listFiles(dir: string): Promise<string[]> {
  return (await treeFingerprint(dir)).map((line) => path.join(dir, line.split(' ')[0]!));
}

describe('artifact service with the real @actions/artifact', () => {
  let services: LocalServices | undefined;
  let root = '';
  let env: Record<string, string | undefined> = {};

  beforeAll(async () => {
    root = await tempDir('artifacts');
    services = await startLocalServices();
    env = clientEnv(services.env, { GITHUB_WORKSPACE: root, RUNNER_TEMP: path.join(root, 'runner-temp') });
  });

  afterAll(async () => {
    await services?.stop();
    await removeDirs(root);
  });

  it('uploads, lists and downloads a zipped artifact byte for byte', async () => {
    const source = path.join(root, 'source');
    await copyPackages(source, ['@actions/core']);
    const before = await treeFingerprint(source);
    const client = new DefaultArtifactClient();

    const files = await listFiles(source);
    const uploaded = await withEnv(env, () => client.uploadArtifact('disk-profile', files, source));
    expect(uploaded.id).toBeGreaterThan(0);
    expect(uploaded.size).toBeGreaterThan(0);

    const { artifacts } = await withEnv(env, () => client.listArtifacts());
    expect(artifacts).toHaveLength(1);
    expect(artifacts[0]).toMatchObject({ name: 'disk-profile', id: uploaded.id, digest: `sha256:${uploaded.digest}` });
    expect(artifacts[0]!.createdAt).toBeInstanceOf(Date);

    const got = await withEnv(env, () => client.getArtifact('disk-profile'));
    expect(got.artifact.id).toBe(uploaded.id);

    const target = path.join(root, 'downloaded');
    const downloaded = await withEnv(env, () => client.downloadArtifact(uploaded.id!, { path: target, expectedHash: `sha256:${uploaded.digest}` }));
    expect(downloaded.digestMismatch).toBe(false);
    expect(await treeFingerprint(target)).toEqual(before);
  });

  it('keeps a single file raw with skipArchive and names it on download', async () => {
    const file = path.join(root, 'source', '@actions/core/package.json');
    const client = new DefaultArtifactClient();
    const uploaded = await withEnv(env, () => client.uploadArtifact('ignored', [file], path.dirname(file), { skipArchive: true }));
    const target = path.join(root, 'raw');
    await mkdir(target, { recursive: true });
    await withEnv(env, () => client.downloadArtifact(uploaded.id!, { path: target }));
    expect(await readFile(path.join(target, 'package.json'))).toEqual(await readFile(file));
    const { artifacts } = await withEnv(env, () => client.listArtifacts());
    expect(artifacts.map((a) => a.name).sort()).toEqual(['disk-profile', 'package.json']);
  });

  it('reports a missing artifact as not found', async () => {
    const client = new DefaultArtifactClient();
    await expect(withEnv(env, () => client.getArtifact('no-such-artifact'))).rejects.toThrow(/not found|no artifact/i);
  });
});
