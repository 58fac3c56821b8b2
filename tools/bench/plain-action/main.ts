/**
 * The plain drop-in's main step, for the repeat-run bench only (never in dist/): what actions/cache's
 * restore does (restoreImpl): restoreCache of `path` under `key` and `restore-keys`, the primary and the
 * matched key kept as state for the post step, `cache-hit` set. Inputs as actions/cache reads them.
 */
import * as cache from '@actions/cache';
import * as core from '@actions/core';
import { isExactKeyMatch, PLAIN_STATE } from './state.js';

async function run(): Promise<void> {
  const primaryKey = core.getInput('key', { required: true });
  core.saveState(PLAIN_STATE.primaryKey, primaryKey);
  const paths = core.getMultilineInput('path', { required: true });
  const restoreKeys = core.getMultilineInput('restore-keys');
  const enableCrossOsArchive = core.getInput('enableCrossOsArchive') === 'true';
  const matchedKey = await cache.restoreCache(paths, primaryKey, restoreKeys, { lookupOnly: false }, enableCrossOsArchive);
  if (!matchedKey) {
    core.info(`Cache not found for input keys: ${[primaryKey, ...restoreKeys].join(', ')}`);
    return;
  }
  core.saveState(PLAIN_STATE.matchedKey, matchedKey);
  core.setOutput('cache-hit', isExactKeyMatch(primaryKey, matchedKey).toString());
  core.info(`Cache restored from key: ${matchedKey}`);
}

run().catch((error: unknown) => core.setFailed(error instanceof Error ? error.message : String(error)));
