export { startLocalServices, type LocalServices, type LocalServicesOptions } from './server.js';
export { seedCache, cacheClientEnv, type CacheServiceVersion } from './seed.js';
export { withEnv, clientEnv } from './env.js';
export type { EndpointFaults, FaultSettings, ServiceSettings, SettingsUpdate } from './settings.js';
