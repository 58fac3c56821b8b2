/**
 * What went wrong, in one list for the top of the summary: a fault must be visible where people look
 * first, not only as a warning in the log. Caching is optional (as in actions/cache), so none of these
 * fails the step by itself; the fail-on-* inputs decide that. Pure.
 */
import type { Profile } from '../profile/schema.js';

const MAX_LINES = 12;

export function faultLines(profile: Profile): string[] {
  const lines: string[] = [];
  const restore = profile.restore;
  if (restore?.skipped) {
    lines.push(
      restore.skipped.reason === 'lookup-only'
        ? `Lookup only: entry '${restore.matchedKey}' found; nothing was downloaded or extracted.`
        : restore.skipped.message,
    );
  } else if (restore && !restore.cacheHit && !restore.error) {
    lines.push(`Cache miss: no entry matched ${restore.keysTried.map((k) => `'${k}'`).join(', ') || 'the keys'}; nothing was downloaded or extracted.`);
  }
  // The pipeline warns about every fault it met (restore error, no block device, no /proc, fio), in order.
  lines.push(...profile.warnings);
  for (const p of profile.probes?.probes ?? []) {
    if (p.error) lines.push(`fio probe ${p.name} failed: ${p.error}`);
  }
  const unique = [...new Set(lines)];
  return unique.length > MAX_LINES ? [...unique.slice(0, MAX_LINES - 1), `… and ${unique.length - MAX_LINES + 1} more (see the profile JSON).`] : unique;
}
