// The GitHub receiver's id derivation, against ids the real receiver produced (fixtures/github-receiver/README.md):
// its golden file's, and those the receiver built here wrote for the recorded delivery.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { postStepName, receiverStepSpanId, receiverTraceId } from '../../src/export/receiver-ids.js';
import { repoRoot } from '../helpers/tree.js';

interface ReceiverIds {
  runId: string;
  runAttempt: string;
  checkRunId: string;
  traceId: string;
  steps: { name: string; spanId: string }[];
}
const ids = JSON.parse(readFileSync(path.join(repoRoot, 'fixtures/github-receiver/receiver-ids.json'), 'utf8')) as Record<'golden' | 'recorded', ReceiverIds>;

describe("the GitHub receiver's ids", () => {
  for (const [source, run] of Object.entries(ids)) {
    it(`${source}: the trace from the run id and attempt, each step's span from the check run id and the step's name`, () => {
      expect(run.steps.length).toBeGreaterThan(0);
      expect(receiverTraceId(run.runId, run.runAttempt)).toBe(run.traceId);
      for (const step of run.steps) expect(receiverStepSpanId(run.checkRunId, step.name), step.name).toBe(step.spanId);
    });
  }

  it('a post step is the step\'s name after "Post ", as the recordings name it', () => {
    for (const run of Object.values(ids)) {
      const posts = run.steps.filter((s) => s.name.startsWith('Post '));
      expect(posts.length).toBeGreaterThan(0);
      for (const post of posts) expect(postStepName(post.name.slice('Post '.length))).toBe(post.name);
    }
  });

  it('the attempt is part of the trace: a re-run is another trace', () => {
    const run = ids.recorded;
    expect(receiverTraceId(run.runId, String(Number(run.runAttempt) + 1))).not.toBe(run.traceId);
  });
});
