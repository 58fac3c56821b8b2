import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  clauseOf,
  sayVerdict
} from "./chunk-T4C33HTS.js";
import "./chunk-VX4HL5QL.js";
export {
  clauseOf,
  sayVerdict
};
