/**
 * @actions/core writes `::debug::` and other workflow commands straight to stdout (the runner hides
 * them). Outside a runner they bury the lab's own output: drop such lines for the duration of fn.
 */
export async function withoutWorkflowCommands<T>(fn: () => Promise<T>): Promise<T> {
  if (process.env.RUNNER_DEBUG === '1') return fn();
  const original = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const kept = text
      .split(/(?<=\n)/)
      .filter((line) => !line.startsWith('::') && !line.startsWith('[command]'))
      .join('');
    if (kept === '') return true;
    return (original as (c: string, ...r: unknown[]) => boolean)(kept, ...rest);
  }) as typeof process.stdout.write;
  try {
    return await fn();
  } finally {
    process.stdout.write = original;
  }
}

/**
 * Drops everything fn writes to stdout (plain restoreCache's "Cache hit for…" info lines), so a
 * timed plain restore does not write into the bench's table output.
 */
export async function withoutStdout<T>(fn: () => Promise<T>): Promise<T> {
  const original = process.stdout.write.bind(process.stdout);
  process.stdout.write = (() => true) as typeof process.stdout.write;
  try {
    return await fn();
  } finally {
    process.stdout.write = original;
  }
}
