import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  judgeSaved,
  renderJudged,
  renderProfile
} from "./chunk-GKUFQ2EN.js";
import "./chunk-W7Z3AA7N.js";
import "./chunk-GJ2PV6UY.js";
import "./chunk-DZQCJZFT.js";
import "./chunk-3USGKSWB.js";
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
