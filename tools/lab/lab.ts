/**
 * The bottleneck lab: local Actions services seeded once with the lab cache, then per scenario a
 * runner with a known bottleneck, a full runProfile against it, the verdict checked, and everything
 * the scenario changed put back (also when a step fails or the process is interrupted).
 */
import { useOwnMachineDir } from '../runner/machine-dir.js';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Profile, ProbeName } from '../../src/profile/schema.js';
import type { ProfileConfig } from '../../src/config/config.js';
import { runProfile } from '../../src/pipeline/run-profile.js';
import { sayVerdict } from '../../src/report/say/verdict.js';
import { cacheClientEnv, startLocalServices, withEnv, type LocalServices } from '../services/index.js';
import { type LabCacheEntry, type LabCacheName, seedLabCache, seedLargeFilesCache, seedMonorepoCache } from './cache-entry.js';
import { CleanupStack } from '../../src/system/cleanup.js';
import { LAB_PREFIX } from './paths.js';
import { run } from '../../src/system/sys.js';
import { withoutWorkflowCommands } from './quiet.js';
import { runStepRequest } from './step-isolation.js';
import { handToUser, userEnv, userStepDir, type RunnerUser } from './run-as.js';
import { expectation, SCENARIOS, setupScenario, type LabRunner, type LabScenarioName, type ScenarioSpec } from './scenarios.js';

/** What the judge compares extraction with: write ceilings only (extraction writes). */
export const LAB_PROBES: ProbeName[] = ['seq-write', 'rand-write'];
/** Generous for a 2-probe suite: on the 40 MiB/s loop device laying out the probe file alone takes ~3 s, and an 8 s budget once left no time for seq-write. */
export const LAB_PROBE_BUDGET_MS = 14_000;

export interface Lab {
  root: string;
  services: LocalServices;
  /** The deps cache, seeded at the start: what every scenario restores unless its spec names another. */
  cache: LabCacheEntry;
  /** A cache by name, seeded on first use. */
  cacheOf(name: LabCacheName): Promise<LabCacheEntry>;
  log: (line: string) => void;
  stop(): Promise<void>;
}

export interface LabResult {
  scenario: LabScenarioName;
  profile: Profile;
  expected: string;
  right: boolean;
  settings: Record<string, number>;
  /** The devices the scenario throttled ("major:minor"), for the machine-state check. */
  devNumbers: string[];
  wallMs: number;
  /** CPU-seconds tar + unzstd used in the profiled run (cpuacct), on scenarios with a CPU control. */
  cpuSeconds?: number;
}

export interface RunScenarioOptions {
  probes?: ProbeName[];
  probeBudgetMs?: number;
  /** Experiments after the probes (none unless asked: they add their budget to every scenario). */
  experiments?: ProfileConfig['experiments'];
  experimentsBudgetMs?: number;
  /** Rounds of each target where the experiments' full runs fit (RUNS_WANTED unless told): the sampled-fixes bench's truth. */
  experimentFullRunRounds?: number;
  /** Test hook: throw right after the scenario's setup, to prove teardown still runs. */
  failAfterSetup?: boolean;
  /** Called with the devices as soon as they are throttled (so a caller can check them even on failure). */
  onDevices?: (devNumbers: string[]) => void;
  /** Test hook: awaited between setup and the profile (an interruption test holds the scenario open here). */
  beforeProfile?: () => Promise<void>;
  /** Run the profiled step as this user (run-as.ts), as GitHub's hosted runners run it; the setup stays root. */
  asUser?: RunnerUser;
}

