/**
 * /proc/net/dev: each interface's receive and transmit counters since boot. Read once before and once
 * after the download, so the verdict can name the interface that carried it and the rate it saw there.
 */
import { readFileSync } from 'node:fs';
import type { NetDevDelta } from '../profile/schema.js';

export interface NetDevCounters {
  name: string;
  rxBytes: number;
  rxPackets: number;
  txBytes: number;
}

/** Parses /proc/net/dev (two header lines, then `name: rx_bytes rx_packets ... (8 rx fields) tx_bytes ...`). */
export function parseNetDev(text: string): NetDevCounters[] {
  const out: NetDevCounters[] = [];
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim();
    const fields = line
      .slice(colon + 1)
      .trim()
      .split(/\s+/)
      .map(Number);
    if (name === '' || fields.length < 9 || fields.some((f) => !Number.isFinite(f))) continue;
    out.push({ name, rxBytes: fields[0] as number, rxPackets: fields[1] as number, txBytes: fields[8] as number });
  }
  return out;
}

/** The counters now, or null where /proc/net/dev cannot be read (macOS, Windows, a locked-down container). */
export function readNetDev(procRoot: string): NetDevCounters[] | null {
  try {
    return parseNetDev(readFileSync(`${procRoot}/net/dev`, 'utf8'));
  } catch {
    return null;
  }
}

/** What each interface received between two readings; interfaces that received nothing are left out. Counters are 64-bit on Linux, so no wrap is handled. */
export function netDevDeltas(before: readonly NetDevCounters[], after: readonly NetDevCounters[]): NetDevDelta[] {
  const earlier = new Map(before.map((c) => [c.name, c]));
  const out: NetDevDelta[] = [];
  for (const now of after) {
    const then = earlier.get(now.name);
    if (!then) continue;
    const rxBytes = now.rxBytes - then.rxBytes;
    if (rxBytes <= 0) continue;
    out.push({ name: now.name, rxBytes, rxPackets: now.rxPackets - then.rxPackets, txBytes: Math.max(0, now.txBytes - then.txBytes) });
  }
  return out.sort((a, b) => b.rxBytes - a.rxBytes);
}
