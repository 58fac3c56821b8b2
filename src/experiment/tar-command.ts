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

/** Decompression alone, the single-threaded stage of the extraction; its output goes to /dev/null. */
export function decompressCommand(archivePath: string, compressionMethod: string): Command {
  if (compressionMethod === 'zstd') return { program: 'unzstd', args: ['--long=30', '-c', archivePath] };
  if (compressionMethod === 'zstd-without-long') return { program: 'unzstd', args: ['-c', archivePath] };
  return { program: 'gzip', args: ['-dc', archivePath] };
}
