/**
 * The action's inputs, parsed and validated once into a typed config (as actions/checkout's
 * input-helper does). Nothing else reads inputs; everything else takes this.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DISK_RESOURCES, PROBE_NAMES, RESOURCES, type ExperimentName, type ProbeName, type Resource } from '../profile/schema.js';
import { InputError } from '../util/errors.js';
import { validateKeys } from './keys.js';
import { expandPath, isPattern } from './restore-roots.js';
import { parseBoolean, parseChoice, parseInteger, parseNameList } from './parse-values.js';
import { booleanInputWarning, getInputAsArray, getInputAsBool, getInputAsInt } from './actions-cache-inputs.js';
import { parseExperimentBudgetMs, parseExperiments } from './experiments-input.js';
import { parsePrices, type PricesPerMinute } from './prices.js';

export const ALL_PROBES: readonly ProbeName[] = PROBE_NAMES;
/** A verdict can fail the job only when it names a resource. */
export const FAILABLE_BOTTLENECKS: readonly Resource[] = RESOURCES;
export const MODES = ['profile', 'compare'] as const;

export interface CommonConfig {
  label: string;
  workspace: string;
  runnerTemp: string;
}

export interface ProfileConfig extends CommonConfig {
  mode: 'profile';
  /** As actions/cache reads them (`!  x` becomes `!x`): the cache version hash depends on the literal strings. */
  paths: string[];
  primaryKey: string;
  restoreKeys: string[];
  /** The actions/cache booleans: only 'true' is true, as there. */
  enableCrossOsArchive: boolean;
  failOnCacheMiss: boolean;
  lookupOnly: boolean;
  /** actions/cache's upload-chunk-size (bytes; null: the client's default). Cache service v2 forces 64 MiB, as there. */
  uploadChunkSize: number | null;
  /** Profiler only: save the cache in the post step after a miss, as actions/cache does (default true). */
  save: boolean;
  /** Values accepted as actions/cache accepts them but probably not meant so (e.g. `yes`, read as false). */
  inputWarnings: string[];
  failOnBottleneck: Resource[];
  sampleIntervalMs: number;
  writebackTimeoutMs: number;
  probes: ProbeName[];
  /** probes: auto (the default): probe only when no fresh remembered ceilings hold for this hardware (judge/auto-rules.ts). */
  probesAuto: boolean;
  /** Store the ceilings under the hardware fingerprint in the Actions cache, and restore them with probes: auto. */
  rememberCeilings: boolean;
  /** Remembered ceilings older than this are probed again. */
  ceilingsMaxAgeMs: number;
  /** Add this run to its label's history in the Actions cache and show it against the earlier runs. */
  history: boolean;
  /**
   * The runner type the history is kept for when no `label` was given: the runner image and
   * architecture (ImageOS-RUNNER_ARCH, e.g. ubuntu24-X64), since the default label, RUNNER_NAME,
   * names the machine on hosted runners, not the runner type. Absent: the label.
   */
  historyLabel?: string;
  probeBudgetMs: number;
  /** Directory whose file system the probes measure (they work in a temp dir of their own inside it). */
  probePath: string;
  /** The user set probe-path; otherwise probes follow the device that received most of the restore's bytes. */
  probePathFromInput?: boolean;
  installFio: boolean;
  /** Alternatives to extract the archive again under, after the probes (the baseline runs with any). */
  experiments: ExperimentName[];
  /** experiments: auto (the default): run those of `experiments` that change the resource the verdict names, when the restore was long enough. */
  experimentsAuto: boolean;
  experimentsBudgetMs: number;
  uploadArtifact: boolean;
  artifactName: string;
}

export interface CompareConfig extends CommonConfig {
  mode: 'compare';
  artifactPattern: string;
  /** US dollars per minute per runner label (the `prices` input); empty: no cost is shown. */
  prices: PricesPerMinute;
}

export type Config = ProfileConfig | CompareConfig;

export type InputReader = (name: string) => string;

