// --help and --version on every `disk-profiler` command, through the dispatcher dist/cli.js runs.
import { describe, expect, it } from 'vitest';
import { COMMANDS, type Command, dispatch, usage } from '../../../tools/cli/commands.js';
import { TOOL_VERSION } from '../../../src/version.js';

async function call(argv: string[], commands?: Record<string, Command>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await dispatch(argv, { stdout: (t) => out.push(t), stderr: (t) => err.push(t) }, commands);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

/** The real usage texts, with run functions that only record that they ran. */
function recording(): { commands: Record<string, Command>; ran: string[][] } {
  const ran: string[][] = [];
  const commands = Object.fromEntries(
    Object.entries(COMMANDS).map(([name, c]) => [
      name,
      {
        ...c,
        run: async (argv: string[]) => {
          ran.push([name, ...argv]);
          return 0;
        },
      },
    ]),
  );
  return { commands, ran };
}

const NAMES = Object.keys(COMMANDS);

describe('disk-profiler --help', () => {
  it.each(NAMES)('%s --help prints its own usage, exits 0 and runs nothing', async (name) => {
    const { commands, ran } = recording();
    for (const argv of [
      [name, '--help'],
      [name, '-h'],
      [name, 'some.json', '--out', 'x.md', '--help'],
      ['help', name],
    ]) {
      const result = await call(argv, commands);
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(`${COMMANDS[name]?.usage}\n`);
      expect(result.stdout.startsWith(`disk-profiler ${name}`)).toBe(true);
      expect(result.stderr).toBe('');
    }
    expect(ran).toEqual([]);
  });

  it('lists every command but the internal one, on --help and without a command', async () => {
    const help = await call(['--help']);
    expect(help.code).toBe(0);
    for (const [name, c] of Object.entries(COMMANDS)) expect(help.stdout.includes(`disk-profiler ${name} `)).toBe(!c.internal);
    const bare = await call([]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toBe(usage());
  });

  it('names the commands for an unknown one', async () => {
    const result = await call(['rendr', '--help']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown command 'rendr'.*render.*--help/);
  });

  it('passes the arguments through untouched when neither flag is given', async () => {
    const { commands, ran } = recording();
    expect((await call(['render', 'a.json', '--out', 'b.md'], commands)).code).toBe(0);
    expect(ran).toEqual([['render', 'a.json', '--out', 'b.md']]);
  });
});

describe('disk-profiler --version', () => {
  it.each(['', ...NAMES])('disk-profiler %s --version prints the version, exits 0 and runs nothing', async (name) => {
    const { commands, ran } = recording();
    for (const flag of ['--version', '-V']) {
      const result = await call(name ? [name, flag] : [flag], commands);
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(`disk-profiler ${TOOL_VERSION}\n`);
    }
    expect(ran).toEqual([]);
  });
});

describe('bench --help', () => {
  it('names every part --only takes and every slow restore, from the tables the bench reads', async () => {
    const { BENCH_PARTS } = await import('../../../tools/cli/bench.js');
    const { SLOW_RESTORES } = await import('../../../tools/lab/slow-restore-specs.js');
    const { stdout } = await call(['bench', '--help']);
    const only = stdout.match(/^\s+--only (\S+)/m)?.[1]?.split(',');
    expect(only).toEqual([...BENCH_PARTS]);
    expect(stdout).toContain(`--slow-restores A,B    sampled-fixes: restores of 60-180 s (${SLOW_RESTORES.join(',')}`);
    expect(stdout).toContain('--fix-applied-restore');
  });
});
