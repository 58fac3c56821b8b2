/**
 * The extraction exactly as @actions/cache 6.3.0's extractTar runs it on Linux with GNU tar
 * (lib/internal/tar.js getTarArgs + getDecompressionProgram), but into a directory the experiment
 * owns; and decompression alone, as the same program. Pure. The integration test checks these
 * against the command line extractTar itself prints.
 * extractTar joins its arguments into one string that @actions/exec splits again on spaces, so
 * `--use-compress-program "unzstd --long=30"` reaches tar as three arguments. getCompressionMethod
 * only ever picks zstd-without-long or gzip, so that form never runs; it is mirrored as it would run.
 */
export interface Command {
  program: string;
  args: string[];
}

/** The program tar runs for `--use-compress-program`, or null for gzip (`-z`). */
function decompressProgram(compressionMethod: string): string | null {
  if (compressionMethod === 'zstd') return 'unzstd --long=30';
  if (compressionMethod === 'zstd-without-long') return 'unzstd';
  return null;
}

export function extractCommand(tarPath: string, archivePath: string, dir: string, compressionMethod: string): Command {
  const program = decompressProgram(compressionMethod);
  return { program: tarPath, args: ['-xf', archivePath, '-P', '-C', dir, ...(program ? ['--use-compress-program', ...program.split(' ')] : ['-z'])] };
}

/** The archive's member list (names, sizes) through the same decompression, for the safety check and the size. */
export function listCommand(tarPath: string, archivePath: string, compressionMethod: string): Command {
  const program = decompressProgram(compressionMethod);
  return { program: tarPath, args: ['-tvf', archivePath, '-P', '--numeric-owner', '--full-time', ...(program ? ['--use-compress-program', program] : ['-z'])] };
}

/**
 * Decompression alone: the archive read through the same tar and the same decompression program as
 * the extraction (`tar -t`), with nothing written. Through the same tar, on purpose: whatever limits
 * the extraction's processes (a CPU quota, a wrapper on PATH) limits this run too; tar only skips
 * over the contents, so the time is the decompression's.
 */
export function decompressCommand(tarPath: string, archivePath: string, compressionMethod: string): Command {
  const program = decompressProgram(compressionMethod);
  return { program: tarPath, args: ['-tf', archivePath, '-P', ...(program ? ['--use-compress-program', ...program.split(' ')] : ['-z'])] };
}
