import { describe, expect, it } from 'vitest';
import { parsePressure } from '../../src/sample/parse-pressure.js';
import { procFixture } from './fixture.js';

describe('parsePressure', () => {
  it('reads some and full totals (µs) from this machine', () => {
    expect(parsePressure(procFixture('pressure-io.txt'))).toEqual({ someUs: 4274096, fullUs: 3998848 });
    expect(parsePressure(procFixture('pressure-cpu.txt'))).toEqual({ someUs: 15963471, fullUs: 0 });
    expect(parsePressure(procFixture('pressure-memory.txt'))).toEqual({ someUs: 0, fullUs: 0 });
  });

  it('leaves fullUs out for cpu on kernels before 5.13 (public sysstat capture)', () => {
    const cpu = parsePressure(procFixture('pressure-cpu.sysstat-no-full.txt'));
    expect(cpu).toEqual({ someUs: 1473177 });
    expect(cpu).not.toHaveProperty('fullUs');
  });

  it('returns null without a some line', () => {
    expect(parsePressure('')).toBeNull();
  });
});
