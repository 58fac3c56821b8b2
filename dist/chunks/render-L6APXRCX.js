import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  judgeSaved,
  renderJudged,
  renderProfile
} from "./chunk-KPYE3YVK.js";
import "./chunk-XN74KCLI.js";
import "./chunk-PHCKKJE5.js";
import "./chunk-GKHUD7EY.js";
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
