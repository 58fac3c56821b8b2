import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  judgeSaved,
  renderJudged,
  renderProfile
} from "./chunk-NV4VNJCL.js";
import "./chunk-X3IKUR4H.js";
import "./chunk-GJ2PV6UY.js";
import "./chunk-H6C4ZYUY.js";
import "./chunk-BXCINKFH.js";
import "./chunk-V6ICDZO4.js";
import "./chunk-76DRRFYG.js";
import "./chunk-UFWAKY6W.js";
import "./chunk-VX4HL5QL.js";
export {
  judgeSaved,
  renderJudged,
  renderProfile
};