export async function startLab(opts: { projectRoot: string; log?: (line: string) => void }): Promise<Lab> {
  const log = opts.log ?? (() => {});
  const cleanup = new CleanupStack(log);
  try {
    const root = mkdtempSync(path.join(os.tmpdir(), LAB_PREFIX));
    cleanup.push(`remove ${root}`, () => rmSync(root, { recursive: true, force: true }));
    cleanup.push("remove the lab's machine directory", useOwnMachineDir(`${LAB_PREFIX}machine-`));
    const services = await startLocalServices();
    cleanup.push(
      'stop the local services',
      () => services.stop(),
      () => process.kill(services.azurite.pid, 'SIGKILL'),
    );
    log(`lab: local services on ${services.url}; seeding the lab cache`);
    const cache = await withoutWorkflowCommands(() => seedLabCache(services, opts.projectRoot, path.join(root, 'seed-temp')));
    // The other caches are seeded on first use, each from a build tree removed once it is saved.
    const seeders: Record<Exclude<LabCacheName, 'deps'>, (buildDir: string, tempDir: string) => Promise<LabCacheEntry>> = {
      'large-files': (buildDir, tempDir) => seedLargeFilesCache(services, opts.projectRoot, buildDir, tempDir),
      monorepo: (buildDir, tempDir) => seedMonorepoCache(services, opts.projectRoot, buildDir, tempDir),
    };
    const seeded = new Map<Exclude<LabCacheName, 'deps'>, Promise<LabCacheEntry>>();
    const cacheOf = (name: LabCacheName): Promise<LabCacheEntry> => {
      if (name === 'deps') return Promise.resolve(cache);
      const known = seeded.get(name);
      if (known) return known;
      log(`lab: seeding the ${name} cache`);
      const buildDir = path.join(root, `${name}-build`);
      const entry = withoutWorkflowCommands(() => seeders[name](buildDir, path.join(root, 'seed-temp'))).finally(() => {
        rmSync(buildDir, { recursive: true, force: true });
        // The build tree's writes and its removal go to disk now, not during the first restore timed after it: the
        // slow CPU-bound restore's first run after seeding the monorepo cache (95k files) read 20-29 % slower than
        // the same restore minutes later in three benches of three runs, the later runs 1-12 % (BENCHMARKS.md).
        run('sync', []);
      });
      seeded.set(name, entry);
      return entry;
    };
    return { root, services, cache, cacheOf, log, stop: () => cleanup.runAll() };
  } catch (error) {
    await cleanup.runAll().catch((e: unknown) => log(String(e)));
    throw error;
  }
}

function labConfig(
  entry: LabCacheEntry,
  scenario: LabScenarioName,
  runner: { workspace: string; runnerTemp: string },
  opts: RunScenarioOptions,
): ProfileConfig {
  return {
    mode: 'profile',
    label: `lab-${scenario}`,
    workspace: runner.workspace,
    runnerTemp: runner.runnerTemp,
    paths: entry.paths,
    primaryKey: entry.key,
    restoreKeys: [],
    enableCrossOsArchive: false,
    failOnCacheMiss: true,
    lookupOnly: false,
    uploadChunkSize: null,
    save: false,
    inputWarnings: [],
    failOnBottleneck: [],
    sampleIntervalMs: 100,
    writebackTimeoutMs: 120_000,
    probes: opts.probes ?? LAB_PROBES,
    // The lab measures every scenario afresh: nothing remembered, nothing decided for it.
    probesAuto: false,
    rememberCeilings: false,
    ceilingsMaxAgeMs: 0,
    history: false,
    probeBudgetMs: opts.probeBudgetMs ?? LAB_PROBE_BUDGET_MS,
    probePath: runner.workspace,
    installFio: false,
    experiments: opts.experiments ?? [],
    experimentsAuto: false,
    experimentsBudgetMs: opts.experimentsBudgetMs ?? 60_000,
    uploadArtifact: false,
    artifactName: `disk-profile-lab-${scenario}`,
  };
}

/** A scenario by name, or a spec (e.g. a relaxed variant from scenario-specs.ts). */
export type ScenarioInput = LabScenarioName | ScenarioSpec;
export const specOf = (input: ScenarioInput): ScenarioSpec => (typeof input === 'string' ? SCENARIOS[input] : input);

/**
 * Sets the scenario up in a fresh dir, runs fn against its runner, and puts everything back
 * whatever happens. Shared by the profiled run and the intervention's plain runs, so both sides of
 * a comparison stand on the same setup.
 */
