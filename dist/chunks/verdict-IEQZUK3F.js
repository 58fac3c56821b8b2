import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  clauseOf,
  sayVerdict
} from "./chunk-YUP7TFMP.js";
import "./chunk-QNSZTROI.js";
import "./chunk-YRJ6SEFO.js";
import "./chunk-5XWL5JNG.js";
export {
  clauseOf,
  sayVerdict
};
