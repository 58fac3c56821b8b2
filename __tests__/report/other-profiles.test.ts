// The report's sentence on other profiles that shared the machine (found by machine/others.ts).
import { describe, expect, it } from 'vitest';
import { otherProfilesSentence } from '../../src/report/other-profiles.js';

describe('other profiles on the machine', () => {
  it('says it in one sentence, or nothing', () => {
    expect(otherProfilesSentence([])).toBeNull();
    expect(otherProfilesSentence([{ label: 'ubuntu-2', pid: 7, during: ['restore'], theirPhases: ['experiments'] }])).toMatch(
      /Another disk-profiler run shared this machine: "ubuntu-2" \(pid 7, in its experiments\) during this profile's restore/,
    );
  });
});
