import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  judgeSaved,
  renderJudged,
  renderProfile
} from "./chunk-KPX3SMTR.js";
import "./chunk-SSUIEPAF.js";
import "./chunk-YFTZZJIX.js";
import "./chunk-ONHQCEDQ.js";
import "./chunk-GJ2PV6UY.js";
import "./chunk-V6ICDZO4.js";
import "./chunk-76DRRFYG.js";
import "./chunk-UFWAKY6W.js";
import "./chunk-4AVJOBSP.js";
import "./chunk-5XWL5JNG.js";
export {
  judgeSaved,
  renderJudged,
  renderProfile
};
