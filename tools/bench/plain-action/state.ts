/** The plain drop-in's state names, as actions/cache names them (src/constants.ts State). */
export const PLAIN_STATE = { primaryKey: 'CACHE_KEY', matchedKey: 'CACHE_RESULT' } as const;
