/**
 * `disk-profiler export PROFILE.json|DIR...`: sends saved profiles (artifacts, or directories of them) over
 * OTLP/HTTP, to back-fill a fleet's history; the action's post step sends through the same exportProfile.
 * The endpoint and headers are the standard OTEL_* variables, or the flags standing for them.
 */
import { readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { readProfileFile } from '../../src/profile/read-profile.js';
import { exportProfile } from '../../src/export/export-profile.js';
import { exportFact } from '../../src/export/export-report.js';
import { envWithInputs, exportSettings, scrub } from '../../src/export/settings.js';
import { errorMessage, ProfilerError } from '../../src/util/errors.js';
import { flag, flagList, parseArgs } from './args.js';

export async function exportCommand(argv: string[], env: Readonly<Record<string, string | undefined>> = process.env): Promise<number> {
  const args = parseArgs(argv, ['per-run-metric-attributes']);
  const headers = flagList(args, 'header').join(',');
  const settings = exportSettings(
    envWithInputs(env, {
      endpoint: flag(args, 'endpoint') ?? '',
      headers: headers ? [env.OTEL_EXPORTER_OTLP_HEADERS, headers].filter(Boolean).join(',') : '',
      timeoutSeconds: flag(args, 'timeout-seconds') ?? '',
      perRunMetricAttributes: flag(args, 'per-run-metric-attributes') ?? '',
    }),
  );
  if (!settings) {
    throw new ProfilerError('export has no endpoint.', 'Pass --endpoint http://HOST:4318 or set OTEL_EXPORTER_OTLP_ENDPOINT (or the per-signal endpoints).');
  }
  const files = args.positionals.flatMap(profileFiles);
  if (files.length === 0)
    throw new ProfilerError(
      'export has no profiles to send.',
      'Name profile JSON files or directories holding them: disk-profiler export PROFILE.json... | DIR',
    );
  let failed = 0;
  for (const file of files) {
    let line: string;
    try {
      const outcome = await exportProfile(readProfileFile(file), { settings, ci: {}, env });
      if (outcome.failures.length > 0) failed++;
      line = `${exportFact(outcome)}${outcome.failures.length > 0 ? ` ${outcome.failures.join('; ')}` : ''}`;
    } catch (error) {
      failed++;
      line = `not sent: ${errorMessage(error)}`;
    }
    process.stdout.write(`${file}: ${scrub(line, settings.secrets)}\n`);
  }
  process.stderr.write(`${files.length - failed} of ${files.length} profiles exported to ${settings.shownEndpoint}\n`);
  return failed === 0 ? 0 : 1;
}

/** A file as given; a directory's *.json files, depth first in name order (a downloaded artifact is a directory). */
function profileFiles(given: string): string[] {
  if (!statSync(given).isDirectory()) return [given];
  return readdirSync(given, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? profileFiles(path.join(given, e.name)) : e.name.endsWith('.json') ? [path.join(given, e.name)] : []));
}
