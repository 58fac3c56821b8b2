/**
 * The action's main step's entry point (see pipeline/main-step.ts), and the writeback follower's
 * (pipeline/follower-run.ts) when started with its argument. Nothing is imported statically but the
 * follower's small module and the compile cache's: the follower, started on every repeat run, loads only
 * its own part of the bundle, not the Actions toolkit main needs.
 */
import { FOLLOW_ARGUMENT } from './pipeline/follower.js';
import { enableJobCompileCache } from './system/compile-cache.js';
import { errorMessage } from './util/errors.js';

// Before anything large is loaded: main fills the job's compile cache, the follower and the post step read it.
enableJobCompileCache();

if (process.argv[2] === FOLLOW_ARGUMENT) {
  import('./pipeline/follower-run.js')
    .then(({ follow }) => follow())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`disk-profiler writeback follower: ${errorMessage(error)}`);
        process.exit(1);
      },
    );
} else {
  import('./pipeline/main-step.js').then(({ run }) => run()).catch(async (error: unknown) => (await import('@actions/core')).setFailed(errorMessage(error)));
}
