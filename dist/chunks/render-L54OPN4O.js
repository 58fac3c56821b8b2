import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  judgeSaved,
  renderJudged,
  renderProfile
} from "./chunk-FKOCHZP7.js";
import "./chunk-W3OV5HAZ.js";
import "./chunk-WM2BKT75.js";
import "./chunk-BYY3AFW7.js";
import "./chunk-BQD2QFWM.js";
import "./chunk-WPRYCC7A.js";
import "./chunk-V6ICDZO4.js";
import "./chunk-RED6WLUR.js";
import "./chunk-3XSMNCIP.js";
import "./chunk-G25BJ2M5.js";
import "./chunk-CGZR6LBH.js";
import "./chunk-UXKIUSAI.js";
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
