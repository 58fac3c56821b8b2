// Every figure over 100% of a ceiling carries its reason (fixtures/profiles/lab-disk-iops.json: extraction
// at 166% of a 598 IOPS probe that read below the 1,000 IOPS cap; a 0.17 s tail at 242% in a burst).
import { describe, expect, it } from 'vitest';
import { overCeilingReason } from '../../src/report/over-ceiling.js';
import { renderProfile } from '../../src/report/render.js';
import { loadFixture } from '../judge/fixture-tools.js';

describe('figures over 100% of a ceiling', () => {
  it('names the reason: a moved ceiling, a short burst, the dirty limit; none at or below 100%', () => {
    expect(overCeilingReason({ id: 'write-iops-share', value: 1.66, unit: 'share' }, 17_600)).toMatch(/ceiling moved/);
    expect(overCeilingReason({ id: 'write-iops-share', value: 2.42, unit: 'share' }, 170)).toMatch(/0\.17 s\) ran in a burst/);
    expect(overCeilingReason({ id: 'dirty-peak-share', value: 1.01, unit: 'share' }, 17_600)).toMatch(/Dirty counts every writer/);
    expect(overCeilingReason({ id: 'write-iops-share', value: 0.95, unit: 'share' }, 17_600)).toBeNull();
    expect(overCeilingReason({ id: 'cpu-busy', value: 1.2, unit: 'share' }, 17_600)).toBeNull();
  });

  it('in the recorded IOPS-bound summary, no percentage over 100 without its reason beside it', () => {
    const { markdown } = renderProfile(loadFixture('lab-disk-iops.json'), { rejudge: true });
    const lines = markdown.split('\n').filter((l) => /\b(10[1-9]|1[1-9]\d|[2-9]\d\d|\d{4,})% of\b/.test(l));
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l).toMatch(/over 100% because|the ceiling moved/);
  });
});
