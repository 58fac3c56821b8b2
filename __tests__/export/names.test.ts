// The semantic conventions' names, written out in names.ts so the export loads no package: each still the
// name the conventions' package defines (a typo would put a fleet's runs under a name no dashboard asks for).
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import {
  ATTR_CICD_PIPELINE_NAME,
  ATTR_CICD_PIPELINE_RUN_ID,
  ATTR_CICD_PIPELINE_RUN_URL_FULL,
  ATTR_CICD_PIPELINE_TASK_NAME,
  ATTR_CICD_WORKER_NAME,
  ATTR_VCS_REPOSITORY_NAME,
  ATTR_VCS_REPOSITORY_URL_FULL,
} from '@opentelemetry/semantic-conventions/incubating';
import { describe, expect, it } from 'vitest';
import { SEMCONV } from '../../src/export/names.js';

describe('the semantic conventions names', () => {
  it("are the conventions' own", () => {
    expect(SEMCONV).toEqual({
      serviceName: ATTR_SERVICE_NAME,
      serviceVersion: ATTR_SERVICE_VERSION,
      repositoryName: ATTR_VCS_REPOSITORY_NAME,
      repositoryUrl: ATTR_VCS_REPOSITORY_URL_FULL,
      pipelineName: ATTR_CICD_PIPELINE_NAME,
      runId: ATTR_CICD_PIPELINE_RUN_ID,
      runUrl: ATTR_CICD_PIPELINE_RUN_URL_FULL,
      taskName: ATTR_CICD_PIPELINE_TASK_NAME,
      workerName: ATTR_CICD_WORKER_NAME,
    });
  });
});
