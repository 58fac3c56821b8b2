import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractFioJson, FioOutputError, parseFioOutput } from '../../src/probe/parse-fio.js';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/fio/${name}`, import.meta.url), 'utf8');

interface Section {
  total_ios: number;
  bw_bytes: number;
  iops: number;
  runtime: number;
  io_bytes: number;
  clat_ns: { mean: number; percentile: Record<string, number> };
}
interface Job {
  read: Section;
  write: Section;
  job_runtime: number;
  sync: { lat_ns: { mean: number; N: number; percentile?: Record<string, number> } };
  steadystate?: { ss: string; attained: number };
}
const firstJob = (text: string) => (JSON.parse(text.slice(text.indexOf('{'))) as { jobs: Job[] }).jobs[0]!;

describe('parseFioOutput on fio 3.33 captures of our probe jobs', () => {
  const cases = [
    { file: 'seq-write', direction: 'write', ss: 'bw_slope', jobs: 2 },
    { file: 'seq-read', direction: 'read', ss: 'bw_slope', jobs: 2 },
    { file: 'rand-write', direction: 'write', ss: 'iops_slope', jobs: 2 },
    { file: 'rand-read', direction: 'read', ss: 'iops_slope', jobs: 2 },
    { file: 'rand-read-qd1', direction: 'read', ss: 'iops:', jobs: 1 },
  ] as const;

  for (const c of cases) {
    it(`${c.file}: figures come from the ${c.direction} section of the group`, () => {
      const text = fixture(`fio-3.33/${c.file}.json`);
      const job = firstJob(text);
      const section = job[c.direction];
      const parsed = parseFioOutput(text, { direction: c.direction });
      expect(parsed.fioVersion).toBe('fio-3.33');
      expect(parsed.jobEntries).toBe(1);
      expect(parsed.bytesPerSecond).toBe(section.bw_bytes);
      // fio's own IO count (after the ramp), which the probe keeps beside the device's counts.
      expect(parsed.totalIos).toBe(section.total_ios);
      expect(parsed.totalIos).toBeGreaterThan(0);
      expect(parsed.iops).toBe(section.iops);
      expect(parsed.bytesPerSecond).toBeGreaterThan(0);
      expect(parsed.latencyNs.mean).toBe(section.clat_ns.mean);
      expect(parsed.latencyNs.p50).toBe(section.clat_ns.percentile['50.000000']);
      expect(parsed.latencyNs.p99).toBe(section.clat_ns.percentile['99.000000']);
      expect(parsed.latencyNs.p99!).toBeGreaterThanOrEqual(parsed.latencyNs.p50!);
      // group_reporting sums job_runtime over the jobs; the section's runtime is the wall run time.
      expect(parsed.runtimeMs).toBe(section.runtime);
      if (c.jobs > 1) expect(job.job_runtime).toBeGreaterThan(1.5 * parsed.runtimeMs);
      expect(parsed.steadyState?.criterion.startsWith(c.ss)).toBe(true);
      expect(parsed.steadyState?.attained).toBe(job.steadystate?.attained === 1);
      expect(parsed.errorCode).toBeNull();
    });
  }

  it('fsync-write: latency is the fdatasync wait when asked, the write completion otherwise', () => {
    const text = fixture('fio-3.33/fsync-write.json');
    const job = firstJob(text);
    expect(job.sync.lat_ns.N).toBeGreaterThan(0);
    const sync = parseFioOutput(text, { direction: 'write', latency: 'sync' });
    const io = parseFioOutput(text, { direction: 'write' });
    expect(sync.latencyNs.mean).toBe(job.sync.lat_ns.mean);
    expect(sync.latencyNs.p99).toBe(job.sync.lat_ns.percentile?.['99.000000']);
    expect(io.latencyNs.p99).toBe(job.write.clat_ns.percentile['99.000000']);
    expect(sync.iops).toBe(job.write.iops);
  });

  it('layout: io_bytes says how much of the file holds data; no steady state without the option', () => {
    const text = fixture('fio-3.33/layout.json');
    const parsed = parseFioOutput(text, { direction: 'write' });
    expect(parsed.ioBytes).toBe(firstJob(text).write.io_bytes);
    expect(parsed.steadyState).toBeNull();
  });

  it('reference-mode capture has no steadystate object', () => {
    const parsed = parseFioOutput(fixture('fio-3.33/seq-read-reference-2job.json'), { direction: 'read' });
    expect(parsed.steadyState).toBeNull();
    expect(parsed.bytesPerSecond).toBeGreaterThan(0);
  });
});

describe('parseFioOutput on public outputs', () => {
  it('fio 3.36 with group_reporting and 2 jobs: runtime from the section, not the summed job_runtime', () => {
    const parsed = parseFioOutput(fixture('public/fio-3.36-seqread-group-reporting.json'), { direction: 'read' });
    expect(parsed.fioVersion).toBe('fio-3.36');
    expect(parsed.runtimeMs).toBe(120002);
    expect(parsed.bytesPerSecond).toBe(428172319);
    expect(parsed.latencyNs.p99).toBe(3719168);
    expect(parsed.steadyState).toBeNull();
  });

  it('fio 3.33 with "fio: terminating on signal 2" printed before the JSON', () => {
    const text = fixture('public/fio-3.33-rw-signal-noise.json');
    expect(() => JSON.parse(text)).toThrow();
    expect(parseFioOutput(text, { direction: 'read' }).iops).toBe(7662.030309);
    expect(parseFioOutput(text, { direction: 'write' }).bytesPerSecond).toBe(161128721);
  });

  it('an output without JSON is a typed error that quotes what fio said', () => {
    const text = fixture('public/fio-error-no-json.txt');
    expect(() => parseFioOutput(text, { direction: 'read' })).toThrow(FioOutputError);
    expect(() => parseFioOutput(text, { direction: 'read' })).toThrow(/no JSON.*failed parsing directory/s);
  });
});

describe('extractFioJson', () => {
  const capture = fixture('fio-3.33/rand-read.json');

  it('skips warnings before and a normal-format report (with braces) after the JSON', () => {
    const noisy = `fio: this build has no zlib support\nnote: queue depth will be capped at 1\n${capture}\nrand-read: (groupid=0, jobs=2): {odd} err= 0\n}\n`;
    expect(parseFioOutput(noisy, { direction: 'read' })).toEqual(parseFioOutput(capture, { direction: 'read' }));
  });

  it('is not fooled by braces inside strings', () => {
    const doc = '{"fio version":"fio-3.36","jobs":[{"jobname":"a}b{","read":{"bw_bytes":1,"iops":2,"runtime":3}}]}';
    expect(parseFioOutput(`x}{\n${doc}`, { direction: 'read' }).iops).toBe(2);
  });

  it('truncated JSON is a typed error', () => {
    expect(() => extractFioJson(capture.slice(0, capture.length / 2))).toThrow(FioOutputError);
  });

  it('malformed JSON is a typed error', () => {
    const broken = capture.replace('"jobs" : [', '"jobs" : [,');
    expect(() => extractFioJson(broken)).toThrow(/does not parse/);
  });

  it('JSON without jobs, or a job without the direction, is a typed error', () => {
    expect(() => extractFioJson('{"fio version":"fio-3.33"}')).toThrow(/no "jobs"/);
    expect(() => parseFioOutput('{"fio version":"fio-3.33","jobs":[{"jobname":"x"}]}', { direction: 'read' })).toThrow(/no "read" section/);
  });
});

describe('parseFioOutput without group_reporting', () => {
  it('adds throughput and IOPS over job entries, keeps the longest runtime and the worst p99', () => {
    const text = fixture('fio-3.33/rand-read.json');
    const doc = JSON.parse(text) as { jobs: Job[] };
    const one = doc.jobs[0]!;
    const other = structuredClone(one);
    other.read.runtime = one.read.runtime + 100;
    other.read.clat_ns.percentile['99.000000'] = one.read.clat_ns.percentile['99.000000']! * 2;
    const parsed = parseFioOutput(JSON.stringify({ ...doc, jobs: [one, other] }), { direction: 'read' });
    expect(parsed.jobEntries).toBe(2);
    expect(parsed.bytesPerSecond).toBe(2 * one.read.bw_bytes);
    expect(parsed.iops).toBeCloseTo(2 * one.read.iops, 6);
    expect(parsed.runtimeMs).toBe(one.read.runtime + 100);
    expect(parsed.latencyNs.p99).toBe(one.read.clat_ns.percentile['99.000000']! * 2);
  });
});
