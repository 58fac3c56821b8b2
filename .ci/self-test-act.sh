#!/usr/bin/env bash
# Runs .github/workflows/self-test.yml under an independent runner, nektos/act in host mode, against the
# local services (`disk-profiler serve`), so the workflow file is proven here and not only on GitHub.
#
# - act is built from the Go module proxy at a pinned version and kept in
#   ~/.cache/disk-profiler/act-<version>/ between runs (needs Go only for the first build).
# - Nothing leaves loopback: `uses: ./` needs no download, act replaces actions/checkout with a copy of the
#   working directory, the version check is off, and every server (ours, act's artifact server) is on 127.0.0.1.
# - act speaks cache v1: it hands the step ACTIONS_CACHE_URL (from --env-file; with --no-cache-server its
#   own cache server stays off), and with --artifact-server-path it hands the step ACTIONS_RESULTS_URL and
#   ACTIONS_RUNTIME_TOKEN from its own ACTIONS_RUNTIME_URL and ACTIONS_RUNTIME_TOKEN (act:
#   pkg/runner/run_context.go setActionRuntimeVars), which point at our services, whose token the cache
#   routes require. GITHUB_SERVER_URL is github.com and ACTIONS_CACHE_SERVICE_V2 unset, so the cache client takes v1.
#
# Every workflow file is first validated against act's strict schema. Then the script fails (exit 1)
# unless act exits 0, every job succeeded, each `uses: ./` step wrote a summary naming its label, each
# check step printed its "self-test ok" line, and the services hold what the jobs saved (the seed's cache
# entry, the restore-key job's new entry) and uploaded (the three profile artifacts).
# Expects dist/ built (npm run build) and tar, zstd and fio on PATH, as .ci/run provides.
set -euo pipefail
cd "$(dirname "$0")/.."

ACT_VERSION=v0.2.89
ACT_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/disk-profiler/act-$ACT_VERSION"
ACT="$ACT_DIR/act"
TIMEOUT_SECONDS="${SELF_TEST_TIMEOUT_SECONDS:-600}"
started="${SELF_TEST_STARTED:-$(date +%s)}"

fail() {
  echo "self-test under act FAILED: $*" >&2
  exit 1
}

if [ ! -x "$ACT" ]; then
  command -v go >/dev/null || fail "act $ACT_VERSION is not in $ACT_DIR and go is not on PATH to build it (go install github.com/nektos/act@$ACT_VERSION)"
  echo "building act $ACT_VERSION from the Go module proxy into $ACT_DIR"
  mkdir -p "$ACT_DIR"
  GOBIN="$ACT_DIR" GOFLAGS=-buildvcs=false go install "github.com/nektos/act@$ACT_VERSION"
fi
"$ACT" --version | grep -qx "act version ${ACT_VERSION#v}" || fail "$ACT is not act ${ACT_VERSION#v}: $("$ACT" --version)"

# As root, the rest runs in a network namespace of its own with only loopback up, so a step that reached
# past loopback (a remote action, a download) would fail here instead of passing by the network.
if [ -z "${SELF_TEST_NETNS:-}" ]; then
  if [ "$(id -u)" -eq 0 ] && command -v unshare >/dev/null && command -v ip >/dev/null && unshare --net true 2>/dev/null; then
    exec unshare --net env SELF_TEST_NETNS=loopback-only SELF_TEST_STARTED="$started" bash -c 'ip link set lo up && exec "$0"' "$0"
  fi
  echo "note: not root (or no unshare/ip): the workflow runs in this machine's network namespace"
fi

for f in dist/main.js dist/post.js dist/cli.js; do [ -f "$f" ] || fail "$f is missing: run npm run build first"; done

