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

/**
 * `import ... from 'node:http'` (ours, and @actions/http-client's ESM build) makes Node build the ESM facade of
 * the builtin, which reads every export, and on Node 24 one of http's exports is a lazy getter that loads Node's
 * internal undici: 43-49 ms per process that imports it (5 ms on Node 20; measured with node@24's own binary). A
 * `require` of the same builtin reads nothing until it is used, so these imports are bundled as CommonJS modules
 * that require the builtin (esbuild's __toESM copies the exports as getters, so none is read before its use).
 */
const requireHttpBuiltins = {
  name: 'require-http-builtins',
  setup(b) {
    b.onResolve({ filter: /^(node:)?https?$/ }, (args) =>
      args.kind === 'import-statement' || args.kind === 'dynamic-import' ? { path: args.path.replace(/^node:/, ''), namespace: 'required-builtin' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'required-builtin' }, (args) => ({ contents: `module.exports = require('node:${args.path}');`, loader: 'js' }));
  },
};

/**
 * @actions/http-client imports undici at its top for one use: `new ProxyAgent(...)` behind a proxy. Evaluating the
 * bundled undici cost each process that loads the client ~32 ms (a post step's CPU profile, Node 24); the client
 * gets a ProxyAgent that loads undici on first construction instead.
 */
const lazyUndiciForHttpClient = {
  name: 'lazy-undici-for-http-client',
  setup(b) {
    b.onResolve({ filter: /^undici$/ }, (args) =>
      args.kind === 'import-statement' && /[\\/]@actions[\\/]http-client[\\/]/.test(args.importer) ? { path: 'undici', namespace: 'lazy-undici' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-undici' }, () => ({
      contents: [
        'export class ProxyAgent {',
        '  constructor(...args) {',
        "    const { ProxyAgent: Real } = require('undici');",
        '    return new Real(...args);',
        '  }',
        '}',
      ].join('\n'),
      loader: 'js',
      resolveDir: process.cwd(),
    }));
  },
};

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
  plugins: [requireHttpBuiltins, lazyUndiciForHttpClient],
  banner: {
    js: ["import { createRequire as __createRequire } from 'node:module';", 'const require = __createRequire(import.meta.url);'].join('\n'),
  },
});
