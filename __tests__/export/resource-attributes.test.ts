// The CI/CD resource: semantic-convention names from the runner's variables, the user's OTEL_RESOURCE_ATTRIBUTES over them.
import { describe, expect, it } from 'vitest';
import { ATTR, SEMCONV } from '../../src/export/names.js';
import { ciAttributesFromEnv, metricResourceAttributes, PER_RUN_ATTRIBUTES, traceResourceAttributes } from '../../src/export/resource-attributes.js';

const env = {
  GITHUB_SERVER_URL: 'https://ghe.example.com',
  GITHUB_REPOSITORY: 'octo-org/app',
  GITHUB_WORKFLOW: 'CI',
  GITHUB_JOB: 'test',
  GITHUB_RUN_ID: '99',
  GITHUB_RUN_ATTEMPT: '3',
  RUNNER_NAME: 'pool-a-7',
};

describe('resource attributes', () => {
  it('maps the runner variables onto cicd.* / vcs.* names', () => {
    expect(ciAttributesFromEnv(env)).toEqual({
      'vcs.repository.name': 'app',
      'vcs.repository.url.full': 'https://ghe.example.com/octo-org/app',
      'cicd.pipeline.name': 'CI',
      'cicd.pipeline.run.id': '99',
      [ATTR.runAttempt]: '3',
      'cicd.pipeline.run.url.full': 'https://ghe.example.com/octo-org/app/actions/runs/99/attempts/3',
      'cicd.pipeline.task.name': 'test',
      'cicd.worker.name': 'pool-a-7',
    });
    expect(ciAttributesFromEnv({})).toEqual({});
  });

  it('the label and fingerprint join them; OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME win', () => {
    const r = traceResourceAttributes({ label: 'ubuntu-latest', fingerprint: undefined }, ciAttributesFromEnv(env), {
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=ci,cicd.pipeline.name=Override',
      OTEL_SERVICE_NAME: 'ci-disks',
    });
    expect(r[ATTR.label]).toBe('ubuntu-latest');
    expect(r['deployment.environment.name']).toBe('ci');
    expect(r[SEMCONV.pipelineName]).toBe('Override');
    expect(r[SEMCONV.serviceName]).toBe('ci-disks');
  });

  it('metrics leave the per-run attributes off unless asked', () => {
    const r = traceResourceAttributes({ label: 'l', fingerprint: undefined }, ciAttributesFromEnv(env), {});
    const metrics = metricResourceAttributes(r, false);
    for (const name of PER_RUN_ATTRIBUTES) expect(metrics[name], name).toBeUndefined();
    expect(metrics[SEMCONV.taskName]).toBe('test');
    expect(metricResourceAttributes(r, true)).toEqual(r);
  });
});
