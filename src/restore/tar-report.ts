/**
 * tar's own report of what it extracts (IO edge): GNU tar reads options from TAR_OPTIONS, and
 * `-vv --index-file=F` makes it write one verbose line per member to F as it extracts it. F is a FIFO
 * this process reads while the extraction runs, so the restored tree's anatomy is known when tar
 * exits, with no walk of the tree after it and no file of the listing's size written anywhere.
 * The extraction command itself is @actions/cache's, untouched: TAR_OPTIONS only adds the report.
 *
 * Why a FIFO held open by a writer of ours: tar may never open F (it failed to start, or it is not GNU
 * tar), and a reader must not wait for it forever; with our writer open the reader sees no end of file
 * before tar's lines, and closing it after tar exited ends the stream whatever tar did.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { Socket } from 'node:net';
import * as path from 'node:path';
import { ReportedTree } from './reported-tree.js';
import type { RestoredTree } from './restored-tree.js';
import { unlinkQuietly } from '../util/unlink-quietly.js';

/** How long to wait for the last lines once tar has exited (they are in the FIFO's buffer by then). */
const DRAIN_TIMEOUT_MS = 2000;

/** tar splits TAR_OPTIONS at white space; a path holding any (or quotes) is not passed. */
const UNSAFE_IN_OPTIONS = /[\s'"\\]/;

export interface TarReport {
  /** The options to add to TAR_OPTIONS while the extraction runs. */
  tarOptions: string;
  /** After tar exited: the anatomy it reported, or null when it reported nothing (not GNU tar, or the stream was cut). */
  finish(): Promise<RestoredTree | null>;
}

/**
 * Opens the report: a FIFO in dir (a directory of the restore's own), read from now on. Null where it
 * cannot be had (not Linux, no mkfifo, a path tar cannot take): the caller then reads the tree instead.
 */
export function openTarReport(dir: string, workingDirectory: string, roots: readonly string[]): TarReport | null {
  if (process.platform !== 'linux') return null;
  const fifo = path.join(dir, 'tar-report.fifo');
  if (UNSAFE_IN_OPTIONS.test(fifo)) return null;
  if (spawnSync('mkfifo', ['-m', '600', fifo], { stdio: 'ignore' }).status !== 0) return null;
  let readFd: number;
  let writeFd: number;
  try {
    readFd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    unlinkQuietly(fifo);
    return null;
  }
  try {
    writeFd = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
  } catch {
    closeSync(readFd);
    unlinkQuietly(fifo);
    return null;
  }
  const tree = new ReportedTree(workingDirectory, roots);
  let pending = '';
  const socket = new Socket({ fd: readFd, readable: true, writable: false });
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    const text = pending + chunk;
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      tree.addLine(text.slice(start, end));
      start = end + 1;
    }
    pending = text.slice(start);
  });
  const ended = new Promise<boolean>((resolve) => {
    socket.once('end', () => resolve(true));
    socket.once('error', () => resolve(false));
  });

  return {
    tarOptions: `-vv --index-file=${fifo}`,
    async finish() {
      closeSync(writeFd);
      let timer: NodeJS.Timeout | undefined;
      const complete = await Promise.race([ended, new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), DRAIN_TIMEOUT_MS)))]);
      clearTimeout(timer);
      socket.destroy();
      unlinkQuietly(fifo);
      if (!complete) return null;
      if (pending) tree.addLine(pending);
      return tree.empty ? null : tree.result();
    },
  };
}

/**
 * The time zone tar is given while it writes the report, where none is set: the one it reads without TZ
 * (glibc's default, /etc/localtime), named. Unset, glibc stats /etc/localtime again for every member's
 * date in the -vv listing (one stat per line: ~35 ms of tar's time for 12k members, more for more);
 * named, it reads the zone once. The listing's dates are the same, and the parser ignores them anyway.
 */
const TAR_TIME_ZONE = ':/etc/localtime';

/** Runs fn with `options` added to TAR_OPTIONS (the user's own kept in front), and TZ named when unset; puts both back. */
export async function withTarOptions<T>(options: string | null, fn: () => Promise<T>): Promise<T> {
  if (!options) return fn();
  const before = process.env.TAR_OPTIONS;
  const zoneUnset = process.env.TZ === undefined;
  process.env.TAR_OPTIONS = before?.trim() ? `${before} ${options}` : options;
  if (zoneUnset) process.env.TZ = TAR_TIME_ZONE;
  try {
    return await fn();
  } finally {
    if (before === undefined) delete process.env.TAR_OPTIONS;
    else process.env.TAR_OPTIONS = before;
    if (zoneUnset) delete process.env.TZ;
  }
}
