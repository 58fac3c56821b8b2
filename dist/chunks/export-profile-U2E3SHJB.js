import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  exportProfile
} from "./chunk-TDVCYZNR.js";
import "./chunk-SN27TOXG.js";
import "./chunk-3VR2TVOQ.js";
import "./chunk-V6ICDZO4.js";
import "./chunk-76DRRFYG.js";
import "./chunk-EYLRBRMM.js";
import "./chunk-T5X3S7KI.js";
import "./chunk-5XWL5JNG.js";
export {
  exportProfile
};
