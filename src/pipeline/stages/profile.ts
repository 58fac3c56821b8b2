/** The profile as measured and probed, before the judgement: the one stage that takes the whole config, since the profile records it. */
import { configRecord, type ProfileConfig } from '../../config/config.js';
import type { CeilingsSource, HardwareFingerprint } from '../../profile/always-on.js';
import { PROFILE_SCHEMA_VERSION, type BlockDeviceInfo, type Preflush, type Profile, type ProbeSuiteResult } from '../../profile/schema.js';
import { TOOL_VERSION } from '../../version.js';
import type { MeasuredRestore } from './restore.js';

export interface Measured {
  createdAt: string;
  context: Profile['context'];
  devices: BlockDeviceInfo[];
  restore: MeasuredRestore;
  probes: ProbeSuiteResult;
  warnings: string[];
  preflush: Preflush | null;
  fingerprint: HardwareFingerprint;
  ceilingsSource: CeilingsSource;
}

export function measuredProfile(config: ProfileConfig, m: Measured): Profile {
  return {
    schemaVersion: PROFILE_SCHEMA_VERSION,
    tool: { name: 'disk-profiler', version: TOOL_VERSION },
    label: config.label,
    createdAt: m.createdAt,
    config: configRecord(config),
    context: m.context,
    devices: m.devices,
    restore: m.restore.timed.restore,
    phases: m.restore.phases,
    samples: m.restore.samples,
    probes: m.probes,
    verdict: null,
    warnings: m.warnings,
    preflush: m.preflush,
    writebackTail: m.restore.writebackTail,
    fingerprint: m.fingerprint,
    ceilingsSource: m.ceilingsSource,
  };
}
