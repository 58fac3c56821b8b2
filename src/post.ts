/**
 * The post step (post-if: always()): removes any fio temp directory main may have left (a cancelled
 * job), and writes a summary when main ended before writing one, so the job always says what happened.
 */
import * as core from '@actions/core';
import { existsSync } from 'node:fs';
import { STATE } from './pipeline/state.js';
import { removeProbeDirectories } from './probe/suite.js';
import { cleanUpExperiments, parseSavedDirty } from './experiment/post-cleanup.js';
import { errorMessage } from './util/errors.js';

async function post(): Promise<void> {
  const dirs = parseList(core.getState(STATE.probeDirectories));
  if (dirs.length > 0) {
    const removed = await removeProbeDirectories(dirs);
    if (removed.length > 0) core.info(`Removed fio temp directories left behind: ${removed.join(', ')}`);
  }
  const experimentDirs = parseList(core.getState(STATE.experimentDirectories));
  const savedDirty = parseSavedDirty(core.getState(STATE.experimentDirtySettings));
  if (experimentDirs.length > 0 || savedDirty) {
    const report = cleanUpExperiments(experimentDirs, savedDirty);
    if (report.dirtyPutBack) core.info('Put vm.dirty_* back as they were before the page-cache experiment.');
    if (report.removed.length > 0) core.info(`Removed experiment directories left behind: ${report.removed.join(', ')}`);
    for (const r of report.refused) core.warning(`Post step: left ${r.dir} in place: ${r.reason}.`);
  }
  if (core.getState(STATE.mainStarted) === 'true' && core.getState(STATE.summaryWritten) !== 'true') {
    const profilePath = core.getState(STATE.profilePath);
    const saved = profilePath && existsSync(profilePath) ? ` A partial profile is at ${profilePath}.` : '';
    await core.summary
      .addHeading('Disk profiler: no report', 3)
      .addRaw(`The main step ended before writing its report (failed or cancelled); see its log for the reason.${saved}`)
      .write();
  }
}

function parseList(value: string): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

post().catch((error: unknown) => core.warning(`Post step: ${errorMessage(error)}`));
