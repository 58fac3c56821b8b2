import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  exportProfile
} from "./chunk-SIQGSMKG.js";
import "./chunk-GJ2PV6UY.js";
import "./chunk-3LFQDW3S.js";
import "./chunk-V6ICDZO4.js";
import "./chunk-T4C33HTS.js";
import "./chunk-76DRRFYG.js";
import "./chunk-UFWAKY6W.js";
import "./chunk-YBRUTGZS.js";
import "./chunk-VX4HL5QL.js";
export {
  exportProfile
};
