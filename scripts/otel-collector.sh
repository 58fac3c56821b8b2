#!/usr/bin/env bash
# Builds (once) a real OpenTelemetry Collector for the export tests, put together by the Collector Builder from
# its components' modules on the Go module proxy, and prints the binary's path. Two of them:
# - `export` (the default): the OTLP receiver, the contrib file exporter, and (for the dashboard's names) the
#   contrib deltatocumulative processor and Prometheus exporter, at v0.165;
# - `github`: the OTLP receiver, the contrib GitHub receiver (workflow_job webhooks into the job's trace) and the
#   file exporter, at v0.158.0: the newest GitHub receiver the module proxy serves (v0.159.0 to v0.165.1 answer
#   "not available"), which does not build against the v0.165 core (its factory sets confighttp fields v0.165
#   has not), so the whole collector is of its release. It derives span ids from the job's check run id (the
#   UseCheckRunID gate, on by default since v0.151.0), as src/export/receiver-ids.ts does.
# The ready distributions are not Go modules, and the builder's own `go mod tidy` fails (the file exporter's tests
# import a contrib module the proxy lacks), so the builder only writes the sources and `go get` + `go build`
# resolve what the collector itself imports. Cached under
# ${XDG_CACHE_HOME:-~/.cache}/disk-profiler/otelcol-<version>-<components hash>; a second call only prints the
# path. `--path [FLAVOUR]` prints it without building (the tests ask whether it is there).
# Needs Go >= 1.26 (the collector modules' go directive) and the module proxy; the tests start the binary on 127.0.0.1 only.
set -euo pipefail

PRINT_ONLY=false
if [ "${1:-}" = "--path" ]; then
  PRINT_ONLY=true
  shift
fi
FLAVOUR="${1:-export}"
CONTRIB="github.com/open-telemetry/opentelemetry-collector-contrib"
case "$FLAVOUR" in
  export)
    BUILDER_VERSION="v0.165.0"
    RECEIVERS=("go.opentelemetry.io/collector/receiver/otlpreceiver v0.165.0")
    PROCESSORS=("$CONTRIB/processor/deltatocumulativeprocessor v0.165.1")
    EXPORTERS=("$CONTRIB/exporter/fileexporter v0.165.1" "$CONTRIB/exporter/prometheusexporter v0.165.1")
    # The builder's main.go imports the config providers too; pinned to the release that goes with the
    # builder, so the build does not pick whatever is newest on the proxy that day.
    PROVIDERS_VERSION="v1.71.0"
    ;;
  github)
    BUILDER_VERSION="v0.158.0"
    RECEIVERS=("go.opentelemetry.io/collector/receiver/otlpreceiver v0.158.0" "$CONTRIB/receiver/githubreceiver v0.158.0")
    PROCESSORS=()
    EXPORTERS=("$CONTRIB/exporter/fileexporter v0.158.0")
    PROVIDERS_VERSION="v1.64.0"
    ;;
  *)
    echo "otel-collector.sh: unknown collector '$FLAVOUR'; allowed: export, github." >&2
    exit 2
    ;;
esac
PROVIDERS=(envprovider fileprovider httpprovider httpsprovider yamlprovider)
COMPONENTS=("${RECEIVERS[@]}" "${EXPORTERS[@]}" "${PROCESSORS[@]}")

# The export collector's hash is what it was before the github one came: its cache stays valid.
COMPONENTS_HASH="$(printf '%s\n' "${COMPONENTS[@]}" "$PROVIDERS_VERSION" | sha256sum | cut -c1-8)"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/disk-profiler/otelcol-${BUILDER_VERSION#v}-$COMPONENTS_HASH"
BINARY="$CACHE_DIR/otelcol-disk-profiler"

if [ "$PRINT_ONLY" = true ] || [ -x "$BINARY" ]; then
  echo "$BINARY"
  exit 0
fi
command -v go >/dev/null || {
  echo "otel-collector.sh: Go is not installed; install Go >= 1.26 (https://go.dev/dl) to build the test collector." >&2
  exit 1
}

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$CACHE_DIR"

echo "otel-collector.sh: building the $FLAVOUR collector into $CACHE_DIR (a minute or more the first time)" >&2
GOBIN="$WORK/bin" go install "go.opentelemetry.io/collector/cmd/builder@${BUILDER_VERSION}" >&2

section() {
  [ "$#" -gt 1 ] || return 0
  echo "$1:"
  shift
  for component in "$@"; do echo "  - gomod: $component"; done
}
{
  cat <<EOF
dist:
  name: otelcol-disk-profiler
  description: disk-profiler's $FLAVOUR test collector
  output_path: $WORK/src
EOF
  section receivers "${RECEIVERS[@]}"
  section processors "${PROCESSORS[@]}"
  section exporters "${EXPORTERS[@]}"
} >"$WORK/manifest.yaml"

# The builder makes a default output directory in $TMPDIR before it reads output_path, and leaves it there.
mkdir -p "$WORK/tmp"
TMPDIR="$WORK/tmp" "$WORK/bin/builder" --config "$WORK/manifest.yaml" --skip-get-modules --skip-compilation >&2
(
  cd "$WORK/src"
  # --skip-get-modules writes no go.mod: the module is ours to make.
  go mod init otelcol-disk-profiler >&2
  modules=()
  for component in "${COMPONENTS[@]}"; do modules+=("${component/ /@}"); done
  for provider in "${PROVIDERS[@]}"; do
    modules+=("go.opentelemetry.io/collector/confmap/provider/$provider@$PROVIDERS_VERSION")
  done
  go get "${modules[@]}" >&2
  go build -mod=mod -trimpath -o "$WORK/otelcol" . >&2
)
# Moved into place last, so an interrupted build leaves nothing that looks finished.
mv "$WORK/otelcol" "$BINARY"
echo "$BINARY"
