/** Keeps at most `max` evenly spaced items, always the first and the last (charts need both ends). */
export function downsampleEvenly<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max || max < 2) return items.slice();
  const out: T[] = [];
  const step = (items.length - 1) / (max - 1);
  for (let i = 0; i < max; i++) out.push(items[Math.round(i * step)] as T);
  return out;
}
