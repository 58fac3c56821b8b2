import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  judgeSaved,
  renderJudged,
  renderProfile
} from "./chunk-NTX55276.js";
import "./chunk-7TLYXVWG.js";
import "./chunk-RDHM727R.js";
import "./chunk-HGCFP6AC.js";
import "./chunk-3VR2TVOQ.js";
import "./chunk-V6ICDZO4.js";
import "./chunk-76DRRFYG.js";
import "./chunk-EYLRBRMM.js";
import "./chunk-4AVJOBSP.js";
import "./chunk-5XWL5JNG.js";
export {
  judgeSaved,
  renderJudged,
  renderProfile
};
