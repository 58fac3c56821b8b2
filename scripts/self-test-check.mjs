// The step after `uses: ./` in .github/workflows/self-test.yml: checks what a user's next step would read
// (the outputs), the profile JSON behind them, the summary rendered from that profile, and, after a
// restore, every restored file against the manifest the seed job cached with them. A step's summary file
// is its own (a later step cannot read it), so .ci/self-test-act.sh checks the summaries themselves in act's log.
// Exits 1 with every failed check listed.
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const env = process.env;
const outputs = JSON.parse(env.OUTPUTS_JSON || '{}');
const label = env.EXPECT_LABEL ?? '';
const restorePath = path.resolve(env.GITHUB_WORKSPACE ?? '.', env.RESTORE_PATH ?? '');
const expectMatchedKey = env.EXPECT_MATCHED_KEY ?? '';
const restored = expectMatchedKey !== '';
const probed = env.EXPECT_PROBED === 'true';
// 'post': a run with nothing to learn, whose main leaves the writeback tail to a background process and whose
// post step writes the report: the outputs that need the tail are empty (action.yml says so).
const reportInPost = env.EXPECT_REPORT_IN === 'post';
const packageVersion = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

const failures = [];
let passed = 0;
function check(ok, what, seen) {
  if (ok) passed += 1;
  else failures.push(`${what} (got ${JSON.stringify(seen)})`);
}
/** An output, '' where the action left it unset (a GitHub output cannot tell the two apart). */
const out = (name) => outputs[name] ?? '';
const isSeconds = (value) => /^\d+\.\d{3}$/.test(value);
const isCount = (value) => /^\d+$/.test(value) && Number(value) > 0;

check(out('cache-primary-key') === env.EXPECT_PRIMARY_KEY, `cache-primary-key is ${env.EXPECT_PRIMARY_KEY}`, out('cache-primary-key'));
check(out('cache-hit') === (env.EXPECT_CACHE_HIT ?? ''), `cache-hit is '${env.EXPECT_CACHE_HIT ?? ''}'`, out('cache-hit'));
check(out('matched-key') === expectMatchedKey, `matched-key is '${expectMatchedKey}'`, out('matched-key'));
check(out('cache-matched-key') === expectMatchedKey, `cache-matched-key is '${expectMatchedKey}'`, out('cache-matched-key'));
check(isSeconds(out('lookup-seconds')), 'lookup-seconds is a duration', out('lookup-seconds'));
if (reportInPost) {
  for (const name of ['bottleneck', 'verdict', 'writeback-seconds']) check(out(name) === '', `${name} is empty: the report is the post step's`, out(name));
} else {
  check(
    ['network', 'disk-bandwidth', 'disk-iops', 'cpu', 'none', 'inconclusive'].includes(out('bottleneck')),
    'bottleneck is one of the six',
    out('bottleneck'),
  );
  check(out('verdict').length > 20, 'verdict is a sentence', out('verdict'));
}
check(/^[0-9a-f]{12}$/.test(out('hardware-fingerprint')), 'hardware-fingerprint is 12 hex characters', out('hardware-fingerprint'));

if (restored) {
  for (const name of ['download-seconds', 'extract-seconds', ...(reportInPost ? [] : ['writeback-seconds']), 'restore-seconds'])
    check(isSeconds(out(name)), `${name} is a duration`, out(name));
  for (const name of ['archive-bytes', 'extracted-bytes']) check(isCount(out(name)), `${name} is a positive count`, out(name));
  const manifest = path.join(restorePath, 'MANIFEST.sha256');
  const listed = existsSync(manifest) ? readFileSync(manifest, 'utf8').trim().split('\n').length : 0;
  check(listed > 0, `the seed's manifest was restored to ${manifest}`, listed);
  check(out('file-count') === String(listed + 1), `file-count is the manifest's ${listed} files and the manifest`, out('file-count'));
  let verified = '';
  try {
    execFileSync('sha256sum', ['--check', '--quiet', 'MANIFEST.sha256'], { cwd: restorePath, stdio: 'pipe' });
    verified = 'ok';
  } catch (error) {
    verified = String(error.stdout ?? error.message).slice(0, 500);
  }
  check(verified === 'ok', 'every restored file matches its checksum in the manifest', verified);
} else {
  check(out('restore-seconds') === '' || isSeconds(out('restore-seconds')), 'restore-seconds is empty or a duration on a miss', out('restore-seconds'));
}

if (probed) {
  check(Number(out('seq-write-mibps')) > 0, 'seq-write-mibps is positive', out('seq-write-mibps'));
  check(Number(out('rand-read-iops')) > 0, 'rand-read-iops is positive', out('rand-read-iops'));
  check(out('ceilings-source') === 'this-run', "ceilings-source is 'this-run'", out('ceilings-source'));
} else {
  check(out('seq-write-mibps') === '', 'seq-write-mibps is empty with probes: none', out('seq-write-mibps'));
}

const profilePath = out('profile-path');
const profile = profilePath && existsSync(profilePath) ? JSON.parse(readFileSync(profilePath, 'utf8')) : null;
check(profile !== null, 'profile-path names the profile JSON', profilePath);
if (profile) {
  check(profile.label === label, `the profile's label is ${label}`, profile.label);
  check(profile.tool?.version === packageVersion, `the profile was made by disk-profiler ${packageVersion}`, profile.tool?.version);
  // With the report in the post step, the profile is judged again there, once the tail is on disk.
  if (!reportInPost) check(profile.verdict?.bottleneck === out('bottleneck'), "the profile's verdict is the bottleneck output", profile.verdict?.bottleneck);

  const summaryFile = path.join(mkdtempSync(path.join(env.RUNNER_TEMP ?? tmpdir(), 'selftest-')), 'summary.md');
  const cli = new URL('../dist/cli.js', import.meta.url).pathname;
  execFileSync(process.execPath, [cli, 'render', profilePath, '--out', summaryFile], { stdio: ['ignore', 'ignore', 'inherit'] });
  const summary = readFileSync(summaryFile, 'utf8');
  check(summary.includes(label), 'the summary rendered from the profile names the label', summary.slice(0, 200));
  check(summary.split('\n').length > 10, 'the summary rendered from the profile has its sections', summary.length);
}

if (failures.length > 0) {
  console.error(`self-test FAILED: ${label}: ${failures.length} of ${failures.length + passed} checks failed`);
  for (const failure of failures) console.error(`  - ${failure}`);
  process.exit(1);
}
const line = `self-test ok: ${label}: ${passed} checks passed`;
console.log(line);
if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, `${line}\n`);
