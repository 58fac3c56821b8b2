import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  judgeSaved,
  renderJudged,
  renderProfile
} from "./chunk-MEPGIO5W.js";
import "./chunk-ML5WHONI.js";
import "./chunk-WM2BKT75.js";
import "./chunk-OD2XKONF.js";
import "./chunk-I5NRPR4P.js";
import "./chunk-HDZVFZKP.js";
import "./chunk-V6ICDZO4.js";
import "./chunk-RED6WLUR.js";
import "./chunk-3V4773W6.js";
import "./chunk-G25BJ2M5.js";
import "./chunk-CGZR6LBH.js";
import "./chunk-JYT2JN4Z.js";
import "./chunk-SGXIA4GN.js";
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
