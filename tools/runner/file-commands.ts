/**
 * The runner's file commands (GITHUB_OUTPUT, GITHUB_STATE, GITHUB_ENV): `name<<DELIMITER\nvalue\nDELIMITER`
 * blocks as @actions/core 3 writes them, and the older `name=value` lines. Pure.
 */
export function parseFileCommands(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line === '') continue;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name, delimiter] = heredoc as unknown as [string, string, string];
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] as string);
      if (i >= lines.length) throw new Error(`file command '${name}' has no closing delimiter ${delimiter}`);
      values[name] = value.join('\n');
      continue;
    }
    const eq = line.indexOf('=');
    if (eq > 0) values[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return values;
}

/** The environment variable a runner sets for an input, as @actions/core getInput reads it. */
export function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
}
