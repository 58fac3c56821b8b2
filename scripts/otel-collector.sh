#!/usr/bin/env bash
# Builds (once) a real OpenTelemetry Collector for the export tests: the OTLP receiver, the contrib file
# exporter, and (for the dashboard's names) the contrib deltatocumulative processor and Prometheus exporter, put together by the Collector Builder from their modules on the Go module proxy, and prints the
# binary's path. The ready distributions are not Go modules, and the builder's own `go mod tidy` fails (the file
# exporter's tests import a contrib module the proxy lacks), so the builder only writes the sources and
# `go get` + `go build` resolve what the collector itself imports. Cached under
# ${XDG_CACHE_HOME:-~/.cache}/disk-profiler/otelcol-<version>-<components hash>; a second call only prints the
# path. `--path` prints it without building (the tests ask whether it is there).
# Needs Go >= 1.26 (the collector modules' go directive) and the module proxy; the tests start the binary on 127.0.0.1 only.
set -euo pipefail

BUILDER_VERSION="v0.165.0"
OTLP_RECEIVER="go.opentelemetry.io/collector/receiver/otlpreceiver v0.165.0"
FILE_EXPORTER="github.com/open-telemetry/opentelemetry-collector-contrib/exporter/fileexporter v0.165.1"
PROMETHEUS_EXPORTER="github.com/open-telemetry/opentelemetry-collector-contrib/exporter/prometheusexporter v0.165.1"
DELTA_TO_CUMULATIVE="github.com/open-telemetry/opentelemetry-collector-contrib/processor/deltatocumulativeprocessor v0.165.1"
# The builder's main.go imports the config providers too; pinned to the release that goes with v0.165.0, so
# the build does not pick whatever is newest on the proxy that day.
PROVIDERS_VERSION="v1.71.0"
PROVIDERS=(envprovider fileprovider httpprovider httpsprovider yamlprovider)

COMPONENTS_HASH="$(printf '%s\n' "$OTLP_RECEIVER" "$FILE_EXPORTER" "$PROMETHEUS_EXPORTER" "$DELTA_TO_CUMULATIVE" "$PROVIDERS_VERSION" | sha256sum | cut -c1-8)"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/disk-profiler/otelcol-${BUILDER_VERSION#v}-$COMPONENTS_HASH"
BINARY="$CACHE_DIR/otelcol-disk-profiler"

if [ "${1:-}" = "--path" ]; then
  echo "$BINARY"
  exit 0
fi
if [ -x "$BINARY" ]; then
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

echo "otel-collector.sh: building the collector into $CACHE_DIR (about a minute the first time)" >&2
GOBIN="$WORK/bin" go install "go.opentelemetry.io/collector/cmd/builder@${BUILDER_VERSION}" >&2

cat >"$WORK/manifest.yaml" <<EOF
dist:
  name: otelcol-disk-profiler
  description: OTLP receiver and file exporter for disk-profiler's export tests
  output_path: $WORK/src
receivers:
  - gomod: $OTLP_RECEIVER
processors:
  - gomod: $DELTA_TO_CUMULATIVE
exporters:
  - gomod: $FILE_EXPORTER
  - gomod: $PROMETHEUS_EXPORTER
EOF

"$WORK/bin/builder" --config "$WORK/manifest.yaml" --skip-get-modules --skip-compilation >&2
(
  cd "$WORK/src"
  # --skip-get-modules writes no go.mod: the module is ours to make.
  go mod init otelcol-disk-profiler >&2
  modules=("${OTLP_RECEIVER/ /@}" "${FILE_EXPORTER/ /@}" "${PROMETHEUS_EXPORTER/ /@}" "${DELTA_TO_CUMULATIVE/ /@}")
  for provider in "${PROVIDERS[@]}"; do
    modules+=("go.opentelemetry.io/collector/confmap/provider/$provider@$PROVIDERS_VERSION")
  done
  go get "${modules[@]}" >&2
  go build -mod=mod -trimpath -o "$WORK/otelcol" . >&2
)
# Moved into place last, so an interrupted build leaves nothing that looks finished.
mv "$WORK/otelcol" "$BINARY"
echo "$BINARY"
