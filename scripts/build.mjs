// Bundles the action's entry points and the CLI into dist/ as ESM for Node 24 (runs.using: node24).
// Split into shared chunks (dist/chunks/): a part only some runs need (the artifact client, the
// OpenTelemetry export, compare mode) is imported where it is used, so a run that does not use it does
// not load it; every step of every run pays for what it loads (issue 40: the repeat run's cost).
// The banner gives bundled CommonJS dependencies a `require` (see FIELD-NOTES: an aliased createRequire).
import { build } from 'esbuild';
import { existsSync, rmSync } from 'node:fs';

const entries = { main: 'src/main.ts', post: 'src/post.ts', cli: 'tools/cli/main.ts' };
if (process.argv.includes('--if-missing') && Object.keys(entries).every((e) => existsSync(`dist/${e}.js`))) {
  process.exit(0);
}

// Chunk names carry a hash of their content: a stale chunk of an earlier build would linger beside the new ones.
rmSync('dist/chunks', { recursive: true, force: true });

await build({
  entryPoints: entries,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  target: 'node20',
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
  banner: {
    js: ["import { createRequire as __createRequire } from 'node:module';", 'const require = __createRequire(import.meta.url);'].join('\n'),
  },
});
