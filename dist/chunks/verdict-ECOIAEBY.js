import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  clauseOf,
  sayVerdict
} from "./chunk-4AVJOBSP.js";
import "./chunk-5XWL5JNG.js";
export {
  clauseOf,
  sayVerdict
};
