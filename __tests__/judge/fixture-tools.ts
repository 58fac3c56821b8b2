// Loads recorded profiles from fixtures/profiles and derives borderline variants from them by
// scaling counter deltas of one phase (the derivation is spelled out in each test).
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DiskCounters, DownloadTimeline, PhaseName, PhaseRecord, Profile, Snapshot } from '../../src/profile/schema.js';
import { validateProfile } from '../../src/profile/validate.js';

export const FIXTURE_DIR = fileURLToPath(new URL('../../fixtures/profiles/', import.meta.url));

export function fixtureNames(): string[] {
  return readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort();
}

export function loadFixture(name: string): Profile {
  return validateProfile(JSON.parse(readFileSync(`${FIXTURE_DIR}${name}`, 'utf8')));
}

export function phaseOf(profile: Profile, name: PhaseName): PhaseRecord {
  const p = profile.phases.find((x) => x.name === name);
  if (!p) throw new Error(`fixture has no ${name} phase`);
  return p;
}

/** Multiplies the phase's delta of the given disk counters by `factor` (end = start + Δ × factor). */
export function scaleDiskDelta(profile: Profile, name: PhaseName, device: number, fields: (keyof DiskCounters)[], factor: number): void {
  const p = phaseOf(profile, name);
  const a = p.start.disks[device];
  const b = p.end.disks[device];
  if (!a || !b) throw new Error('no disk counters');
  for (const f of fields) b[f] = Math.round((a[f] ?? 0) + ((b[f] ?? 0) - (a[f] ?? 0)) * factor);
}

/** Sets the children's CPU over the phase to `cores` of one core. */
export function setChildCores(profile: Profile, name: PhaseName, cores: number): void {
  const p = phaseOf(profile, name);
  p.end.childCpuTicks = (p.start.childCpuTicks ?? 0) + Math.round((cores * 100 * (p.endMs - p.startMs)) / 1000);
}

/** Removes per-CPU and PSI cpu readings and scales the busy part of the total CPU delta to `busyShare`. */
export function quietCpu(profile: Profile, name: PhaseName, busyShare: number): void {
  const p = phaseOf(profile, name);
  for (const s of [p.start, p.end]) {
    delete s.perCpu;
    if (s.pressure) s.pressure.cpu = null;
  }
  const a = p.start.cpu!;
  const b = p.end.cpu!;
  const total = Object.keys(a).reduce((sum, k) => sum + (b[k as keyof typeof b] - a[k as keyof typeof a]), 0);
  // Rebuild the delta as busy user time + idle, same total.
  const user = Math.round(total * busyShare);
  p.end.cpu = {
    user: a.user + user,
    nice: a.nice,
    system: a.system,
    idle: a.idle + total - user,
    iowait: a.iowait,
    irq: a.irq,
    softirq: a.softirq,
    steal: a.steal,
  };
}

/** Makes a phase `extraMs` longer: its end and everything after it move later; counters are kept. */
export function stretchPhase(profile: Profile, name: PhaseName, extraMs: number): void {
  const p = phaseOf(profile, name);
  const cut = p.endMs;
  const moved = new Set<Snapshot>();
  const shift = (s: Snapshot) => {
    if (s.tMs >= cut && !moved.has(s)) {
      s.tMs += extraMs;
      moved.add(s);
    }
  };
  for (const q of profile.phases) {
    if (q.startMs >= cut) q.startMs += extraMs;
    if (q.endMs >= cut) q.endMs += extraMs;
    shift(q.start);
    shift(q.end);
  }
  for (const s of profile.samples.snapshots) shift(s);
}

/**
 * The recording `name` with the download timeline recorded against the real services in
 * fixtures/downloads/`download`.json put on its download phase, shifted to begin where that phase begins.
 */
export function loadFixtureWithDownload(name: string, download: string): Profile {
  const profile = loadFixture(name);
  const rec = JSON.parse(readFileSync(new URL(`../../fixtures/downloads/${download}.json`, import.meta.url), 'utf8')) as { timeline: DownloadTimeline };
  const d = phaseOf(profile, 'download');
  const shift = d.startMs - rec.timeline.startMs;
  d.downloadTimeline = {
    ...rec.timeline,
    startMs: rec.timeline.startMs + shift,
    endMs: rec.timeline.endMs + shift,
    samples: rec.timeline.samples.map(([t, b, k]) => [t + shift, b, k] as [number, number, number]),
  };
  return profile;
}
