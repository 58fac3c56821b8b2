/**
 * The download lab's scenarios as data: a network fault of the local services on one download path, the
 * limit the download verdict should name, and the interventions (one service setting relaxed each) that
 * ground it. Pure. Used by the download bench (tools/bench/download-lab.ts) and the recorder of
 * fixtures/downloads (scripts/record-downloads.ts).
 */
import type { DownloadLimitKind, DownloadWhatIf } from '../../src/profile/schema.js';
import type { SettingsUpdate } from '../services/settings.js';

const MB = 1_000_000;

export type DownloadChange = DownloadWhatIf['change'];

export interface DownloadScenario {
  about: string;
  settings: SettingsUpdate;
  /** What the verdict should name; 'bandwidth' accepts either cap (one connection cannot tell them apart). */
  intended: DownloadLimitKind;
  /** Each intervention: the settings with one thing relaxed (a change with no setting to relax is left out). */
  relaxed: Partial<Record<DownloadChange, SettingsUpdate>>;
  /** The injected stall, to check where and how long the verdict found it. */
  stall?: { getNumber: number; durationMs: number };
}

const hold = (request: number, afterBytes: number, durationMs: number) => ({ hold: { request, afterBytes, durationMs } });

export const DOWNLOAD_SCENARIOS = {
  'sdk-path-cap': {
    about: 'Azure SDK path, 16 MB/s shared by all connections',
    settings: { downloadUrls: 'azure', downloadBytesPerSecond: 16 * MB },
    intended: 'path',
    relaxed: { 'twice-aggregate': { downloadUrls: 'azure', downloadBytesPerSecond: 32 * MB } },
  },
  'sdk-per-connection': {
    // Low enough that twice it on 8 connections (16 MB/s) stays far below what the services serve on this machine.
    about: 'Azure SDK path, 1 MB/s per connection',
    settings: { downloadUrls: 'azure', network: { perConnectionBytesPerSecond: 1 * MB } },
    intended: 'per-connection',
    relaxed: { 'twice-per-connection': { downloadUrls: 'azure', network: { perConnectionBytesPerSecond: 2 * MB } } },
  },
  'sdk-latency': {
    about: 'Azure SDK path, 400 ms before each response (200 MB/s shared)',
    settings: { downloadUrls: 'azure', downloadBytesPerSecond: 200 * MB, network: { roundTripMs: 400 } },
    intended: 'latency',
    relaxed: { 'half-round-trip': { downloadUrls: 'azure', downloadBytesPerSecond: 200 * MB, network: { roundTripMs: 200 } } },
  },
  'sdk-store': {
    about: 'Azure SDK path, a store whose first bytes vary (0.05 to 1.2 s before each GET response; 200 MB/s shared)',
    settings: { downloadUrls: 'azure', downloadBytesPerSecond: 200 * MB, network: { storeDelaysMs: [50, 1200, 100, 800, 50, 1000, 150, 600, 50, 1100] } },
    intended: 'store',
    relaxed: {},
  },
  'sdk-hold': {
    about: 'Azure SDK path, 16 MB/s; GET #3 held 3 s after 1 MB',
    settings: { downloadUrls: 'azure', downloadBytesPerSecond: 16 * MB, network: hold(3, 1 * MB, 3000) },
    intended: 'stall',
    relaxed: { 'stall-removed': { downloadUrls: 'azure', downloadBytesPerSecond: 16 * MB } },
    stall: { getNumber: 3, durationMs: 3000 },
  },
  'sdk-cut': {
    about: 'Azure SDK path, 16 MB/s; GET #2 closed after 1 MB (the SDK gives the download up)',
    settings: { downloadUrls: 'azure', downloadBytesPerSecond: 16 * MB, network: { cut: { request: 2, afterBytes: 1 * MB } } },
    intended: 'path',
    relaxed: {},
  },
  'sdk-reset': {
    about: 'Azure SDK path, 16 MB/s; GET #2 reset before its response (retried)',
    settings: { downloadUrls: 'azure', downloadBytesPerSecond: 16 * MB, network: { cut: { request: 2, afterBytes: 0 } } },
    intended: 'path',
    relaxed: { 'twice-aggregate': { downloadUrls: 'azure', downloadBytesPerSecond: 32 * MB, network: { cut: { request: 2, afterBytes: 0 } } } },
  },
  'plain-path-cap': {
    about: 'plain HTTP path (loopback URLs), 16 MB/s',
    settings: { downloadUrls: 'loopback', downloadBytesPerSecond: 16 * MB },
    intended: 'bandwidth',
    relaxed: { 'twice-aggregate': { downloadUrls: 'loopback', downloadBytesPerSecond: 32 * MB } },
  },
  'plain-hold': {
    about: 'plain HTTP path, 16 MB/s; the GET held 2.5 s after 12 MB',
    settings: { downloadUrls: 'loopback', downloadBytesPerSecond: 16 * MB, network: hold(1, 12 * MB, 2500) },
    intended: 'stall',
    relaxed: { 'stall-removed': { downloadUrls: 'loopback', downloadBytesPerSecond: 16 * MB } },
    stall: { getNumber: 1, durationMs: 2500 },
  },
  'plain-hold-timeout': {
    about: 'plain HTTP path, 16 MB/s; the GET held 8 s after 12 MB (the 5 s socket timeout ends the restore)',
    settings: { downloadUrls: 'loopback', downloadBytesPerSecond: 16 * MB, network: hold(1, 12 * MB, 8000) },
    intended: 'stall',
    relaxed: {},
    stall: { getNumber: 1, durationMs: 5000 },
  },
} as const satisfies Record<string, DownloadScenario>;

export type DownloadScenarioName = keyof typeof DOWNLOAD_SCENARIOS;
export const DOWNLOAD_SCENARIO_NAMES = Object.keys(DOWNLOAD_SCENARIOS) as DownloadScenarioName[];
/** What the bench runs by default: every scenario with an intervention. */
export const DOWNLOAD_BENCH_SCENARIOS = DOWNLOAD_SCENARIO_NAMES.filter((n) => Object.keys(DOWNLOAD_SCENARIOS[n].relaxed).length > 0);

/** The limit an intervention's saving points at. */
const LIMIT_OF_CHANGE: Record<DownloadChange, DownloadLimitKind> = {
  'twice-per-connection': 'per-connection',
  'twice-aggregate': 'path',
  'half-round-trip': 'latency',
  'stall-removed': 'stall',
};

/** Whether the verdict names the limit whose relaxation saved most ('bandwidth' agrees with either cap). */
export function verdictAgrees(limit: DownloadLimitKind, best: DownloadChange): boolean {
  const named = LIMIT_OF_CHANGE[best];
  return limit === named || (limit === 'bandwidth' && (named === 'path' || named === 'per-connection'));
}
