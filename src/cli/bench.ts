/** `disk-profiler bench` (npm run bench): placeholder until the benchmark lands. */
export async function benchCommand(): Promise<number> {
  throw new Error('bench is not implemented yet');
}
