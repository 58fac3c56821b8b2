/**
 * The `disk-profiler` commands, each with the usage `--help` prints, and the dispatcher main.ts runs.
 * `--help`/`-h` and `--version`/`-V` are answered here, before a command parses its own flags, so
 * every command answers both the same way and none mistakes `--help` for a flag wanting a value.
 */
import { TOOL_VERSION } from '../../src/version.js';
import { LAB_SCENARIOS } from '../lab/scenario-specs.js';
import { labStepCommand } from '../lab/step-child.js';
import { FIXES_DEFAULT_SCENARIOS } from '../bench/fixes.js';
import { BENCH_PARTS, benchCommand, ON_ASK } from './bench.js';
import { FIX_APPLIED_RESTORES } from '../bench/fix-applied.js';
import { SLOW_RESTORES } from '../lab/slow-restore-specs.js';
import { compareCommand } from './compare.js';
import { demoCommand } from './demo.js';
import { exportCommand } from './export.js';
import { labCommand } from './lab.js';
import { renderCommand } from './render.js';
import { runCommand } from './run.js';
import { seedCommand } from './seed.js';
import { serveCommand } from './serve.js';

export interface Command {
  /** The synopsis and what it does, as `disk-profiler NAME --help` prints it. */
  usage: string;
  run: (argv: string[]) => Promise<number>;
  /** Run by the lab itself, not by a person: answers --help but is left out of the command list. */
  internal?: boolean;
}

export const COMMANDS: Record<string, Command> = {
  demo: {
    usage: `disk-profiler demo [--compare] [--label NAME] [--probe-budget-seconds N] [--node PATH]
  Profile a real restore of this project's own node_modules against the local services and print
  the step summary (what \`npm run demo\` runs). --compare (root) profiles the same cache again on a
  loop device throttled to 50 MiB/s of writes and prints the compare-mode table of the two.
  --node runs the bundled action with another Node binary.`,
    run: demoCommand,
  },
  render: {
    usage: `disk-profiler render PROFILE.json [--out FILE]
  Re-judge and re-render a saved profile offline: the step summary as Markdown, to stdout or FILE.`,
    run: renderCommand,
  },
  compare: {
    usage: `disk-profiler compare PROFILE.json... [--prices LABEL=USD,...] [--out FILE] [--json FILE]
  Which runner label to use: each profile judged by this version (as render judges it), labels ranked
  by p50 until on disk, a tie within their runs' spread; --prices (US dollars a minute per label) adds
  the cost per restore and per 1,000 runs (Markdown to stdout or FILE, JSON to --json).`,
    run: compareCommand,
  },
  export: {
    usage: `disk-profiler export PROFILE.json|DIR... [--endpoint URL] [--header NAME=VALUE...] [--timeout-seconds N]
    [--per-run-metric-attributes]
  Send saved profiles (artifacts, or directories of them) over OTLP/HTTP, traces and metrics
  (docs/telemetry.md), through the same code as the action's post step; the endpoint and headers
  default to OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_EXPORTER_OTLP_HEADERS.`,
    run: (argv) => exportCommand(argv),
  },
  serve: {
    usage: `disk-profiler serve [--port N] [--download-rate BYTES_PER_S]
  Start the local cache and artifact services (over Azurite) and print the environment variables an
  action step needs, one NAME=value a line; runs until stopped (Ctrl-C). Network faults, for downloads
  and the save's uploads: POST /_admin/settings {"network": {...}} to the printed URL
  (README, "The disk-profiler command").`,
    run: serveCommand,
  },
  seed: {
    usage: `disk-profiler seed --key KEY --path PATH [--path PATH...] [--workspace DIR] [--v1]
  Save directories as a cache entry into the services named by the environment (from \`serve\`),
  through the real saveCache; --v1 speaks cache service v1.`,
    run: seedCommand,
  },
  run: {
    usage: `disk-profiler run --input NAME=VALUE [--input ...] [--workspace DIR] [--runner-temp DIR] [--node PATH]
  Run the bundled action's main and post steps as the runner would, against the services named by the
  environment; prints the log, the step summary and the outputs.`,
    run: runCommand,
  },
  bench: {
    usage: `disk-profiler bench [--only PARTS] [--runs N] [--scenarios A,B] [--keep DIR] [--rejudge DIR] [...]
  Print the benchmark table (BENCHMARKS.md); root for the lab, the gp3-like disk and drop_caches.
    --only ${BENCH_PARTS.join(',')}   a subset (default: all but ${ON_ASK.join(', ')}, run only when named)
    --slow-restores A,B    sampled-fixes: restores of 60-180 s (${SLOW_RESTORES.join(',')}; all), ~20 min a run (the CPU-bound restore)
    --fix-applied-restore R   fix-applied on ${FIX_APPLIED_RESTORES.join(' or ')} (lab; slow: 60-180 s, the fix measured on samples)
    --as-user NAME         lab: run each profiled step as that user (e.g. runner, passwordless sudo as on hosted runners)
    --runs N               lab runs per scenario (3): a profiled restore + the intervention each
    --scenarios A,B        lab (and fixes) scenarios (lab: all; fixes: ${FIXES_DEFAULT_SCENARIOS.join(',')})
    --download-scenarios A,B, --upload-scenarios A,B   the download and upload labs' scenarios
    --keep DIR             keep each lab run as DIR/<scenario>-run<N>.json
    --rejudge DIR          measure nothing: judge the runs --keep wrote again with this build
    --pairs N              overhead and repeat-cost pairs, repeat-steps rounds (6)
    --repeat-caches a,b    repeat-steps caches: lab, files-100k, slow-30s (all)
    --repeat-breakdown     repeat-steps also runs the action with the artifact, export, history off, and times bundle loads
    --reference-seconds N  reference probe runtime (60); --probe-rounds N reference runs per probe (1)
    --probe-disks gp3,vm   where to compare probes: a gp3-like throttled loop disk (root), this VM's disk
    --copies N, --fill-gb N, --large   the memory case's tree (--large: 8 copies of node_modules, 5 GB)`,
    run: benchCommand,
  },
  lab: {
    usage: `disk-profiler lab [SCENARIO...] [--record DIR] [--experiments LIST]
  Run bottleneck-lab scenarios as root and print each verdict; --record writes DIR/lab-<scenario>.json
  with its provenance; --experiments runs the measured fixes after each profile (as the input).
  Scenarios: ${LAB_SCENARIOS.join(' ')}`,
    run: labCommand,
  },
  'lab-step': {
    usage: `disk-profiler lab-step REQUEST.json
  Internal: the child side of a whole-step lab scenario (tools/lab/step-isolation.ts); the lab runs it.`,
    run: labStepCommand,
    internal: true,
  },
};

