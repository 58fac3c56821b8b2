/** The `disk-profiler` command: the action's engine outside GitHub. */
import { errorMessage } from '../util/errors.js';
import { serveCommand } from './serve.js';
import { seedCommand } from './seed.js';
import { runCommand } from './run.js';
import { renderCommand } from './render.js';
import { compareCommand } from './compare.js';
import { demoCommand } from './demo.js';
import { benchCommand } from './bench.js';
import { labCommand } from './lab.js';
import { exportCommand } from './export.js';
import { labStepCommand } from '../lab/step-child.js';
import { LAB_SCENARIOS } from '../lab/scenario-specs.js';

const USAGE = `disk-profiler <command> [options]

Commands:
  serve [--port N] [--download-rate BYTES_PER_S]
        Start the local cache and artifact services (over Azurite) and print the
        environment variables an action step needs, one NAME=value a line; runs until stopped.
        Network faults, for downloads and the save's uploads: POST /_admin/settings
        {"network": {...}} to the printed URL (see README, "Outside GitHub").
  seed --key KEY --path PATH [--path PATH...] [--workspace DIR] [--v1]
        Save directories as a cache entry into the services named by the environment.
  run --input NAME=VALUE [--input ...] [--workspace DIR] [--runner-temp DIR] [--node PATH]
        Run the bundled action's main and post steps as the runner would; prints the summary.
  render PROFILE.json [--out FILE]
        Re-judge and re-render a saved profile offline.
  compare PROFILE.json... [--out FILE] [--json FILE]
        Rank the runners of several saved profiles in one table.
  export PROFILE.json|DIR... [--endpoint URL] [--header NAME=VALUE...] [--timeout-seconds N]
        [--per-run-metric-attributes]
        Send saved profiles over OTLP/HTTP (traces and metrics, see docs/telemetry.md); the endpoint
        and headers default to OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_EXPORTER_OTLP_HEADERS.
  demo  Profile a real restore of this project's dependencies against the local services.
  bench [--only lab,probes,overhead,cost,memory,fixes,repeat-cost,download,upload] [--runs N] [--scenarios A,B] [--large]
        [--keep DIR] [--rejudge DIR]
        Print the benchmark table (see BENCHMARKS.md); root for the lab and drop_caches. --keep DIR
        keeps each lab run; --rejudge DIR judges kept runs again with this build, measuring nothing.
  lab [SCENARIO...] [--record DIR]
        Run bottleneck-lab scenarios as root and print each verdict; --record writes
        DIR/lab-<scenario>.json with its provenance. Scenarios:
        ${LAB_SCENARIOS.join(' ')}
`;

const commands: Record<string, (argv: string[]) => Promise<number>> = {
  serve: serveCommand,
  seed: seedCommand,
  run: runCommand,
  render: renderCommand,
  compare: compareCommand,
  export: (argv) => exportCommand(argv),
  demo: demoCommand,
  bench: benchCommand,
  lab: labCommand,
  // Internal: a whole-step lab scenario's child (src/lab/step-isolation.ts); not in USAGE.
  'lab-step': labStepCommand,
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(USAGE);
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(
      `disk-profiler: unknown command '${name}'. Commands: ${Object.keys(commands)
        .filter((n) => n !== 'lab-step')
        .join(', ')}.\n`,
    );
    return 2;
  }
  return command(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`disk-profiler: ${errorMessage(error)}\n`);
    process.exitCode = 1;
  },
);
