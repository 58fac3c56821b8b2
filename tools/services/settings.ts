/**
 * Runtime-tunable behaviour of the local services: a download rate limit (to play a slow network in
 * the bottleneck lab) and injected faults (for hardening tests). Settable at start, through
 * LocalServices.setSettings, and over HTTP (POST /_admin/settings) from another process.
 */

/** Faults for one class of endpoint. Every field is optional; unset means "behave normally". */
export interface EndpointFaults {
  /** Answer with this HTTP status (e.g. 503) instead of serving the request. */
  errorStatus?: number;
  /** Apply errorStatus to the next N requests only, then serve normally (a transient outage). Unset: every request. */
  errorCount?: number;
  /** Wait this long before answering (latency of a distant or overloaded service). */
  delayMs?: number;
  /** Send only the first N bytes of the body, then cut the connection (the headers still announce the full length). */
  truncateAfterBytes?: number;
}

export interface FaultSettings {
  /** The service APIs: Twirp (cache v2, artifacts) and the cache v1 REST API. */
  twirp?: EndpointFaults;
  /** The signed download route (/_blob/...). */
  blob?: EndpointFaults;
}

/**
 * Where signed download URLs point. `azure` (the default): a `*.blob.core.windows.net` host reached through
 * the services' own forward proxy (HTTP_PROXY in their env), so @actions/cache takes its production path,
 * the Azure SDK's parallel ranged download. `loopback`: this server's 127.0.0.1 address, which @actions/cache
 * downloads as one plain stream (the path of v1 servers such as GHES, whose storage is not Azure's).
 */
export const DOWNLOAD_URL_KINDS = ['azure', 'loopback'] as const;
export type DownloadUrlKind = (typeof DOWNLOAD_URL_KINDS)[number];

export interface ServiceSettings {
  /** Shared by every download in flight, like one network link. null or unset: unlimited. */
  downloadBytesPerSecond: number | null;
  faults: FaultSettings;
  downloadUrls: DownloadUrlKind;
  /** Per-connection cap, round trip, a held or a cut request (see network-faults.ts); unset: none. */
  network?: NetworkFaults;
}

export type SettingsUpdate = Partial<{
  downloadBytesPerSecond: number | null;
  faults: FaultSettings;
  downloadUrls: DownloadUrlKind;
  network: NetworkFaults | null;
}>;

import { SettingsError } from './settings-error.js';
import { type NetworkFaults, parseNetworkFaults } from './network-faults.js';

export { SettingsError };

function nonNegativeInteger(value: unknown, where: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new SettingsError(`${where} must be a non-negative integer, got ${JSON.stringify(value)}`);
  }
  return value;
}

function parseEndpointFaults(value: unknown, where: string): EndpointFaults | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw new SettingsError(`${where} must be an object`);
  const raw = value as Record<string, unknown>;
  const known = new Set(['errorStatus', 'errorCount', 'delayMs', 'truncateAfterBytes']);
  for (const field of Object.keys(raw)) {
    if (!known.has(field)) throw new SettingsError(`${where}.${field} is not a known fault (known: ${[...known].join(', ')})`);
  }
  const faults: EndpointFaults = {};
  const errorStatus = nonNegativeInteger(raw.errorStatus, `${where}.errorStatus`);
  if (errorStatus !== undefined) {
    if (errorStatus < 400 || errorStatus > 599) throw new SettingsError(`${where}.errorStatus must be an HTTP error status (400-599), got ${errorStatus}`);
    faults.errorStatus = errorStatus;
  }
  const errorCount = nonNegativeInteger(raw.errorCount, `${where}.errorCount`);
  if (errorCount !== undefined) faults.errorCount = errorCount;
  const delayMs = nonNegativeInteger(raw.delayMs, `${where}.delayMs`);
  if (delayMs !== undefined) faults.delayMs = delayMs;
  const truncateAfterBytes = nonNegativeInteger(raw.truncateAfterBytes, `${where}.truncateAfterBytes`);
  if (truncateAfterBytes !== undefined) faults.truncateAfterBytes = truncateAfterBytes;
  return faults;
}

/** Validates a settings update (from JSON or from code) so a typo fails loudly instead of being ignored. */
export function parseSettingsUpdate(value: unknown): SettingsUpdate {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new SettingsError('settings must be a JSON object');
  const raw = value as Record<string, unknown>;
  for (const field of Object.keys(raw)) {
    if (field !== 'downloadBytesPerSecond' && field !== 'faults' && field !== 'downloadUrls' && field !== 'network') {
      throw new SettingsError(`unknown setting '${field}' (known: downloadBytesPerSecond, faults, downloadUrls, network)`);
    }
  }
  const update: SettingsUpdate = {};
  if ('network' in raw) update.network = parseNetworkFaults(raw.network);
  if ('downloadUrls' in raw) {
    if (!(DOWNLOAD_URL_KINDS as readonly unknown[]).includes(raw.downloadUrls)) {
      throw new SettingsError(`downloadUrls must be one of ${DOWNLOAD_URL_KINDS.join(', ')}, got ${JSON.stringify(raw.downloadUrls)}`);
    }
    update.downloadUrls = raw.downloadUrls as DownloadUrlKind;
  }
  if ('downloadBytesPerSecond' in raw) {
    const rate = raw.downloadBytesPerSecond;
    if (rate === null || rate === 0) update.downloadBytesPerSecond = null;
    else if (typeof rate === 'number' && Number.isFinite(rate) && rate > 0) update.downloadBytesPerSecond = rate;
    else throw new SettingsError(`downloadBytesPerSecond must be a positive number or null, got ${JSON.stringify(rate)}`);
  }
  if ('faults' in raw) {
    const faults = raw.faults;
    if (faults === null || faults === undefined) update.faults = {};
    else if (typeof faults !== 'object' || Array.isArray(faults)) throw new SettingsError('faults must be an object');
    else {
      const rawFaults = faults as Record<string, unknown>;
      for (const field of Object.keys(rawFaults)) {
        if (field !== 'twirp' && field !== 'blob') throw new SettingsError(`unknown fault target '${field}' (known: twirp, blob)`);
      }
      const twirp = parseEndpointFaults(rawFaults.twirp, 'faults.twirp');
      const blob = parseEndpointFaults(rawFaults.blob, 'faults.blob');
      update.faults = { ...(twirp ? { twirp } : {}), ...(blob ? { blob } : {}) };
    }
  }
  return update;
}

/** Applies an update: `faults` replaces the whole fault set (so one call can also clear them). */
export function applySettingsUpdate(current: ServiceSettings, update: SettingsUpdate): ServiceSettings {
  return {
    downloadBytesPerSecond: 'downloadBytesPerSecond' in update ? (update.downloadBytesPerSecond ?? null) : current.downloadBytesPerSecond,
    faults: update.faults !== undefined ? update.faults : current.faults,
    downloadUrls: update.downloadUrls ?? current.downloadUrls,
    // `network` replaces the whole set, like `faults`.
    ...(update.network !== undefined
      ? update.network && Object.keys(update.network).length > 0
        ? { network: update.network }
        : {}
      : current.network
        ? { network: current.network }
        : {}),
  };
}

/**
 * Decides whether this request gets the injected error status, consuming one from errorCount.
 * Mutates the faults object on purpose: the count is shared by all requests to the endpoint class.
 */
export function takeErrorFault(faults: EndpointFaults | undefined): number | undefined {
  if (!faults?.errorStatus) return undefined;
  if (faults.errorCount === undefined) return faults.errorStatus;
  if (faults.errorCount <= 0) return undefined;
  faults.errorCount -= 1;
  return faults.errorStatus;
}
