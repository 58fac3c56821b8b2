// A container job as the kernel sees it (root): the bundled action's main and post steps, profiler
// included, run inside a cgroup v1 cpu group with a 0.3-core CFS quota, in a private mount namespace
// where /proc/pressure is hidden (a kernel without PSI). The extraction must be judged cpu on the
// cgroup's own evidence (quota and throttled time), with the cgroup in the runner context.
import { chmodSync, copyFileSync, existsSync, mkdirSync, rmdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLines, writeText } from '../../src/system/sys.js';
import type { Profile } from '../../src/profile/schema.js';
import type { LocalServices } from '../../tools/services/index.js';
import { runFault, seededServices } from '../helpers/action-harness.js';
import { commandExists, isRoot, prerequisite } from '../helpers/prerequisites.js';
import { removeDirs } from '../helpers/tree.js';
import { sayWhatIf } from '../../src/report/say/what-if.js';
import { sayPhase } from '../../src/report/say/phase.js';
import { sayEvidence } from '../../src/report/say/evidence.js';

const CPU_ROOT = '/sys/fs/cgroup/cpu';
const ACCT_ROOT = '/sys/fs/cgroup/cpuacct';
const QUOTA_CORES = 0.3;
const PERIOD_US = 100_000;
/** cpu.shares' maximum (kernel MAX_SHARES, 2^18). */
const MAX_SHARES = 262_144;

const canRun =
  prerequisite('root (cgroups, mount namespaces)', isRoot) &&
  prerequisite('unshare and mount', commandExists('unshare') && commandExists('mount')) &&
  prerequisite('a cgroup v1 cpu hierarchy at /sys/fs/cgroup/cpu', existsSync(path.join(CPU_ROOT, 'cpu.cfs_quota_us'))) &&
  prerequisite('a cgroup v1 cpuacct hierarchy at /sys/fs/cgroup/cpuacct', existsSync(path.join(ACCT_ROOT, 'cpuacct.usage'))) &&
  prerequisite('PSI (/proc/pressure) to hide', existsSync('/proc/pressure/cpu'));

const group = `disk-profiler-test-${process.pid}-quota`;
const groups = [path.join(CPU_ROOT, group), path.join(ACCT_ROOT, group)];
let services: LocalServices;
let root: string;
let profile: Profile;

/** Tasks still inside go back to the hierarchy's root; then the (empty) group goes. */
function removeGroup(dir: string): void {
  if (!existsSync(dir)) return;
  for (const pid of readLines(path.join(dir, 'cgroup.procs'))) {
    try {
      writeText(path.join(path.dirname(dir), 'cgroup.procs'), pid);
    } catch {
      // Exited meanwhile.
    }
  }
  rmdirSync(dir);
}

/**
 * The node the runner starts for each step, wrapped: a mount namespace of its own with an empty
 * directory over /proc/pressure, then into the quota group, then exec node. Everything the step
 * spawns (tar, unzstd, sync) inherits both.
 */
