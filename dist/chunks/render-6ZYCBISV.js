import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  judgeSaved,
  renderJudged,
  renderProfile
} from "./chunk-F2TVHP7T.js";
import "./chunk-RV4NA6P6.js";
import "./chunk-TZUERXSP.js";
import "./chunk-NNTRNARP.js";
import "./chunk-3VR2TVOQ.js";
import "./chunk-V6ICDZO4.js";
import "./chunk-76DRRFYG.js";
import "./chunk-EYLRBRMM.js";
import "./chunk-T5X3S7KI.js";
import "./chunk-5XWL5JNG.js";
export {
  judgeSaved,
  renderJudged,
  renderProfile
};
