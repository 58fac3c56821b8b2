import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  exportProfile
} from "./chunk-ZAWQJDKQ.js";
import "./chunk-WM2BKT75.js";
import "./chunk-SN27TOXG.js";
import "./chunk-V6ICDZO4.js";
import "./chunk-RED6WLUR.js";
import "./chunk-76DRRFYG.js";
import "./chunk-KMPHW5Q6.js";
import "./chunk-HNY43QLL.js";
import "./chunk-YUP7TFMP.js";
import "./chunk-QNSZTROI.js";
import "./chunk-YRJ6SEFO.js";
import "./chunk-5XWL5JNG.js";
export {
  exportProfile
};
