// The always-on documents in the Actions cache (src/remember/cache-store.ts) against the local
// services, on cache service v2 (github.com) and v1 (GHES, act): newest by prefix, kinds apart, misses named.
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheClientEnv, startLocalServices, withEnv, type CacheServiceVersion, type LocalServices } from '../../tools/services/index.js';
import { keySafe, loadNewest, reserveDocument, storeDocument } from '../../src/remember/cache-store.js';
import { removeDirs, tempDir } from '../helpers/tree.js';

describe('cache-store', () => {
  let services: LocalServices;
  let root: string;
  beforeAll(async () => {
    services = await startLocalServices();
    root = await tempDir('cache-store');
    await mkdir(path.join(root, 'temp'));
  }, 60_000);
  afterAll(async () => {
    await services?.stop();
    await removeDirs(root);
  });

  const inCache = <T>(version: CacheServiceVersion, fn: () => Promise<T>) =>
    withEnv(cacheClientEnv(services, { workspace: root, tempDir: path.join(root, 'temp') }, version), fn);

  it.each(['v2', 'v1'] as const)('on cache service %s: saves under new keys, loads the newest by prefix, keeps kinds apart', async (version) => {
    await inCache(version, async () => {
      const prefix = `doc-${version}-`;
      expect(await loadNewest('history', prefix)).toEqual({ found: false, reason: `no entry under ${prefix}`, missing: true });
      expect(await storeDocument('history', `${prefix}1`, { n: 1 })).toEqual({ ok: true });
      expect(await storeDocument('history', `${prefix}2`, { n: 2 })).toEqual({ ok: true });
      expect(await loadNewest('history', prefix)).toEqual({ found: true, key: `${prefix}2`, document: { n: 2 } });
      // Entries are immutable: the same key again is refused, with the reason.
      const again = await storeDocument('history', `${prefix}2`, { n: 3 });
      expect(again.ok).toBe(false);
      // Another kind under the same prefix is another cache version: no match.
      expect((await loadNewest('ceilings', prefix)).found).toBe(false);
    });
  });

  it.each(['v2', 'v1'] as const)('on cache service %s: several prefixes in one lookup, the first that matches wins', async (version) => {
    await inCache(version, async () => {
      const wide = `multi-${version}-`;
      const narrow = `${wide}own-`;
      expect(await storeDocument('fixes', `${wide}other-1`, { n: 'other' })).toEqual({ ok: true });
      // Only the wider prefix matches: it is found.
      expect(await loadNewest('fixes', [narrow, wide])).toMatchObject({ found: true, key: `${wide}other-1` });
      expect(await storeDocument('fixes', `${narrow}1`, { n: 'own' })).toEqual({ ok: true });
      expect(await storeDocument('fixes', `${wide}other-2`, { n: 'other, newer' })).toEqual({ ok: true });
      // The narrow prefix matches: it wins over a newer entry under the wider one.
      expect(await loadNewest('fixes', [narrow, wide])).toEqual({ found: true, key: `${narrow}1`, document: { n: 'own' } });
      expect(await loadNewest('fixes', [`${wide}none-`])).toEqual({ found: false, reason: `no entry under ${wide}none-`, missing: true });
    });
  });

  it('an entry reserved ahead (cache v2) takes its document later, once; cache v1 reserves nothing ahead', async () => {
    await inCache('v2', async () => {
      const reserved = reserveDocument('history', 'ahead-1');
      expect(reserved).not.toBeNull();
      // The document comes later: the service holds the entry, unfinalized, meanwhile.
      expect(await reserved).toMatchObject({ ok: true, key: 'ahead-1' });
      expect(await loadNewest('history', 'ahead-')).toMatchObject({ found: false });
      const before = services.uploadRequests().length;
      expect(await storeDocument('history', 'ahead-1', { n: 1 }, reserved)).toEqual({ ok: true });
      expect(await loadNewest('history', 'ahead-')).toEqual({ found: true, key: 'ahead-1', document: { n: 1 } });
      expect(services.uploadRequests().length - before).toBe(1);
      // A reservation for another key is not this document's; the key reserved already is refused, with the reason.
      expect(await storeDocument('history', 'ahead-2', { n: 2 }, reserved)).toEqual({ ok: false, reason: 'the entry reserved is ahead-1, not ahead-2' });
      expect(await reserveDocument('history', 'ahead-1')).toMatchObject({ ok: false, reason: expect.stringContaining('ahead-1') });
    });
    await inCache('v1', async () => {
      expect(reserveDocument('history', 'ahead-v1')).toBeNull();
    });
  });

  it('a mode forbidding reads or writes is honoured without a request', async () => {
    await withEnv({ ...cacheClientEnv(services, { workspace: root, tempDir: path.join(root, 'temp') }), ACTIONS_CACHE_MODE: 'read' }, async () => {
      expect(await storeDocument('history', 'ro-1', {})).toEqual({ ok: false, reason: "the cache mode 'read' does not permit writes" });
    });
  });

  it('keys are made safe: no commas, bounded length', () => {
    expect(keySafe('ubuntu 24.04, arm/64')).toBe('ubuntu_24.04_arm_64');
    expect(keySafe('x'.repeat(300))).toHaveLength(100);
  });
});
