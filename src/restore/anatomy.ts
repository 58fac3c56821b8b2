/**
 * The archive's anatomy: what the extraction had to write. Read from the archive itself after the
 * measured restore (decompressor child process piped into the `tar` package's streaming parser), so
 * it costs the restore nothing and memory stays flat on a 500k-file archive.
 */
import { spawn } from 'node:child_process';
import { createReadStream, statSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import type { ArchiveAnatomy } from '../profile/schema.js';
import { emptyHistogram, addToHistogram } from './size-histogram.js';
import { errorMessage } from '../util/errors.js';

/** Compression methods as @actions/cache names them (lib/internal/constants.js CompressionMethod). */
export function decompressorArgs(compressionMethod: string): string[] | null {
  if (compressionMethod === 'zstd') return ['zstd', '-d', '--long=30', '-c'];
  if (compressionMethod === 'zstd-without-long') return ['zstd', '-d', '-c'];
  return null; // gzip: node's zlib
}

export async function readArchiveAnatomy(archivePath: string, compressionMethod: string): Promise<ArchiveAnatomy> {
  const anatomy: ArchiveAnatomy = {
    compressedBytes: statSync(archivePath).size,
    extractedBytes: 0,
    entries: 0,
    files: 0,
    directories: 0,
    symlinks: 0,
    hardlinks: 0,
    other: 0,
    sizeHistogram: emptyHistogram(),
    compression: compressionMethod,
  };
  const parser = new Parser({
    onReadEntry: (entry: ReadEntry) => {
      anatomy.entries++;
      switch (entry.type) {
        case 'File':
        case 'OldFile':
        case 'ContiguousFile':
          anatomy.files++;
          anatomy.extractedBytes += entry.size;
          addToHistogram(anatomy.sizeHistogram, entry.size);
          break;
        case 'Directory':
          anatomy.directories++;
          break;
        case 'SymbolicLink':
          anatomy.symlinks++;
          break;
        case 'Link':
          anatomy.hardlinks++;
          break;
        default:
          anatomy.other++;
      }
      entry.resume();
    },
  });
  try {
    await pipeDecompressed(archivePath, compressionMethod, parser);
  } catch (error) {
    anatomy.error = `the archive could not be read completely: ${errorMessage(error)}`;
  }
  return anatomy;
}

function pipeDecompressed(archivePath: string, compressionMethod: string, parser: Parser): Promise<void> {
  // Done only when the parser has ended AND the decompressor exited cleanly: a truncated archive
  // ends the stream early without a parser error, and only zstd's exit status tells.
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('error', reject);
    parser.on('warn', (code: string, message: string | Error) => {
      if (code === 'TAR_BAD_ARCHIVE' || code === 'TAR_ABORT') reject(new Error(String(message)));
    });
    parser.on('end', () => resolve());
  });
  const args = decompressorArgs(compressionMethod);
  if (!args) {
    const gunzip = createGunzip();
    const unzipped = new Promise<void>((resolve, reject) => {
      gunzip.on('error', reject);
      gunzip.on('end', () => resolve());
    });
    createReadStream(archivePath).on('error', (e) => gunzip.destroy(e)).pipe(gunzip).pipe(parser);
    return Promise.all([parsed, unzipped]).then(() => undefined);
  }
  const [command, ...rest] = args as [string, ...string[]];
  const child = spawn(command, [...rest, archivePath], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`))));
  });
  child.stdout.pipe(parser);
  return Promise.all([parsed, exited]).then(
    () => undefined,
    (error: unknown) => {
      child.kill('SIGKILL');
      throw error;
    },
  );
}
