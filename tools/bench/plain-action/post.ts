/**
 * The plain drop-in's post step, for the repeat-run bench only: what actions/cache's save does
 * (saveImpl): no save after an exact hit of the primary key, else saveCache of `path` under it.
 */
import * as cache from '@actions/cache';
import * as core from '@actions/core';
import { isExactKeyMatch, PLAIN_STATE } from './state.js';

async function run(): Promise<void> {
  const primaryKey = core.getState(PLAIN_STATE.primaryKey);
  if (!primaryKey) {
    core.warning('Key is not specified.');
    return;
  }
  const matchedKey = core.getState(PLAIN_STATE.matchedKey);
  if (isExactKeyMatch(primaryKey, matchedKey)) {
    core.info(`Cache hit occurred on the primary key ${primaryKey}, not saving cache.`);
    return;
  }
  const paths = core.getMultilineInput('path', { required: true });
  const enableCrossOsArchive = core.getInput('enableCrossOsArchive') === 'true';
  const chunk = Number(core.getInput('upload-chunk-size'));
  const cacheId = await cache.saveCache(paths, primaryKey, { uploadChunkSize: chunk > 0 ? chunk : undefined }, enableCrossOsArchive);
  if (cacheId !== -1) core.info(`Cache saved with key: ${primaryKey}`);
}

run().catch((error: unknown) => core.warning(error instanceof Error ? error.message : String(error)));