function wrappedNode(dir: string): string {
  const empty = path.join(dir, 'no-pressure');
  mkdirSync(empty);
  const script = path.join(dir, 'node-in-quota.sh');
  const inner = [
    `mount --bind '${empty}' /proc/pressure || exit 97`,
    ...groups.map((g) => `echo $$ > '${g}/cgroup.procs' || exit 98`),
    `exec '${process.execPath}' "$@"`,
  ].join('\n');
  // bash, not sh: dash drops the runner's hyphenated INPUT_ and STATE_ variables from the environment it passes on,
  // and the post step, without its state, would do nothing.
  writeFileSync(script, `#!/bin/bash\nexec unshare --mount --propagation private /bin/bash -c '${inner.replaceAll("'", `'\\''`)}' node-in-quota "$@"\n`);
  chmodSync(script, 0o755);
  return script;
}

beforeAll(async () => {
  if (!canRun) return;
  ({ services, root } = await seededServices('cpu-quota', 'deps-quota', ['typescript', 'tar']));
  for (const g of groups) mkdirSync(g);
  writeText(path.join(groups[0] as string, 'cpu.cfs_period_us'), String(PERIOD_US));
  writeText(path.join(groups[0] as string, 'cpu.cfs_quota_us'), String(Math.round(QUOTA_CORES * PERIOD_US)));
  // The quota must be what binds, not a host busy with other work (a shared CI machine): the largest
  // weight lets the group have its 0.3 core whenever it is runnable, as a pod's CPU request does.
  writeText(path.join(groups[0] as string, 'cpu.shares'), String(MAX_SHARES));
  const run = await runFault({
    services,
    root,
    name: 'quota',
    // No probes or experiments: quick, and the verdict stands on the kernel's counters alone.
    inputs: {
      path: 'node_modules',
      key: 'deps-quota',
      probes: 'none',
      experiments: 'none',
      'writeback-timeout-seconds': '30',
      // Main judges the run with its tail (it waits for it: pipeline/tail-decision.ts 'fail-on-bottleneck'), as a
      // runner's post step, started after the job's steps, would; here the post step would follow main at once and
      // cut the tail. The network is not what this restore waits on, so the step does not fail.
      'fail-on-bottleneck': 'network',
      label: 'container-quota-no-psi',
    },
    extra: { nodePath: wrappedNode(root) },
  });
  expect(run.mainExitCode, run.log).toBe(0);
  if (!run.profile) throw new Error(`no profile written:\n${run.log}`);
  profile = run.profile;
  // To refresh the recorded fixture (fixtures/profiles/README.md): RECORD_PROFILE_TO=<dir>.
  const record = process.env.RECORD_PROFILE_TO;
  if (record) copyFileSync(run.outputs['profile-path'] as string, path.join(record, 'cgroup-quota-no-psi.json'));
});

afterAll(async () => {
  // Also after a failure: the groups must not outlive the test.
  for (const g of groups) removeGroup(g);
  await services?.stop();
  await removeDirs(root);
});

describe.runIf(canRun)('a step under a CPU quota with /proc/pressure hidden', () => {
  it('records the cgroup, its quota and its CFS counters, and no PSI', () => {
    expect(profile.context.cgroup).toMatchObject({ version: 1, path: `/${group}`, cpuQuotaCores: QUOTA_CORES, cpuPeriodUs: PERIOD_US });
    const extract = profile.phases.find((p) => p.name === 'extract');
    expect(extract?.start.cgroupCpu?.usageUs).toBeTypeOf('number');
    expect(extract?.start.pressure).toBeNull();
    expect(profile.samples.snapshots.every((s) => s.pressure === null)).toBe(true);
  });

  it('judges the extraction cpu on the quota and the throttled time', () => {
    const extract = profile.verdict?.phases.find((p) => p.phase === 'extract');
    expect(extract?.bottleneck, extract && sayPhase(extract)).toBe('cpu');
    expect(extract && sayPhase(extract)).toMatch(/0\.3-core CPU quota/);
    const evidence = new Map(extract?.evidence.map((e) => [e.id, e]));
    // At the quota, or throttled in most periods (where a busy host kept the group below its quota).
    expect(['cgroup-quota-usage', 'cgroup-throttled'].some((id) => evidence.get(id)?.supports)).toBe(true);
    expect(evidence.get('cgroup-quota-usage')?.value).toBeGreaterThan(0);
    expect(evidence.get('cgroup-throttled')?.value).toBeGreaterThan(0);
    expect(sayEvidence(evidence.get('cgroup-throttled') ?? {}, 'extract')).toMatch(/its processes made to wait [\d.]+ s in all/);
    expect(evidence.has('cpu-pressure-some')).toBe(false);
  });

  it('names the CPU for the restore, and its what-if raises the quota', () => {
    expect(profile.verdict?.bottleneck, profile.verdict?.sentence).toBe('cpu');
    const cpu = profile.verdict?.whatIf.find((w) => w.resource === 'cpu');
    expect(cpu && sayWhatIf(cpu)).toMatch(/twice the cgroup's CPU quota \(0\.6 cores, now 0\.3\)/);
  });

  it('the steps and everything they spawned have left the group', () => {
    for (const g of groups) expect(readLines(path.join(g, 'cgroup.procs'))).toEqual([]);
  });
});
