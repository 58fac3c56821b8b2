/** Number formatting shared by verdict sentences and the report, so both say the same figures. */

import { GiB, KiB, MiB } from './units.js';

export function mibPerSecond(bytesPerSecond: number): string {
  return `${formatNumber(bytesPerSecond / MiB)} MiB/s`;
}

/** 3 significant figures at most, no trailing zeros: 0.123, 1.5, 48, 950, 12300. */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const a = Math.abs(n);
  if (a >= 100) return String(Math.round(n));
  if (a >= 10) return String(Math.round(n * 10) / 10);
  if (a >= 1) return String(Math.round(n * 100) / 100);
  return String(Math.round(n * 1000) / 1000);
}

/** "1 core", "0.6 cores", "2 cores". */
export function cores(n: number): string {
  const figure = formatNumber(n);
  return `${figure} ${figure === '1' ? 'core' : 'cores'}`;
}

export function seconds(ms: number): string {
  return `${formatNumber(ms / 1000)} s`;
}

export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

export function bytes(n: number): string {
  if (n >= GiB) return `${formatNumber(n / GiB)} GiB`;
  if (n >= MiB) return `${formatNumber(n / MiB)} MiB`;
  if (n >= KiB) return `${formatNumber(n / KiB)} KiB`;
  return `${n} B`;
}

export function iops(n: number): string {
  return n >= 10000 ? `${formatNumber(n / 1000)}k IOPS` : `${Math.round(n)} IOPS`;
}

/** Words put at the start of a sentence: their first letter upper-cased. */
export function capitalised(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An ISO timestamp to the minute, as the report dates what was remembered: "2026-11-29 14:05" (UTC, said by the caller). */
export function utcMinute(iso: string): string {
  return iso.slice(0, 16).replace('T', ' ');
}
