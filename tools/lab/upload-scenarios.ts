/**
 * The upload's scenarios as data: a network fault of the local services on one save path (cache v2's
 * Azure SDK, cache v1's PATCH chunks), the chunk size the save uses, the limit the upload verdict should
 * name, and the interventions (one service setting relaxed each) that ground it. Pure. Used by the
 * upload bench (tools/bench/upload-lab.ts) and the recorder of fixtures/uploads (scripts/record-uploads.ts).
 */
import type { UploadLimitKind, UploadWhatIf } from '../../src/profile/schema.js';
import type { UploadFaults } from '../services/network-faults.js';
import type { SettingsUpdate } from '../services/settings.js';
import { MiB } from '../../src/util/units.js';

const MB = 1_000_000;

export interface UploadScenario {
  about: string;
  serviceVersion: 'v1' | 'v2';
  /** actions/cache's upload-chunk-size (v1 only; v2 forces 64 MiB blocks). */
  uploadChunkSize?: number;
  settings: SettingsUpdate;
  /** What the verdict should name; 'bandwidth' where one request cannot tell a connection's cap from the path's. */
  intended: UploadLimitKind;
  /** Each intervention: the settings with one thing relaxed (a change with no setting to relax is left out). */
  relaxed: Partial<Record<UploadWhatIf['change'], SettingsUpdate>>;
}

const upload = (faults: UploadFaults): SettingsUpdate => ({ network: { upload: faults } });
/** The shared cap most scenarios run under. */
const CAP = { bytesPerSecond: 16 * MB };

/** The stall a scenario injects (a held body: which request, counted from 1 over bodies only, and how long); none without one. */
export function injectedStall(s: UploadScenario): { request: number; durationMs: number } | null {
  return s.settings.network?.upload?.hold ?? null;
}

export const UPLOAD_SCENARIOS = {
  'v2-blob-cap': {
    about: 'cache v2 (one Put Blob of the whole archive), 16 MB/s',
    serviceVersion: 'v2',
    settings: upload(CAP),
    intended: 'bandwidth',
    relaxed: { 'twice-aggregate': upload({ bytesPerSecond: 32 * MB }) },
  },
  'v2-hold': {
    about: 'cache v2, 16 MB/s; the Put Blob held 3 s after 8 MB',
    serviceVersion: 'v2',
    settings: upload({ ...CAP, hold: { request: 1, afterBytes: 8 * MB, durationMs: 3000 } }),
    intended: 'stall',
    relaxed: { 'stall-removed': upload(CAP) },
  },
  'v1-path-cap': {
    about: 'cache v1, 4 MiB chunks (4 in parallel), 16 MB/s shared by all uploads',
    serviceVersion: 'v1',
    uploadChunkSize: 4 * MiB,
    settings: upload(CAP),
    intended: 'path',
    relaxed: { 'twice-aggregate': upload({ bytesPerSecond: 32 * MB }) },
  },
  'v1-per-connection': {
    about: 'cache v1, 4 MiB chunks (4 in parallel), 2 MB/s per connection',
    serviceVersion: 'v1',
    uploadChunkSize: 4 * MiB,
    settings: upload({ perConnectionBytesPerSecond: 2 * MB }),
    intended: 'per-connection',
    relaxed: { 'twice-per-connection': upload({ perConnectionBytesPerSecond: 4 * MB }) },
  },
  'v1-latency': {
    about: 'cache v1, 2 MiB chunks (4 in parallel), 400 ms before each response',
    serviceVersion: 'v1',
    uploadChunkSize: 2 * MiB,
    settings: upload({ roundTripMs: 400 }),
    intended: 'latency',
    relaxed: { 'half-round-trip': upload({ roundTripMs: 200 }) },
  },
  'v1-hold': {
    about: 'cache v1, 4 MiB chunks, 16 MB/s; chunk #3 held 3 s after 1 MB',
    serviceVersion: 'v1',
    uploadChunkSize: 4 * MiB,
    settings: upload({ ...CAP, hold: { request: 3, afterBytes: 1 * MB, durationMs: 3000 } }),
    intended: 'stall',
    relaxed: { 'stall-removed': upload(CAP) },
  },
  'v1-reset': {
    about: 'cache v1, 4 MiB chunks, 16 MB/s; chunk #2 reset before its response (saveCache tries it again after 5 s)',
    serviceVersion: 'v1',
    uploadChunkSize: 4 * MiB,
    settings: upload({ ...CAP, cut: { request: 2, afterBytes: 0 } }),
    intended: 'stall',
    relaxed: { 'stall-removed': upload(CAP) },
  },
} as const satisfies Record<string, UploadScenario>;

export type UploadScenarioName = keyof typeof UPLOAD_SCENARIOS;
export const UPLOAD_SCENARIO_NAMES = Object.keys(UPLOAD_SCENARIOS) as UploadScenarioName[];
