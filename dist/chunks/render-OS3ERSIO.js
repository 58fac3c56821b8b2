import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  judgeSaved,
  renderJudged,
  renderProfile
} from "./chunk-GWG54MEW.js";
import "./chunk-WRIXLMXR.js";
import "./chunk-GJ2PV6UY.js";
import "./chunk-TDWEYQHF.js";
import "./chunk-4MFTAM5N.js";
import "./chunk-V6ICDZO4.js";
import "./chunk-76DRRFYG.js";
import "./chunk-UFWAKY6W.js";
import "./chunk-VX4HL5QL.js";
export {
  judgeSaved,
  renderJudged,
  renderProfile
};
