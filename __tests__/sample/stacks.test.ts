// Device resolution on real /proc and /sys trees of stacked storage (fixtures/stacks, provenance in
// its README): an overlay whose upper layer is on a loop device, a bind mount, a loop device whose
// backing file is on another loop device's file system, and two containers' views of an overlay root.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveDevices } from '../../src/sample/devices.js';
import { resolveMountSource } from '../../src/sample/mount-source.js';
import { findMount, overlayLayers, parseMountinfo } from '../../src/sample/parse-mountinfo.js';

const STACKS = fileURLToPath(new URL('../../fixtures/stacks/', import.meta.url));
const host = { procRoot: `${STACKS}host/proc`, sysRoot: `${STACKS}host/sys` };
const work = /^work=(.+)$/m.exec(readFileSync(`${STACKS}host/layout`, 'utf8'))?.[1] as string;
// What existed on the capturing machine: the capture's own directories (and /).
const hostView = (p: string) => (p === '/' || p === work || p.startsWith(`${work}/`) ? p : null);
// Inside the containers only their own root's few entries are visible; host paths are not.
const containerView = (p: string) => (['/', '/etc', '/etc/hosts', '/proc'].includes(p) ? p : null);

describe('overlayLayers', () => {
  it('reads the upper and lower layers from the super options, commas and colons escaped', () => {
    expect(overlayLayers('rw,lowerdir=/l1:/l\\:2,upperdir=/u\\,x,workdir=/w,uuid=on')).toEqual({ upperDir: '/u,x', lowerDirs: ['/l1', '/l:2'] });
    expect(overlayLayers('ro,lowerdir=/a:/b')).toEqual({ lowerDirs: ['/a', '/b'] });
  });
});

describe('on the host', () => {
  it('an overlay is measured on the disk under its upper layer, and says so', () => {
    const where = resolveDevices({ restorePaths: [`${work}/merged/node_modules`] }, { ...host, realPath: hostView });
    expect(where.noBlockDeviceReason).toBeUndefined();
    expect(where.fileSystems[0]?.fsType).toBe('overlay');
    expect(where.fileSystems[0]?.resolution).toMatchObject({ method: 'overlay-upper', devNumber: '7:0' });
    expect(where.fileSystems[0]?.resolution?.detail).toContain(`${work}/a/upper is on /dev/loop0 (ext4)`);
    const [top, below] = where.devices;
    expect(top).toMatchObject({ name: 'loop0', primary: true, kind: 'loop', below: ['vda'], topFor: ['restore-path'] });
    expect(top?.restorePaths).toEqual([`${work}/merged/node_modules`]);
    expect(below).toMatchObject({
      name: 'vda',
      primary: false,
      kind: 'disk',
      chain: [`overlay upper layer ${work}/a/upper`, 'loop0', `backing file ${work}/a.img`, 'vda'],
    });
    expect(below?.topFor).toBeUndefined();
  });

  it('a bind mount is measured on the file system it binds from', () => {
    const where = resolveDevices({ restorePath: `${work}/bind/cache` }, { ...host, realPath: hostView });
    expect(where.fileSystems[0]?.resolution).toMatchObject({ method: 'bind-mount', devNumber: '7:1' });
    expect(where.fileSystems[0]?.resolution?.detail).toBe('a bind mount of /shared on /dev/loop1 (ext4)');
    expect(where.devices[0]).toMatchObject({ name: 'loop1', primary: true, chain: ['bind mount of /shared', 'loop1'] });
  });

  it('a loop device whose backing file is on another loop device shows the whole stack', () => {
    const where = resolveDevices({ restorePath: `${work}/c/x` }, { ...host, realPath: hostView });
    expect(where.devices.map((d) => [d.name, d.below ?? []])).toEqual([
      ['loop2', ['loop0']],
      ['loop0', ['vda']],
      ['vda', []],
    ]);
    expect(where.devices[2]?.chain).toEqual(['loop2', `backing file ${work}/a/c.img`, 'loop0', `backing file ${work}/a.img`, 'vda']);
  });

  it('restore paths on two disks: both sampled, each top device names its paths, the first is primary until the bytes say', () => {
    const paths = [`${work}/merged/a`, `${work}/bind/b`];
    const where = resolveDevices({ restorePaths: paths, archiveTemp: `${work}/bind/tmp` }, { ...host, realPath: hostView });
    const byName = Object.fromEntries(where.devices.map((d) => [d.name, d]));
    expect(Object.keys(byName).sort()).toEqual(['loop0', 'loop1', 'vda']);
    expect(byName.loop0).toMatchObject({ primary: true, restorePaths: [paths[0]], topFor: ['restore-path'] });
    expect(byName.loop0?.primaryBecause).toMatch(/first restore path/);
    expect(byName.loop1).toMatchObject({ primary: false, restorePaths: [paths[1]], topFor: ['restore-path', 'archive-temp'] });
    expect(where.fileSystems.map((f) => f.resolution?.method)).toEqual(['overlay-upper', 'bind-mount', 'bind-mount']);
  });
});

describe("inside a container (the overlay's upper layer is a host path)", () => {
  it('is not measured when no bind mount shares its host tree, and says why', () => {
    const procRoot = `${STACKS}container-split/proc`;
    const where = resolveDevices({ restorePath: '/home/runner/.npm' }, { procRoot, sysRoot: host.sysRoot, realPath: containerView });
    expect(where.devices).toEqual([]);
    expect(where.fileSystems[0]?.resolution?.method).toBe('not-measured');
    expect(where.noBlockDeviceReason).toMatch(new RegExp(`upper layer ${work}/a/upper is a host path not visible here .*no bind mount`));
  });

  it("is taken to be on the disk of a bind mount from the same host tree (Docker's layout on the root disk)", () => {
    const procRoot = `${STACKS}container-rootfs/proc`;
    const where = resolveDevices({ restorePath: '/home/runner/.npm' }, { procRoot, sysRoot: host.sysRoot, realPath: containerView });
    expect(where.fileSystems[0]?.resolution).toMatchObject({ method: 'overlay-upper-inferred', devNumber: '254:0' });
    expect(where.fileSystems[0]?.resolution?.detail).toContain(`the same host tree ${work}/rt`);
    expect(where.devices.map((d) => [d.name, d.chain])).toEqual([['vda', [`overlay upper layer ${work}/rt/overlay2/upper (inferred)`, 'vda']]]);
    expect(where.noBlockDeviceReason).toBeUndefined();
  });

  it('an upper path that happens to exist inside the container but lies on the overlay itself is not taken as seen', () => {
    const mounts = parseMountinfo(readFileSync(`${STACKS}container-split/proc/self/mountinfo`, 'utf8'));
    const root = findMount(mounts, '/');
    if (!root) throw new Error('fixture has no root mount');
    expect(resolveMountSource(root, { mounts, realPath: (p) => p }).method).toBe('not-measured');
  });
});
