import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  exportProfile
} from "./chunk-U5SGU5ZO.js";
import "./chunk-SN27TOXG.js";
import "./chunk-GJ2PV6UY.js";
import "./chunk-V6ICDZO4.js";
import "./chunk-76DRRFYG.js";
import "./chunk-UFWAKY6W.js";
import "./chunk-4AVJOBSP.js";
import "./chunk-5XWL5JNG.js";
export {
  exportProfile
};
