// Bundled and run by non-root-start.test.ts as uid 65534: a profile's start on the machine as a
// non-root main step makes it (its ledger record, pruning, putting right what dead profiles left),
// then its end. Prints "STARTED <dir>" when it came through.
import { MachineSession } from '../../src/machine/session.js';

const said: string[] = [];
const session = MachineSession.open('non-root', { log: (l) => said.push(l), warn: (l) => said.push(`warning: ${l}`) });
await session.recoverAtStart();
session.end();
process.stdout.write(`STARTED ${session.ledger.dir}\n${said.join('\n')}\n`);
