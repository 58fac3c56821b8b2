/**
 * The post step's entry point (see pipeline/post-step.ts); it never fails the job. Nothing is imported
 * statically but the compile cache's small module: the step's code is loaded once the cache main
 * filled is on (system/compile-cache.ts).
 */
import { enableJobCompileCache } from './system/compile-cache.js';
import { errorMessage } from './util/errors.js';

enableJobCompileCache();
import('./pipeline/post-step.js')
  .then(({ run }) => run())
  .catch(async (error: unknown) => (await import('@actions/core')).warning(`Post step: ${errorMessage(error)}`));
