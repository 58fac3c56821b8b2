/** The post step's entry point (see pipeline/post-step.ts); it never fails the job. */
import * as core from '@actions/core';
import { run } from './pipeline/post-step.js';
import { errorMessage } from './util/errors.js';

run().catch((error: unknown) => core.warning(`Post step: ${errorMessage(error)}`));
