/** The action's main step's entry point (see pipeline/main-step.ts). */
import * as core from '@actions/core';
import { run } from './pipeline/main-step.js';
import { errorMessage } from './util/errors.js';

run().catch((error: unknown) => core.setFailed(errorMessage(error)));
