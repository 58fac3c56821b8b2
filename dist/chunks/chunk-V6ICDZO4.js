import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);

// src/version.ts
var TOOL_VERSION = "1.0.0";

export {
  TOOL_VERSION
};