export const VERSION_LINE = `disk-profiler ${TOOL_VERSION}`;

export function usage(commands: Record<string, Command> = COMMANDS): string {
  const listed = Object.values(commands)
    .filter((c) => !c.internal)
    .map((c) => c.usage);
  return `disk-profiler <command> [options]   (disk-profiler <command> --help, disk-profiler --version)

Commands:
${listed.map((u) => `  ${u.replace(/\n/g, '\n  ')}`).join('\n\n')}
`;
}

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const HELP = new Set(['--help', '-h']);
const VERSION = new Set(['--version', '-V']);

/** Runs one command line; returns the exit code. */
export async function dispatch(argv: readonly string[], io: Io, commands: Record<string, Command> = COMMANDS): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.stderr(usage(commands));
    return 2;
  }
  if (VERSION.has(name)) {
    io.stdout(`${VERSION_LINE}\n`);
    return 0;
  }
  if (HELP.has(name) || name === 'help') {
    const about = rest[0] === undefined ? undefined : commands[rest[0]];
    io.stdout(about ? `${about.usage}\n` : usage(commands));
    return 0;
  }
  const command = commands[name];
  if (!command) {
    io.stderr(
      `disk-profiler: unknown command '${name}'. Commands: ${Object.entries(commands)
        .filter(([, c]) => !c.internal)
        .map(([n]) => n)
        .join(', ')}; disk-profiler --help explains each.\n`,
    );
    return 2;
  }
  // Checked before the command parses anything: its own parser would take --help for a flag wanting a value.
  if (rest.some((arg) => HELP.has(arg))) {
    io.stdout(`${command.usage}\n`);
    return 0;
  }
  if (rest.some((arg) => VERSION.has(arg))) {
    io.stdout(`${VERSION_LINE}\n`);
    return 0;
  }
  return command.run(rest);
}