# Every workflow file against act's strict schema (an unknown key or a misplaced one fails here).
for workflow in .github/workflows/*.yml; do
  ACT_DISABLE_VERSION_CHECK=1 "$ACT" --workflows "$workflow" --validate --strict >/dev/null 2>"${TMPDIR:-/tmp}/act-validate.$$" ||
    { grep -v 'docker connection' "${TMPDIR:-/tmp}/act-validate.$$" >&2; rm -f "${TMPDIR:-/tmp}/act-validate.$$"; fail "$workflow is not a valid workflow"; }
done
rm -f "${TMPDIR:-/tmp}/act-validate.$$"
echo "act --validate --strict: $(ls .github/workflows/*.yml | wc -l) workflow files valid"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/disk-profiler-act.XXXXXX")"
SERVICES_PID=""
cleanup() {
  if [ -n "$SERVICES_PID" ] && kill -0 "$SERVICES_PID" 2>/dev/null; then
    kill -TERM "$SERVICES_PID" 2>/dev/null || true
    wait "$SERVICES_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

# The local services, until the end of this script. serve prints NAME=value lines, then its address.
node dist/cli.js serve >"$WORK/services.env" 2>"$WORK/services.log" &
SERVICES_PID=$!
for _ in $(seq 1 600); do
  grep -qs 'Local Actions services on' "$WORK/services.log" && break
  kill -0 "$SERVICES_PID" 2>/dev/null || { cat "$WORK/services.log" >&2; fail "disk-profiler serve exited"; }
  sleep 0.1
done
grep -qs 'Local Actions services on' "$WORK/services.log" || { cat "$WORK/services.log" >&2; fail "disk-profiler serve did not start within 60 s"; }
service_var() { sed -n "s/^$1=//p" "$WORK/services.env"; }
SERVICES_URL="$(service_var ACTIONS_RESULTS_URL)"
SERVICES_TOKEN="$(service_var ACTIONS_RUNTIME_TOKEN)"
[ -n "$SERVICES_URL" ] && [ -n "$SERVICES_TOKEN" ] || fail "disk-profiler serve printed no ACTIONS_RESULTS_URL / ACTIONS_RUNTIME_TOKEN"
# What the job gets through act's --env-file: the v1 cache URL, and the forward proxy that reaches the
# services' signed *.blob.core.windows.net download URLs (loopback spared).
# And a machine directory of the run's own (as tools/runner/machine-dir.ts gives the lab and the tests): each
# profile keeps its ledger record there for an hour after it ends, which /run/lock/disk-profiler would keep after CI.
mkdir -p "$WORK/lock/disk-profiler"
chmod 755 "$WORK" "$WORK/lock"
chmod 1777 "$WORK/lock/disk-profiler"
{
  echo "DISK_PROFILER_MACHINE_DIR=$WORK/lock/disk-profiler"
  echo "ACTIONS_CACHE_URL=$(service_var ACTIONS_CACHE_URL)"
  echo "HTTP_PROXY=$(service_var HTTP_PROXY)"
  echo "NO_PROXY=$(service_var NO_PROXY)"
} >"$WORK/job.env"

ARTIFACT_PORT="$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close();})")"
mkdir -p "$WORK/xdg" "$WORK/act-artifacts" "$WORK/act-home"

echo "act $ACT_VERSION (host mode) runs .github/workflows/self-test.yml against the services at $SERVICES_URL (network: ${SELF_TEST_NETNS:-shared})"
set +e
env ACT_DISABLE_VERSION_CHECK=1 XDG_CONFIG_HOME="$WORK/xdg" \
  ACTIONS_RUNTIME_URL="$SERVICES_URL" ACTIONS_RUNTIME_TOKEN="$SERVICES_TOKEN" \
  timeout --kill-after=10 "$TIMEOUT_SECONDS" "$ACT" workflow_dispatch \
  --workflows .github/workflows/self-test.yml \
  --platform ubuntu-24.04=-self-hosted \
  --env-file "$WORK/job.env" \
  --no-cache-server \
  --artifact-server-path "$WORK/act-artifacts" --artifact-server-addr 127.0.0.1 --artifact-server-port "$ARTIFACT_PORT" \
  --action-cache-path "$WORK/act-home" \
  --json >"$WORK/act.log" 2>&1
act_status=$?
set -e

# Everything below reads act's JSON log and asks the services what the jobs left there.
set +e
node --input-type=module - "$WORK/act.log" "$SERVICES_URL" "$SERVICES_TOKEN" "$act_status" <<'EOF'
import { readFileSync } from 'node:fs';

const [logFile, servicesUrl, token, actStatus] = process.argv.slice(2);
const entries = readFileSync(logFile, 'utf8').split('\n').flatMap((line) => {
  try {
    return [JSON.parse(line)];
  } catch {
    return line.trim() ? [{ msg: line }] : [];
  }
});
const jobs = [{ label: 'selftest-seed' }, { label: 'selftest-exact-key' }, { label: 'selftest-restore-key' }];
const failures = [];
const report = [];

for (const { label } of jobs) {
  // Matrix jobs are told apart by their matrix; the seed job has none.
  const mine = label === 'selftest-seed' ? entries.filter((e) => e.jobID === 'seed') : entries.filter((e) => e.jobID === 'restore' && e.matrix?.case === label.replace('selftest-', ''));
  const result = mine.find((e) => e.jobResult)?.jobResult;
  if (result !== 'success') failures.push(`${label}: the job's result is ${result ?? 'missing'}`);
  const summaries = mine.filter((e) => e.command === 'summary').map((e) => String(e.content ?? ''));
  const main = summaries.find((s) => s.includes(label));
  if (!main) failures.push(`${label}: no step summary naming the label in act's log (${summaries.length} summaries)`);
  // The report's headline, from main or, on a run whose tail main left to the background, from the post step.
  const headline = summaries.map((s) => s.split('\n').find((l) => l.startsWith('### ')) ?? '').find((l) => l !== '');
  if (!headline) failures.push(`${label}: no step summary holds the report's headline (${summaries.length} summaries)`);
  const ok = mine.find((e) => typeof e.msg === 'string' && e.msg.includes(`self-test ok: ${label}`));
  if (!ok) failures.push(`${label}: the check step did not print "self-test ok: ${label}"`);
  report.push(`${label}: job ${result ?? 'missing'}; ${summaries.length} step summaries (headline: ${JSON.stringify(headline ?? '')}); ${ok ? ok.msg.trim() : 'no check line'}`);
}

const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const caches = await (await fetch(new URL('_apis/artifactcache/caches?key=disk-profiler-selftest-', servicesUrl), { headers })).json();
const cacheKeys = (caches.artifactCaches ?? []).map((c) => c.cacheKey).sort();
if (!cacheKeys.some((k) => !k.endsWith('-next'))) failures.push(`the seed job's post step saved no cache entry (entries: ${cacheKeys.join(', ') || 'none'})`);
if (!cacheKeys.some((k) => k.endsWith('-next'))) failures.push(`the restore-key job's post step saved no '-next' entry (entries: ${cacheKeys.join(', ') || 'none'})`);
report.push(`cache entries saved through act: ${cacheKeys.join(', ') || 'none'}`);

const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
const [, runId, jobId] = String(claims.scp).split(' ').find((s) => s.startsWith('Actions.Results:')).split(':');
const listed = await (
  await fetch(new URL('twirp/github.actions.results.api.v1.ArtifactService/ListArtifacts', servicesUrl), {
    method: 'POST',
    headers,
    body: JSON.stringify({ workflow_run_backend_id: runId, workflow_job_run_backend_id: jobId }),
  })
).json();
const artifacts = (listed.artifacts ?? []).map((a) => a.name).sort();
for (const { label } of jobs) if (!artifacts.includes(`disk-profile-${label}`)) failures.push(`no artifact disk-profile-${label} (artifacts: ${artifacts.join(', ') || 'none'})`);
report.push(`artifacts uploaded through act: ${artifacts.join(', ') || 'none'}`);

if (actStatus !== '0') failures.push(`act exited with ${actStatus}${actStatus === '124' ? ' (timed out)' : ''}`);
console.log(report.map((l) => `  ${l}`).join('\n'));
if (failures.length > 0) {
  console.error(`\n${failures.length} problem(s):\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
EOF
checks_status=$?
set -e
echo "self-test under act: $(($(date +%s) - started)) s in all"
if [ "$checks_status" -ne 0 ]; then
  echo "--- act's log (messages) ---" >&2
  node -e "for (const l of require('node:fs').readFileSync(process.argv[1],'utf8').split('\n')) { try { const e = JSON.parse(l); console.error((e.job ? '[' + e.job + '] ' : '') + (e.msg ?? '')); } catch { if (l) console.error(l); } }" "$WORK/act.log" | tail -200 >&2
  echo "--- services' log ---" >&2
  tail -50 "$WORK/services.log" >&2
  fail "see above"
fi
