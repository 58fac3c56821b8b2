/** Typed errors that carry the remedy, so every message a user sees says what to do next. */

export class ProfilerError extends Error {
  constructor(
    message: string,
    readonly remedy: string,
  ) {
    super(remedy ? `${message} ${remedy}` : message);
    this.name = new.target.name;
  }
}

/** A bad input value: names the input, the value given and what is allowed. */
export class InputError extends ProfilerError {
  constructor(
    readonly input: string,
    readonly given: string,
    readonly allowed: string,
  ) {
    super(`Input '${input}' is invalid: got ${JSON.stringify(given)}.`, `Allowed: ${allowed}.`);
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
