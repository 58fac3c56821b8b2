/**
 * Keeps the tail of what the process prints while `fn` runs, still passing it through. Why: the cache
 * library extracts with @actions/exec, which forwards tar's and zstd's stderr to process.stdout and
 * throws only "failed with exit code 2"; the reason (e.g. "unexpected end of file", "No space left on
 * device") is in that output. Capturing it leaves the extraction code path untouched.
 */
const TAIL_CHARS = 8 * 1024;

export interface Captured<T> {
  value?: T;
  error?: unknown;
  /** The last TAIL_CHARS characters written to stdout and stderr, in order. */
  text: string;
}

export async function captureOutput<T>(fn: () => Promise<T>): Promise<Captured<T>> {
  let text = '';
  const keep = (chunk: unknown) => {
    text += typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) || chunk instanceof Uint8Array ? Buffer.from(chunk).toString('utf8') : '';
    if (text.length > 2 * TAIL_CHARS) text = text.slice(-TAIL_CHARS);
  };
  const streams = [process.stdout, process.stderr];
  const originals = streams.map((s) => s.write);
  for (const [i, stream] of streams.entries()) {
    const original = originals[i]!;
    stream.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]): boolean {
      keep(chunk);
      return (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof stream.write;
  }
  try {
    return { value: await fn(), text: text.slice(-TAIL_CHARS) };
  } catch (error) {
    return { error, text: text.slice(-TAIL_CHARS) };
  } finally {
    for (const [i, stream] of streams.entries()) stream.write = originals[i]!;
  }
}

/** The lines tar and zstd wrote, without the echoed command lines and workflow commands. */
export function toolMessages(text: string, maxLines = 6): string[] {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('[command]') && !l.startsWith('::'));
  return [...new Set(lines)].slice(-maxLines);
}
