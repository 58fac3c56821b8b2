// The lab's --as-user: which scenarios can run their profiled step as another user, the user looked up
// from the system's own database, and the step's environment as that user's.
import { describe, expect, it } from 'vitest';
import { asUserRefusal, lookUpRunnerUser, RUNNER_PATH, userEnv } from '../../../tools/lab/run-as.js';
import { SCENARIOS } from '../../../tools/lab/scenario-specs.js';

describe('the lab as another user', () => {
  it('refuses a scenario whose CPU control makes the step join a cgroup as root, and takes the disk and network ones', () => {
    expect(asUserRefusal(SCENARIOS.cpu)).toContain('scenario cpu holds the CPU with a cgroup');
    expect(asUserRefusal(SCENARIOS['container-job'])).not.toBeNull();
    for (const name of ['disk-iops', 'disk-bandwidth', 'network', 'baseline'] as const) expect(asUserRefusal(SCENARIOS[name]), name).toBeNull();
  });

  it('looks the user up in the passwd database, and names an unknown one with what is allowed', () => {
    expect(lookUpRunnerUser('root')).toEqual({ name: 'root', uid: 0, gid: 0, home: '/root' });
    expect(() => lookUpRunnerUser('no-such-runner-user')).toThrow("--as-user: no user 'no-such-runner-user' on this machine. Allowed: an existing user's name");
  });

  it("gives the step the user's HOME and names, and a runner's PATH unless the scenario set its own", () => {
    const user = { name: 'runner', uid: 1001, gid: 1001, home: '/home/runner' };
    expect(userEnv(user, { RUNNER_TEMP: '/t' })).toEqual({ RUNNER_TEMP: '/t', HOME: '/home/runner', USER: 'runner', LOGNAME: 'runner', PATH: RUNNER_PATH });
    expect(userEnv(user, { PATH: '/shim:/usr/bin' }).PATH).toBe('/shim:/usr/bin');
  });
});
