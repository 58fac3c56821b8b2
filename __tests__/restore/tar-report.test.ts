// withTarOptions (src/restore/tar-report.ts): the report's options and a named time zone for tar while it
// extracts, the environment as it was afterwards.
import { afterEach, describe, expect, it } from 'vitest';
import { withTarOptions } from '../../src/restore/tar-report.js';

const saved = { TAR_OPTIONS: process.env.TAR_OPTIONS, TZ: process.env.TZ };
const restore = (name: 'TAR_OPTIONS' | 'TZ') => {
  const value = saved[name];
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
};

describe('withTarOptions', () => {
  afterEach(() => {
    restore('TAR_OPTIONS');
    restore('TZ');
  });

  it("adds the options after the user's and names the time zone tar reads unset, then puts both back", async () => {
    process.env.TAR_OPTIONS = '--warning=no-timestamp';
    delete process.env.TZ;
    const seen = await withTarOptions('-vv --index-file=/tmp/f', async () => ({ options: process.env.TAR_OPTIONS, zone: process.env.TZ }));
    expect(seen).toEqual({ options: '--warning=no-timestamp -vv --index-file=/tmp/f', zone: ':/etc/localtime' });
    expect(process.env.TAR_OPTIONS).toBe('--warning=no-timestamp');
    expect(process.env.TZ).toBeUndefined();
  });

  it("keeps a time zone the step set, and changes nothing without the report's options", async () => {
    process.env.TZ = 'Europe/Paris';
    delete process.env.TAR_OPTIONS;
    expect(await withTarOptions('-vv', async () => process.env.TZ)).toBe('Europe/Paris');
    expect(await withTarOptions(null, async () => [process.env.TAR_OPTIONS, process.env.TZ])).toEqual([undefined, 'Europe/Paris']);
    expect(process.env.TZ).toBe('Europe/Paris');
    expect(process.env.TAR_OPTIONS).toBeUndefined();
  });

  it('puts the environment back when the extraction throws', async () => {
    delete process.env.TZ;
    delete process.env.TAR_OPTIONS;
    await expect(withTarOptions('-vv', async () => Promise.reject(new Error('tar failed')))).rejects.toThrow('tar failed');
    expect(process.env.TZ).toBeUndefined();
    expect(process.env.TAR_OPTIONS).toBeUndefined();
  });
});
