// Bundled and run by place-sudo.test.ts as another user: where that user's profile would meet others.
import { machinePlace } from '../../src/machine/place.js';

process.stdout.write(`${JSON.stringify(machinePlace())}\n`);
