// The lab's --as-user: the user looked up from the system's own database, the step started as it
// after the isolation's root work, and the step's environment as that user's.
import { describe, expect, it } from 'vitest';
import { asUserCommand, lookUpRunnerUser, RUNNER_PATH, userEnv } from '../../../tools/lab/run-as.js';

const runner = { name: 'runner', uid: 1001, gid: 1001, home: '/home/runner' };

describe('the lab as another user', () => {
  it('looks the user up in the passwd database, and names an unknown one with what is allowed', () => {
    expect(lookUpRunnerUser('root')).toEqual({ name: 'root', uid: 0, gid: 0, home: '/root' });
    expect(() => lookUpRunnerUser('no-such-runner-user')).toThrow("--as-user: no user 'no-such-runner-user' on this machine. Allowed: an existing user's name");
  });

  it('drops to the user with setpriv, no supplementary groups kept from root', () => {
    expect(asUserCommand(runner, ['node', 'cli.js', 'lab-step', 'r.json'])).toEqual([
      'setpriv',
      '--reuid=1001',
      '--regid=1001',
      '--clear-groups',
      '--',
      'node',
      'cli.js',
      'lab-step',
      'r.json',
    ]);
  });

  it("gives the step the user's HOME and names, and a runner's PATH in place of the lab's own", () => {
    const labPath = '/root/go/bin:/usr/local/bin:/usr/bin:/bin';
    expect(userEnv(runner, { RUNNER_TEMP: '/t' }, labPath)).toEqual({
      RUNNER_TEMP: '/t',
      HOME: '/home/runner',
      USER: 'runner',
      LOGNAME: 'runner',
      PATH: RUNNER_PATH,
    });
    // The tar shim stays first; root's directories give way to a runner's.
    expect(userEnv(runner, { PATH: `/lab/cpu-shim:${labPath}` }, labPath).PATH).toBe(`/lab/cpu-shim:${RUNNER_PATH}`);
    // A PATH the scenario made whole (every command but fio) is kept as it is.
    expect(userEnv(runner, { PATH: '/lab/path-without-fio' }, labPath).PATH).toBe('/lab/path-without-fio');
  });
});
