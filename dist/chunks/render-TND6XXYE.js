import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  judgeSaved,
  renderJudged,
  renderProfile
} from "./chunk-KJHL2OHJ.js";
import "./chunk-HWRZHLOR.js";
import "./chunk-WM2BKT75.js";
import "./chunk-OD2XKONF.js";
import "./chunk-FJURP5J3.js";
import "./chunk-3LBNS2GH.js";
import "./chunk-V6ICDZO4.js";
import "./chunk-RED6WLUR.js";
import "./chunk-3VIASG6B.js";
import "./chunk-G25BJ2M5.js";
import "./chunk-CGZR6LBH.js";
import "./chunk-JYT2JN4Z.js";
import "./chunk-SZ7N67O5.js";
import "./chunk-76DRRFYG.js";
import "./chunk-KMPHW5Q6.js";
import "./chunk-YUP7TFMP.js";
import "./chunk-QNSZTROI.js";
import "./chunk-YRJ6SEFO.js";
import "./chunk-5XWL5JNG.js";
export {
  judgeSaved,
  renderJudged,
  renderProfile
};
