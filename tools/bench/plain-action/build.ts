/**
 * Bundles the plain drop-in (main.ts, post.ts here) into a directory of the bench's own, as
 * scripts/build.mjs bundles the action: the same esbuild settings, so both sides pay for their bundles
 * alike. Never into dist/: the action does not ship it. Needs the checkout (its sources and esbuild).
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ProfilerError } from '../../../src/util/errors.js';

const MAIN = 'tools/bench/plain-action/main.ts';

/** The checkout's root, found upwards from this module (tools/bench/plain-action under vitest, dist/ when bundled). */
export function checkoutRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(path.join(dir, MAIN))) return dir;
    dir = path.dirname(dir);
  }
  throw new ProfilerError(`${MAIN} not found above ${fileURLToPath(import.meta.url)}.`, 'Run the bench from a checkout of the repository.');
}

/** Builds main.js and post.js into outDir; returns outDir. */
export async function buildPlainAction(outDir: string): Promise<string> {
  const root = checkoutRoot();
  // A name the bundler cannot follow: esbuild is a tool here, not part of dist/cli.js.
  const esbuildName = 'esbuild';
  const { build } = (await import(esbuildName)) as typeof import('esbuild');
  await build({
    absWorkingDir: root,
    entryPoints: { main: MAIN, post: 'tools/bench/plain-action/post.ts' },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    legalComments: 'none',
    logLevel: 'warning',
    banner: { js: ["import { createRequire as __createRequire } from 'node:module';", 'const require = __createRequire(import.meta.url);'].join('\n') },
  });
  return outDir;
}
