import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  exportProfile
} from "./chunk-TUHX3B4Z.js";
import "./chunk-WBCVQH43.js";
import "./chunk-47X2OLAY.js";
import "./chunk-ASKUMUQ7.js";
import "./chunk-76DRRFYG.js";
import "./chunk-X2VN4L6V.js";
import "./chunk-VX4HL5QL.js";
export {
  exportProfile
};
