import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  exportProfile
} from "./chunk-6ZLVC6BH.js";
import "./chunk-GJ2PV6UY.js";
import "./chunk-CKFVBWIF.js";
import "./chunk-V6ICDZO4.js";
import "./chunk-T4C33HTS.js";
import "./chunk-76DRRFYG.js";
import "./chunk-UFWAKY6W.js";
import "./chunk-X2VN4L6V.js";
import "./chunk-VX4HL5QL.js";
export {
  exportProfile
};
