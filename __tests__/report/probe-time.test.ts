// Issue 38 item 5: the probes' time in the report, and installing fio's beside it (as data in the
// profile, fioInstall, said by the report layer); a failed install's time too.
import { describe, expect, it } from 'vitest';
import { renderProfile } from '../../src/report/render.js';
import { seconds } from '../../src/util/format.js';
import { loadFixture } from '../judge/fixture-tools.js';

describe("the probes' time and the install's", () => {
  it('a suite that ran: its time against its budget, and the install within it, outside that budget', () => {
    const profile = loadFixture('disk-iops-dd-4k.json');
    if (!profile.probes) throw new Error('fixture without probes');
    const { markdown: plain } = renderProfile(profile);
    // In the report's own seconds format.
    const took = `the suite took ${seconds(profile.probes.wallMs)}`;
    expect(plain).toContain(took);
    expect(plain).not.toContain('installing fio');
    profile.probes.fioInstall = { method: 'sudo apt-get', durationMs: 12_340 };
    const { markdown } = renderProfile(profile);
    expect(markdown).toMatch(
      new RegExp(
        `${took.replace(/\./g, '\\.')} \\(probe-budget-seconds: 30 s\\); installing fio with sudo apt-get took 12\\.3 s of it, before the probes and outside their budget`,
      ),
    );
  });

  it('an install that failed: the skip says why and what the attempt cost', () => {
    const profile = loadFixture('disk-iops-dd-4k.json');
    profile.probes = {
      status: 'skipped',
      reason: 'installing fio with sudo apt-get failed (stopped at the 120 s bound on installing fio). Add `sudo apt-get install -y fio` before this step.',
      fioInstall: { method: 'sudo apt-get', durationMs: 120_004, failed: true },
      wallMs: 120_050,
      probes: [],
    };
    const { markdown } = renderProfile(profile);
    expect(markdown).toContain('fio probes skipped: installing fio with sudo apt-get failed (stopped at the 120 s bound on installing fio).');
    expect(markdown).toContain('(installing fio with sudo apt-get took 120 s and failed.)');
  });
});
