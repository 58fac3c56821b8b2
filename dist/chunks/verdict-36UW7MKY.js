import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  clauseOf,
  sayVerdict
} from "./chunk-T5X3S7KI.js";
import "./chunk-5XWL5JNG.js";
export {
  clauseOf,
  sayVerdict
};
