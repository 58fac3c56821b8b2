// Tests that need root, fio, a loop device or iostat run for real in CI (CI=true) and fail loudly
// there when the prerequisite is missing; outside CI they skip and say why.
import { commandAvailable } from '../../src/system/sys.js';

export { isRoot } from '../../src/system/privilege.js';
export const commandExists = commandAvailable;

/**
 * Returns true when the test may run. In CI a missing prerequisite throws, so the file fails
 * instead of silently skipping.
 */
export function prerequisite(what: string, available: boolean): boolean {
  if (available) return true;
  if (process.env.CI === 'true') {
    throw new Error(`Prerequisite missing in CI: ${what}. .ci/run must install or provide it.`);
  }
  console.warn(`skipping: ${what} is not available on this machine (it runs in CI, where CI=true)`);
  return false;
}
