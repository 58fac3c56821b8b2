// The runner table's cgroup row, from the reader's output on the fixture trees.
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderProfile } from '../../src/report/render.js';
import { describeCgroup } from '../../src/report/cgroup-row.js';
import { readCgroup } from '../../src/sample/cgroup.js';
import { loadFixture } from '../judge/fixture-tools.js';
import { repoRoot } from '../helpers/tree.js';

const limitsOf = (name: string) => {
  const dir = path.join(repoRoot, 'fixtures/cgroup', name);
  const r = readCgroup({ procRoot: path.join(dir, 'proc'), root: dir });
  if (!r) throw new Error(`no cgroup in ${name}`);
  return r.limits;
};

describe('cgroup row', () => {
  it('a container job: quota, cpuset, memory limit and I/O caps', () => {
    expect(describeCgroup(limitsOf('v2-container'))).toBe(
      'v2 `/`, CPU quota 0.5 cores (period 100 ms), cpuset 4 CPUs, memory limit 2 GiB, I/O caps 8:0 write 50 MiB/s, write 1000 IOPS',
    );
  });

  it('a pod: says which parent holds the quota', () => {
    expect(describeCgroup(limitsOf('v2-k8s-pod'))).toMatch(
      /^v2 `\/kubepods\.slice\/.*\.scope`, CPU quota 1\.5 cores \(period 100 ms\) set on \/kubepods\.slice\/.*pod[^/]+\.slice, cpuset 8 CPUs, memory limit 4 GiB$/,
    );
  });

  it('is in the runner table of the summary', () => {
    const { markdown } = renderProfile(loadFixture('cgroup-quota-no-psi.json'), { rejudge: true });
    expect(markdown).toMatch(/\| cgroup \| v1 `\/disk-profiler-test-\d+-quota`, CPU quota 0\.3 cores \(period 100 ms\), cpuset 2 CPUs, no memory limit/);
  });
});