export async function withScenario<T>(
  lab: Lab,
  spec: ScenarioSpec,
  fn: (runner: LabRunner, env: Record<string, string | undefined>) => Promise<T>,
  opts: Pick<RunScenarioOptions, 'failAfterSetup' | 'onDevices'> = {},
): Promise<T> {
  const cleanup = new CleanupStack(lab.log);
  try {
    const dir = path.join(lab.root, `${spec.name}-${Date.now()}`);
    mkdirSync(dir);
    cleanup.push(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
    const runner = setupScenario(spec, { cleanup, dir, services: lab.services });
    opts.onDevices?.(runner.devNumbers);
    if (opts.failAfterSetup) throw new Error(`injected failure after setting up ${spec.name}`);
    const env = { ...cacheClientEnv(lab.services, { workspace: runner.workspace, tempDir: runner.runnerTemp }), ...runner.env };
    return await fn(runner, env);
  } finally {
    await cleanup.runAll();
  }
}

/** The profiled step as `user`: the workspace, RUNNER_TEMP and the shim's cgroup joins handed to it, the step in a child process. */
async function profileAsUser(lab: Lab, user: RunnerUser, runner: LabRunner, config: ProfileConfig, env: Record<string, string | undefined>): Promise<Profile> {
  handToUser(user, { dirs: [runner.workspace, runner.runnerTemp], traverse: [lab.root], joins: runner.joins });
  const dir = userStepDir(user, lab.root);
  try {
    return await runStepRequest<Profile>(runner.isolation ?? null, { kind: 'profile', config }, userEnv(user, env), { user, dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The cache entry a scenario restores: its spec's, else `deps`. */
export const cacheFor = (lab: Lab, spec: ScenarioSpec): Promise<LabCacheEntry> => lab.cacheOf(spec.cache ?? 'deps');

export async function runScenario(lab: Lab, input: ScenarioInput, opts: RunScenarioOptions = {}): Promise<LabResult> {
  const spec = specOf(input);
  const scenario = spec.name;
  const entry = await cacheFor(lab, spec);
  const started = performance.now();
  return withScenario(
    lab,
    spec,
    async (runner, env) => {
      await opts.beforeProfile?.();
      runner.beforeRestore();
      const config = labConfig(
        entry,
        scenario,
        runner,
        spec.probeBudgetMs !== undefined && opts.probeBudgetMs === undefined ? { ...opts, probeBudgetMs: spec.probeBudgetMs } : opts,
      );
      if (opts.experimentFullRunRounds && (opts.asUser || runner.isolation))
        throw new Error('experimentFullRunRounds: a hook of the in-process profile; a step as another user or in a container is not given it');
      // A whole-step scenario runs the profiler itself inside the container's limits (a child process);
      // a step as another user, in a child process of that user's (inside those limits where there are).
      const profile = opts.asUser
        ? await profileAsUser(lab, opts.asUser, runner, config, env)
        : runner.isolation
          ? await runStepRequest<Profile>(runner.isolation, { kind: 'profile', config }, env)
          : await withoutWorkflowCommands(() =>
              withEnv(env, () =>
                runProfile(config, {
                  log: (l) => lab.log(`  ${l}`),
                  warn: (l) => lab.log(`  warning: ${l}`),
                  ...(opts.experimentFullRunRounds ? { experimentFullRunRounds: opts.experimentFullRunRounds } : {}),
                }),
              ),
            );
      const { right, expected } = expectation(scenario, profile);
      lab.log(
        `lab ${scenario}: ${profile.verdict ? sayVerdict(profile.verdict, profile) : 'no verdict'} → ${right ? 'right' : `WRONG (expected ${expected})`}`,
      );
      const cpuSeconds = runner.cpuSeconds?.();
      return {
        scenario,
        profile,
        expected,
        right,
        settings: runner.settings,
        devNumbers: runner.devNumbers,
        wallMs: performance.now() - started,
        ...(cpuSeconds !== undefined ? { cpuSeconds } : {}),
      };
    },
    opts,
  );
}
