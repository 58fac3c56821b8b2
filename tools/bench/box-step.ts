/**
 * The step a user would paste, read back from the rendered summary's "What to do" box as a reader
 * copies it: the placement sentence before the YAML, and the step's `run: |` script. Pure.
 */
export interface BoxStep {
  /** The sentence the box puts before the YAML (where the step goes). */
  placement: string;
  /** The step's `- name:` line's value. */
  name: string;
  /** The `run: |` script, its lines unindented. */
  script: string;
}

/** The box's lines without their quote marks (`> `), from its first line to its last. */
function boxLines(markdown: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.startsWith('> **What to do:**'));
  if (start < 0) return [];
  const out: string[] = [];
  for (let i = start; i < lines.length && (lines[i] as string).startsWith('>'); i++) out.push((lines[i] as string).replace(/^> ?/, ''));
  return out;
}

/** Every step in the box (a box may also hold inputs or env, which are not steps). */
export function stepsInBox(markdown: string): BoxStep[] {
  const lines = boxLines(markdown);
  const steps: BoxStep[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '```yaml' || !lines[i + 1]?.startsWith('- name: ')) continue;
    const end = lines.indexOf('```', i + 1);
    const yaml = lines.slice(i + 1, end < 0 ? lines.length : end);
    const runAt = yaml.indexOf('  run: |');
    if (runAt < 0) continue;
    steps.push({
      placement: lines[i - 1] ?? '',
      name: (yaml[0] as string).slice('- name: '.length),
      script: yaml
        .slice(runAt + 1)
        .map((l) => l.replace(/^ {4}/, ''))
        .join('\n'),
    });
  }
  return steps;
}
