// Which device carried most of the restore's bytes, on the recording whose archive went to another
// disk than the restore (fixtures/profiles/lab-temp-other-disk.json: restore on loop0, temp on vda),
// with the restore paths' split stated in each test.
import { describe, expect, it } from 'vitest';
import { chooseRestoreDevice, withRestoreDevice } from '../../src/sample/restore-device.js';
import { loadFixture } from '../judge/fixture-tools.js';

function twoRestoreDevices() {
  const p = loadFixture('lab-temp-other-disk.json');
  const [loop0, vda] = p.devices;
  if (!loop0 || !vda) throw new Error('fixture has two devices');
  // Played: one restore path on each device (the recording restored to loop0 only).
  loop0.topFor = ['restore-path'];
  loop0.restorePaths = ['/w/node_modules'];
  vda.topFor = ['restore-path', 'archive-temp'];
  vda.restorePaths = ['/home/u/.npm'];
  return p;
}

describe('chooseRestoreDevice', () => {
  it("takes the restored tree's bytes per root, and says so", () => {
    const p = twoRestoreDevices();
    const choice = chooseRestoreDevice(
      p.devices,
      new Map([
        ['/w/node_modules', 10 * 1048576],
        ['/home/u/.npm', 30 * 1048576],
      ]),
      p.phases,
    );
    expect(choice).toMatchObject({ index: 1, method: 'restored-tree' });
    expect(choice?.because).toBe("most of the restore's bytes: 30.0 MiB of 40.0 MiB of the restored files' bytes under its paths");
    const devices = withRestoreDevice(p.devices, choice!);
    expect(devices.map((d) => [d.name, d.primary])).toEqual([
      ['loop0', false],
      ['vda', true],
    ]);
    expect(devices[1]?.primaryBecause).toMatch(/30.0 MiB of 40.0 MiB/);
  });

  it('without a walk of the tree, the sectors each device wrote during extraction and writeback decide', () => {
    const p = twoRestoreDevices();
    const choice = chooseRestoreDevice(p.devices, null, p.phases);
    // loop0 wrote 135.8 MiB in extraction and tail; vda (its backing disk and the temp dir's) about 128 MiB.
    expect(choice?.method).toBe('written-sectors');
    expect(choice?.index).toBe(0);
    expect(choice?.because).toMatch(/^most of the restore's bytes: 135.8 MiB of 26\d\.\d MiB of the bytes the restore path devices wrote/);
  });

  it('one restore device: nothing to choose', () => {
    const p = loadFixture('lab-temp-other-disk.json');
    expect(chooseRestoreDevice(p.devices, new Map(), p.phases)).toBeNull();
  });
});
