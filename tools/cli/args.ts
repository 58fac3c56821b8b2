/** A small argv parser: `--name value`, `--name=value`, repeatable flags, `--flag` booleans, positionals. */
export interface ParsedArgs {
  positionals: string[];
  flags: Map<string, string[]>;
}

export function parseArgs(argv: readonly string[], booleanFlags: readonly string[] = []): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string[]>();
  const add = (name: string, value: string) => flags.set(name, [...(flags.get(name) ?? []), value]);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq > 0) {
      add(arg.slice(2, eq), arg.slice(eq + 1));
    } else if (booleanFlags.includes(arg.slice(2))) {
      add(arg.slice(2), 'true');
    } else {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new Error(`${arg} needs a value`);
      add(arg.slice(2), value);
      i++;
    }
  }
  return { positionals, flags };
}

export function flag(args: ParsedArgs, name: string): string | undefined {
  return args.flags.get(name)?.at(-1);
}

export function flagList(args: ParsedArgs, name: string): string[] {
  return args.flags.get(name) ?? [];
}

/** `--input name=value` pairs into a map. */
export function keyValues(items: readonly string[], what: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new Error(`${what} takes name=value, got ${JSON.stringify(item)}`);
    out[item.slice(0, eq)] = item.slice(eq + 1);
  }
  return out;
}
