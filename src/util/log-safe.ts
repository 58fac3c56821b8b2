/**
 * A string another user wrote (a ledger record's label, a path in it), made safe to print in a log
 * line. The runner reads a line that starts with `::` (or the legacy `##[`) as a workflow command, and
 * @actions/core's info() prints its text as it is, so a newline in such a string would start a command
 * in this job's log. Control characters (C0, DEL, C1, the Unicode line and paragraph separators) become
 * visible escapes as JSON writes them (`\n`, `\u001b`), so the string stays on its line; `::` and `##[` are broken up the way
 * @actions/core escapes a command's properties (`:` as `%3A`, `[` as `%5B`), so no part of it reads as
 * a command even were it printed at a line's start. Idempotent. Pure.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this escapes.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

export function logSafe(text: string): string {
  return text
    .replace(CONTROL, (c) => (c < ' ' ? JSON.stringify(c).slice(1, -1) : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`))
    .replace(/::/g, ':%3A')
    .replace(/##\[/g, '##%5B');
}
