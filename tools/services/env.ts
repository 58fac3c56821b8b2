/**
 * @actions/cache and @actions/artifact read their configuration from process.env at call time, so
 * calling them against the local services means setting env for the duration of one call.
 */

/** Variables that, left over from the caller's environment, would steer the clients elsewhere. */
const CLIENT_CONFIG_VARS = [
  'ACTIONS_CACHE_SERVICE_V2',
  'ACTIONS_CACHE_MODE',
  'ACTIONS_RESULTS_URL',
  'ACTIONS_CACHE_URL',
  'ACTIONS_RUNTIME_TOKEN',
  'GITHUB_SERVER_URL',
];

/**
 * Runs fn with env applied to process.env and restores every touched variable afterwards (also on
 * failure). A value of undefined unsets the variable for the call. Calls must not overlap: process.env
 * is global, so concurrent withEnv calls would see each other's values.
 */
export async function withEnv<T>(env: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const saved = new Map<string, string | undefined>();
  for (const [name, value] of Object.entries(env)) {
    saved.set(name, process.env[name]);
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  try {
    return await fn();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/**
 * The env for a client call against the local services: the services' env, with the client
 * configuration variables the services do not set explicitly unset (so a GITHUB_SERVER_URL of a GHES
 * host in the caller's env cannot silently switch the cache client to v1).
 */
export function clientEnv(servicesEnv: Record<string, string>, extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const name of CLIENT_CONFIG_VARS) env[name] = undefined;
  return { ...env, ...servicesEnv, ...extra };
}
