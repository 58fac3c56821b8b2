/**
 * What a runner does with a step's stdout: workflow commands become log lines (`::warning::` shown as
 * a warning, `::debug::` only when debugging), `::add-mask::` values are replaced by *** from then on.
 * Stateful across chunks, since a command may be split between two.
 */
export class RunnerLog {
  private readonly masks: string[] = [];
  private pending = '';

  constructor(
    private readonly write: (line: string) => void,
    private readonly debug = false,
  ) {}

  push(chunk: string): void {
    const text = this.pending + chunk;
    const lines = text.split('\n');
    this.pending = lines.pop() ?? '';
    for (const line of lines) this.line(line);
  }

  flush(): void {
    if (this.pending) this.line(this.pending);
    this.pending = '';
  }

  private line(raw: string): void {
    const command = /^::([a-z-]+)(?: [^:]*)?::(.*)$/.exec(raw);
    if (!command) return this.write(this.mask(raw));
    const [, name, message = ''] = command;
    const text = unescapeData(message);
    switch (name) {
      case 'add-mask':
        if (text) this.masks.push(text);
        return;
      case 'debug':
        if (this.debug) this.write(this.mask(`##[debug]${text}`));
        return;
      case 'warning':
      case 'error':
      case 'notice':
        return this.write(this.mask(`${name[0]?.toUpperCase()}${name.slice(1)}: ${text}`));
      case 'group':
        return this.write(this.mask(`▸ ${text}`));
      case 'endgroup':
        return;
      default:
        return this.write(this.mask(raw));
    }
  }

  private mask(line: string): string {
    let out = line;
    for (const secret of this.masks) out = out.split(secret).join('***');
    return out;
  }
}

/** @actions/core escapes %, \r and \n in command data. */
function unescapeData(s: string): string {
  return s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
}
