/**
 * Stage 2: flushes what earlier steps left dirty on every file system the restore writes (restore
 * paths and the archive's temp dir), so none of it is counted as the restore's; records the level found.
 */
import type { ProfileConfig } from '../../config/config.js';
import type { BlockDeviceInfo, Preflush, Profile } from '../../profile/schema.js';
import { parseMeminfo } from '../../sample/parse-meminfo.js';
import { flushEarlierWrites } from '../../sample/preflush.js';
import { readText } from '../../sample/read-file.js';
import { distinctFileSystems } from '../../sample/syncfs.js';
import type { Warn } from './hooks.js';

export async function flushEarlier(
  config: Pick<ProfileConfig, 'runnerTemp' | 'writebackTimeoutMs'>,
  restoreFileSystems: string[],
  devices: readonly BlockDeviceInfo[],
  procRoot: string,
  context: Profile['context'],
  warn: Warn,
): Promise<Preflush> {
  const memory = parseMeminfo(readText(`${procRoot}/meminfo`) ?? '');
  if (memory) {
    context.dirtyAtStartBytes = memory.dirtyBytes;
    context.writebackAtStartBytes = memory.writebackBytes;
  }
  const preflush = await flushEarlierWrites({
    fileSystemPaths: distinctFileSystems([...restoreFileSystems, config.runnerTemp]),
    // The restore paths' own disks (tops of their stacks): a loop device's backing disk would count the same bytes again.
    deviceNames: devices.filter((d) => (d.topFor ? d.topFor.includes('restore-path') : d.primary)).map((d) => d.name),
    procRoot,
    maxMs: Math.max(config.writebackTimeoutMs, 1000),
  });
  const stuck = preflush.syncs.filter((s) => !s.returned);
  if (stuck.length > 0) {
    warn(
      `Earlier steps' dirty pages on ${stuck.map((s) => s.mountPoint).join(', ')} were not flushed within ${Math.round(preflush.durationMs / 1000)} s; the restore's disk figures may include some of them.`,
    );
  }
  return preflush;
}
