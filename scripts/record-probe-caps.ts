// Records complete lab profiles (restore + fio probes with the probed device's counters) on a loop
// device under BOTH blkio write caps, one per combination of which cap the probes meet and which one
// the restore meets, with merging on and off: `npx vite-node scripts/record-probe-caps.ts [variant...]`
// as root, fio on the PATH. Writes fixtures/profiles/probe-caps/<variant>.json with a provenance field
// (fixtures/profiles/probe-caps/README.md says what each one is).
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { labProvenance, withProvenance } from '../tools/cli/lab.js';
import { runScenario, startLab } from '../tools/lab/lab.js';
import { SCENARIOS, settingsOf, type ScenarioSpec } from '../tools/lab/scenario-specs.js';
import { MiB } from '../src/util/units.js';

const bio = SCENARIOS['bio-iops-cap'];
const small = SCENARIOS['probe-iops-cap'];
/** Caps where the 4 KiB random probe and the restore's ~8 KiB bios both run into bytes/s first. */
const bandwidthFirst = { writeBytesPerSecond: 16 * MiB, writeIops: 6000 };

const VARIANTS: Record<string, { spec: ScenarioSpec; about: string }> = {
  'seq-bandwidth-restore-iops': { spec: bio, about: `${bio.about} (the bio-iops-cap scenario as it is)` },
  'seq-bandwidth-restore-iops-nomerges': { spec: { ...bio, noMerges: true }, about: `${bio.about}, but merging off (queue/nomerges 2)` },
  'seq-bandwidth-restore-bandwidth': {
    spec: { ...bio, controls: bandwidthFirst },
    about:
      'blkio at 16 MiB/s and 6,000 write IOPS (bios) on the loop device, merging on: every probe and the restore meet the bandwidth cap first (32 MiB dirty budget)',
  },
  'seq-bandwidth-restore-bandwidth-nomerges': {
    spec: { ...bio, controls: bandwidthFirst, noMerges: true },
    about: 'the same 16 MiB/s and 6,000 IOPS, merging off (queue/nomerges 2)',
  },
  'seq-iops-restore-iops': { spec: small, about: `${small.about} (the probe-iops-cap scenario as it is)` },
  'seq-iops-restore-iops-nomerges': { spec: { ...small, noMerges: true }, about: `${small.about}, but merging off (queue/nomerges 2)` },
};

const here = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'profiles', 'probe-caps');
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = wanted.length > 0 ? wanted : Object.keys(VARIANTS);
const projectRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const lab = await startLab({ projectRoot, log: (l) => process.stderr.write(`${l}\n`) });
try {
  for (const name of names) {
    const variant = VARIANTS[name];
    if (!variant) throw new Error(`unknown variant ${name}; known: ${Object.keys(VARIANTS).join(', ')}`);
    const result = await runScenario(lab, variant.spec);
    const provenance = {
      ...labProvenance(variant.spec.name, settingsOf(variant.spec), `npx vite-node scripts/record-probe-caps.ts ${name}`, projectRoot),
      about: variant.about,
    };
    const file = path.join(here, `${name}.json`);
    writeFileSync(file, `${JSON.stringify(withProvenance(result.profile, provenance), null, 2)}\n`);
    process.stderr.write(`recorded ${file}: ${result.profile.verdict?.sentence ?? 'no verdict'}\n`);
  }
} finally {
  await lab.stop();
}
