// Removes, from package-lock.json, optional dependencies that the lock has no entry for.
// Why: the npm registry reachable from this project's machines does not serve some platform-only
// optional packages (e.g. @rollup/rollup-android-arm64), so `npm install` cannot record them, and
// `npm ci` then refuses the lock as out of sync. They are never installed on Linux x64 anyway.
// Run after any `npm install` that changes the lock: `node scripts/prune-lock-optional.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8'));
const dropped = [];
for (const [where, entry] of Object.entries(lock.packages)) {
  for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
    const nested = where ? `${where}/node_modules/${dep}` : `node_modules/${dep}`;
    if (!lock.packages[nested] && !lock.packages[`node_modules/${dep}`]) {
      delete entry.optionalDependencies[dep];
      dropped.push(`${where || '(root)'} -> ${dep}`);
    }
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`dropped ${dropped.length} optional dependencies the registry does not serve`);
