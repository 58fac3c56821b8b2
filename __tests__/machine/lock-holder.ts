// Run by lock.test.ts under vite-node: takes the machine lock in the directory given, says so, and
// holds it until killed.
import { acquireMachineLock } from '../../src/machine/lock.js';

const got = await acquireMachineLock({ waitMs: 5000, dir: process.argv[2] as string });
process.stdout.write(got.acquired && !got.lock.unlockedReason ? 'LOCKED\n' : 'FAILED\n');
setInterval(() => {}, 1 << 30);
