/**
 * Sends what this process writes to stdout while `fn` runs to `sink` instead. The toolkit, called in
 * process (the demo's seeding saveCache), writes its workflow commands (`::debug::`, `::add-mask::`)
 * straight to stdout, where no runner reads them; a RunnerLog as the sink shows them as a runner would.
 */
export async function withStdoutTo<T>(sink: (chunk: string) => void, fn: () => Promise<T>): Promise<T> {
  const write = process.stdout.write;
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    sink(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    // write(chunk, [encoding], [callback]): the callback is the caller's signal that the write is done.
    const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    if (callback) queueMicrotask(callback);
    return true;
  }) as typeof process.stdout.write;
  try {
    return await fn();
  } finally {
    process.stdout.write = write;
  }
}
