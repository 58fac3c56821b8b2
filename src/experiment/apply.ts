/** What a user would change in the workflow to get each alternative's time. Pure. */
import type { AlternativeName } from './alternatives.js';
import { bytes } from '../util/format.js';
import { MiB } from '../util/units.js';
import { raisedDirtyLimits, type DirtyBudget } from './dirty-budget.js';

export interface ApplyContext {
  /** The restore path as the user wrote it (first one). */
  restorePath: string;
  mountPoint: string | null;
  extractedBytes: number;
  /** The vm.dirty_* limits in force before the experiment (dirty-budget.ts); the apply line never advises lowering them. */
  dirtyBudget?: DirtyBudget | null;
}

/** Round up to a whole GiB with headroom, as a size a user would type. */
function tmpfsSize(extractedBytes: number): string {
  return `${Math.max(1, Math.ceil((extractedBytes * 1.5) / 1024 ** 3))}G`;
}

/**
 * vm.dirty_bytes large enough that the whole restore stays in the page cache, with headroom; background
 * writeback from half of it (what the kernel makes of a background figure not below the limit anyway).
 */
export function dirtyBytesFor(extractedBytes: number): DirtyBudget {
  const dirtyBytes = Math.ceil((extractedBytes * 2) / (64 * MiB)) * 64 * MiB;
  return { dirtyBytes, backgroundBytes: dirtyBytes / 2 };
}

export function applyText(alternative: AlternativeName, c: ApplyContext): string {
  const p = c.restorePath;
  switch (alternative) {
    case 'baseline':
      return 'the restore as it is';
    case 'ram':
      return `restore into a RAM disk: before the restore step, \`sudo mkdir -p ${p} && sudo mount -t tmpfs -o size=${tmpfsSize(c.extractedBytes)},mode=1777 tmpfs ${p}\` (the files use memory for the rest of the job)`;
    case 'decompress':
      return 'nothing to apply: decompression alone (the archive read through the same tar, nothing written), the floor any disk reaches; only a faster CPU or a smaller archive goes below it';
    case 'other-disk': {
      const dir = `${c.mountPoint === '/' ? '' : (c.mountPoint ?? '/mnt')}/cache-restore`;
      return `restore onto ${c.mountPoint}: before the restore step, \`sudo mkdir -p ${dir} && sudo chown $USER ${dir} && mkdir -p $(dirname ${p}) && ln -sfn ${dir} ${p}\` (a symlink keeps the cache's \`path\`, so the same entry still matches)`;
    }
    case 'page-cache': {
      const d = raisedDirtyLimits(dirtyBytesFor(c.extractedBytes), c.dirtyBudget ?? null);
      // Only what is raised, the limit first (the kernel halves a background figure not below the limit).
      const set = [
        d.dirtyBytes === null ? '' : `vm.dirty_bytes=${d.dirtyBytes}`,
        d.backgroundBytes === null ? '' : `vm.dirty_background_bytes=${d.backgroundBytes}`,
      ].filter(Boolean);
      if (set.length === 0) return 'nothing to apply: the page cache already holds the restore';
      return `let the page cache absorb the restore: before the restore step, \`sudo sysctl -w ${set.join(' ')}\` (${bytes(d.dirtyBytes ?? d.backgroundBytes ?? 0)}); the disk still writes it afterwards, during later steps`;
    }
  }
}