/** Artifact names may not contain these (the artifact service rejects them). */
const ARTIFACT_NAME_FORBIDDEN = /["<>:|*?\\/\r\n]/;
/** A pattern matches artifact names, so it may hold the wildcards but nothing a name cannot. */
const ARTIFACT_PATTERN_FORBIDDEN = /["<>:|\\/\r\n]/;
/** Line breaks and other control characters: a label reaches log lines and file names, where they would start a new line (or a workflow command). */
const hasControlCharacter = (text: string): boolean => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

export function parseConfig(input: InputReader, env: NodeJS.ProcessEnv = process.env): Config {
  const workspace = env.GITHUB_WORKSPACE || process.cwd();
  const runnerTemp = env.RUNNER_TEMP || os.tmpdir();
  const givenLabel = input('label').trim();
  if (hasControlCharacter(givenLabel)) throw new InputError('label', givenLabel, 'a name on one line, without control characters');
  const label = givenLabel || env.RUNNER_NAME || os.hostname();
  const historyLabel = !givenLabel && env.ImageOS ? `${env.ImageOS}-${env.RUNNER_ARCH || process.arch}` : undefined;
  const common: CommonConfig = { label, workspace, runnerTemp };
  const mode = parseChoice('mode', input('mode'), MODES, 'profile');

  if (mode === 'compare') {
    const artifactPattern = input('artifact-pattern').trim() || 'disk-profile-*';
    if (ARTIFACT_PATTERN_FORBIDDEN.test(artifactPattern)) {
      throw new InputError(
        'artifact-pattern',
        artifactPattern,
        'one glob of artifact names: any characters but " < > : | \\ / and line breaks, with * and ? as wildcards',
      );
    }
    return { mode, ...common, artifactPattern, prices: parsePrices(input('prices')) };
  }

  const paths = getInputAsArray(input('path'));
  if (paths.length === 0) throw new InputError('path', input('path'), 'one or more paths, one per line, as in actions/cache');
  const primaryKey = input('key').trim();
  const restoreKeys = getInputAsArray(input('restore-keys'));
  const inputWarnings: string[] = [];
  const cacheBool = (name: string): boolean => {
    const warning = booleanInputWarning(name, input(name));
    if (warning) inputWarnings.push(warning);
    return getInputAsBool(input(name));
  };
  validateKeys(primaryKey, restoreKeys);

  const probesRaw = input('probes').trim() || 'auto';
  const probesAuto = probesRaw === 'auto';
  const probes = probesRaw === 'none' ? [] : probesAuto || probesRaw === 'default' || probesRaw === 'all' ? [...ALL_PROBES] : parseProbeList(probesRaw);
  const experimentsRaw = input('experiments').trim() || 'auto';
  const experimentsAuto = experimentsRaw === 'auto';

  const uploadArtifact = parseBoolean('upload-artifact', input('upload-artifact'), false);
  const givenArtifactName = input('artifact-name').trim();
  if (givenArtifactName && ARTIFACT_NAME_FORBIDDEN.test(givenArtifactName)) {
    throw new InputError('artifact-name', givenArtifactName, 'a name without " < > : | * ? \\ / or line breaks');
  }
  // The default name is made from the label, so a label the artifact service would refuse is a label error.
  if (uploadArtifact && !givenArtifactName && ARTIFACT_NAME_FORBIDDEN.test(label)) {
    throw new InputError('label', label, 'a label without " < > : | * ? \\ / or line breaks, since it names the artifact (or set artifact-name explicitly)');
  }
  const artifactName = givenArtifactName || `disk-profile-${label}`;

  return {
    mode,
    ...common,
    paths,
    primaryKey,
    restoreKeys,
    enableCrossOsArchive: cacheBool('enableCrossOsArchive'),
    failOnCacheMiss: cacheBool('fail-on-cache-miss'),
    lookupOnly: cacheBool('lookup-only'),
    uploadChunkSize: getInputAsInt(input('upload-chunk-size')) ?? null,
    save: parseBoolean('save', input('save'), true),
    inputWarnings,
    failOnBottleneck: parseFailOn(input('fail-on-bottleneck')),
    sampleIntervalMs: parseInteger('sample-interval-ms', input('sample-interval-ms'), 100, 10, 10_000, 'milliseconds'),
    writebackTimeoutMs: parseInteger('writeback-timeout-seconds', input('writeback-timeout-seconds'), 120, 0, 3600, 'seconds') * 1000,
    probes,
    probesAuto,
    rememberCeilings: parseBoolean('remember-ceilings', input('remember-ceilings'), true),
    ceilingsMaxAgeMs: parseInteger('ceilings-max-age-days', input('ceilings-max-age-days'), 30, 1, 365, 'days') * 86_400_000,
    history: parseBoolean('history', input('history'), true),
    ...(historyLabel ? { historyLabel } : {}),
    probeBudgetMs: parseInteger('probe-budget-seconds', input('probe-budget-seconds'), 30, 6, 600, 'seconds') * 1000,
    probePath: resolveProbePath(input('probe-path'), paths, workspace),
    probePathFromInput: input('probe-path').trim() !== '',
    installFio: parseBoolean('install-fio', input('install-fio'), true),
    experiments: experimentsAuto ? parseExperiments('default') : parseExperiments(experimentsRaw),
    experimentsAuto,
    experimentsBudgetMs: parseExperimentBudgetMs(input('experiments-budget-seconds')),
    uploadArtifact,
    artifactName,
  };
}

function parseProbeList(raw: string): ProbeName[] {
  try {
    return parseNameList('probes', raw, ALL_PROBES);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    throw new InputError('probes', raw, `auto, default (all), none, or a comma-separated list of: ${ALL_PROBES.join(', ')} ('${error.given}' is none of them)`);
  }
}

/** `disk` in fail-on-bottleneck: both disk resources. */
const DISK_SHORTHAND = 'disk';

/** Empty or `none`, or a list of resources where `disk` stands for both disk ones (`disk,cpu`). */
function parseFailOn(raw: string): Resource[] {
  const value = raw.trim();
  if (value === '' || value === 'none') return [];
  const allowed = [...FAILABLE_BOTTLENECKS, DISK_SHORTHAND] as const;
  try {
    const names = parseNameList('fail-on-bottleneck', value, allowed);
    return [...new Set(names.flatMap((n) => (n === DISK_SHORTHAND ? DISK_RESOURCES : [n as Resource])))];
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    throw new InputError(
      'fail-on-bottleneck',
      raw,
      `empty or none (never fail), or a comma-separated list of: ${allowed.join(', ')} (disk: both disk ones) ('${error.given}' is none of them)`,
    );
  }
}

/** Expands ~ and resolves relative paths against the workspace, as the cache's tar does. */

function resolveProbePath(raw: string, paths: string[], workspace: string): string {
  const given = raw.trim();
  if (given !== '') return checkProbePath(raw, expandPath(given, workspace));
  // The file system that receives the restore is the one worth probing; glob patterns fall back to the workspace.
  const first = paths.find((p) => !isPattern(p));
  return first ? expandPath(first, workspace) : workspace;
}

const PROBE_PATH_ALLOWED = 'an existing directory, or a directory about to be created whose parent exists (never a file or a device)';

/**
 * An explicit probe-path must be a directory, or one about to be created (the restore path) whose
 * parent exists: anything further off is more likely a typo than a plan. The default is not checked
 * here: it follows the restore path, which may be created deep down by the restore itself.
 */
function checkProbePath(raw: string, resolved: string): string {
  const stat = statOrNull(resolved);
  if (stat) {
    if (stat.isDirectory()) return resolved;
    const what = stat.isBlockDevice() || stat.isCharacterDevice() ? 'a device' : stat.isFile() ? 'a file' : 'not a directory';
    throw new InputError('probe-path', raw, `${PROBE_PATH_ALLOWED}; ${resolved} is ${what}`);
  }
  const parent = statOrNull(path.dirname(resolved));
  if (!parent?.isDirectory()) throw new InputError('probe-path', raw, `${PROBE_PATH_ALLOWED}; neither ${resolved} nor its parent exists`);
  return resolved;
}

function statOrNull(p: string): fs.Stats | null {
  try {
    return fs.statSync(p);
  } catch {
    return null;
  }
}

/** The config as recorded in the profile: nothing secret is in it, but keep it explicit. */
export function configRecord(config: Config): Record<string, unknown> {
  return { ...config };
}
