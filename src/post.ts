/**
 * The post step (post-if: always()): removes any fio temp directory main may have left (a cancelled
 * job), and writes a summary when main ended before writing one, so the job always says what happened.
 */
import * as core from '@actions/core';
import { existsSync } from 'node:fs';
import { STATE } from './pipeline/state.js';
import { removeProbeDirectories } from './probe/suite.js';
import { errorMessage } from './util/errors.js';

async function post(): Promise<void> {
  const dirs = parseList(core.getState(STATE.probeDirectories));
  if (dirs.length > 0) {
    const removed = await removeProbeDirectories(dirs);
    if (removed.length > 0) core.info(`Removed fio temp directories left behind: ${removed.join(', ')}`);
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
