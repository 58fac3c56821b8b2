// Prints what the privilege module decides in this process, as JSON: run by privilege.test.ts under
// setpriv, unshare and other users (bundled first, so any user can run it with plain node).
import { detectPrivileges, readPrivilegeFacts } from '../../src/system/privilege.js';

const facts = readPrivilegeFacts();
const show = (f: typeof facts.self) => ({ ...f, capEff: f.capEff === null ? null : f.capEff.toString(16) });
process.stdout.write(
  JSON.stringify({
    facts: { self: show(facts.self), sudo: facts.sudo === null || 'unavailable' in facts.sudo ? facts.sudo : show(facts.sudo) },
    privileges: detectPrivileges(),
  }),
);
