import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  judgeSaved,
  renderJudged,
  renderProfile
} from "./chunk-3FH3CKCM.js";
import "./chunk-I255NKNJ.js";
import "./chunk-GJ2PV6UY.js";
import "./chunk-L4HVZ6UY.js";
import "./chunk-HNZ7WOYN.js";
import "./chunk-V6ICDZO4.js";
import "./chunk-T4C33HTS.js";
import "./chunk-76DRRFYG.js";
import "./chunk-UFWAKY6W.js";
import "./chunk-VX4HL5QL.js";
export {
  judgeSaved,
  renderJudged,
  renderProfile
};
