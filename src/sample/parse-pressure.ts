/** /proc/pressure/{io,cpu,memory} → cumulative stall totals (kernel Documentation/accounting/psi.rst). Pure. */
import type { PressureTotals } from '../profile/schema.js';

/** Null when there is no "some" line; `fullUs` is left out when the kernel prints no "full" line. */
export function parsePressure(text: string): PressureTotals | null {
  let someUs: number | undefined;
  let fullUs: number | undefined;
  for (const line of text.split('\n')) {
    const match = /^(some|full)\s.*\btotal=(\d+)/.exec(line);
    if (!match) continue;
    const total = Number(match[2]);
    if (match[1] === 'some') someUs = total;
    else fullUs = total;
  }
  if (someUs === undefined) return null;
  return fullUs === undefined ? { someUs } : { someUs, fullUs };
}
