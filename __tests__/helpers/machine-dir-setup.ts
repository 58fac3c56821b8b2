import { afterAll } from 'vitest';
import { useOwnMachineDir } from '../../tools/runner/machine-dir.js';

// Tests profile for real: each test file gets a machine directory of its own (tools/runner/machine-dir.ts), removed
// after it. Tests of the default place, or of several profiles sharing one directory, set or delete the
// variable themselves.
afterAll(useOwnMachineDir('dp-test-machine-'));
