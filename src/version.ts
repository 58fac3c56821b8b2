/** Recorded in every profile so a saved one says which release measured it. Keep in step with package.json. */
export const TOOL_VERSION = '1.0.0';
