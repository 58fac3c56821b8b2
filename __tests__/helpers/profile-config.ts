// A profile-mode config for tests that call runProfile directly: defaults for every field, probes
// and experiments off, nothing uploaded; each test sets what it is about.
import type { ProfileConfig } from '../../src/config/config.js';

export function profileConfig(over: Partial<ProfileConfig> & Pick<ProfileConfig, 'workspace' | 'runnerTemp' | 'paths' | 'primaryKey'>): ProfileConfig {
  return {
    mode: 'profile',
    label: 'test',
    restoreKeys: [],
    enableCrossOsArchive: false,
    failOnCacheMiss: false,
    failOnBottleneck: [],
    sampleIntervalMs: 100,
    writebackTimeoutMs: 30_000,
    probes: [],
    probesAuto: false,
    rememberCeilings: false,
    ceilingsMaxAgeMs: 30 * 86_400_000,
    history: false,
    probeBudgetMs: 30_000,
    probePath: over.workspace,
    installFio: false,
    experiments: [],
    experimentsAuto: false,
    experimentsBudgetMs: 60_000,
    lookupOnly: false,
    uploadChunkSize: null,
    save: false,
    inputWarnings: [],
    uploadArtifact: false,
    artifactName: 'x',
    ...over,
  };
}
