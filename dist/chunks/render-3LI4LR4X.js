import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  judgeSaved,
  renderJudged,
  renderProfile
} from "./chunk-WCUZJ6RI.js";
import "./chunk-AJT45STQ.js";
import "./chunk-GJ2PV6UY.js";
import "./chunk-QGOKSKBD.js";
import "./chunk-2OV3UPJI.js";
import "./chunk-V6ICDZO4.js";
import "./chunk-T4C33HTS.js";
import "./chunk-76DRRFYG.js";
import "./chunk-UFWAKY6W.js";
import "./chunk-VX4HL5QL.js";
export {
  judgeSaved,
  renderJudged,
  renderProfile
};
