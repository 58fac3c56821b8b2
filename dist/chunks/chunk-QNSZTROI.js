import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  GiB,
  KiB,
  MiB
} from "./chunk-YRJ6SEFO.js";

// src/util/format.ts
function mibPerSecond(bytesPerSecond) {
  return `${formatNumber(bytesPerSecond / MiB)} MiB/s`;
}
function formatNumber(n) {
  if (!Number.isFinite(n)) return String(n);
  const a = Math.abs(n);
  if (a >= 100) return String(Math.round(n));
  if (a >= 10) return String(Math.round(n * 10) / 10);
  if (a >= 1) return String(Math.round(n * 100) / 100);
  return String(Math.round(n * 1e3) / 1e3);
}
function cores(n) {
  const figure = formatNumber(n);
  return `${figure} ${figure === "1" ? "core" : "cores"}`;
}
function seconds(ms) {
  return `${formatNumber(ms / 1e3)} s`;
}
function percent(share) {
  return `${Math.round(share * 100)}%`;
}
function bytes(n) {
  if (n >= GiB) return `${formatNumber(n / GiB)} GiB`;
  if (n >= MiB) return `${formatNumber(n / MiB)} MiB`;
  if (n >= KiB) return `${formatNumber(n / KiB)} KiB`;
  return `${n} B`;
}
function iops(n) {
  return n >= 1e4 ? `${formatNumber(n / 1e3)}k IOPS` : `${Math.round(n)} IOPS`;
}
function capitalised(words) {
  return words.charAt(0).toUpperCase() + words.slice(1);
}
function utcMinute(iso) {
  return iso.slice(0, 16).replace("T", " ");
}

export {
  mibPerSecond,
  formatNumber,
  cores,
  seconds,
  percent,
  bytes,
  iops,
  capitalised,
  utcMinute
};
