import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  judgedSave,
  saveVerdict
} from "./chunk-NT7K6LFQ.js";
import "./chunk-HYBIDOFW.js";
import "./chunk-OD2XKONF.js";
import "./chunk-IRNB227S.js";
import "./chunk-I4M43YYT.js";
import "./chunk-RED6WLUR.js";
import "./chunk-G25BJ2M5.js";
import "./chunk-PWWNCPHY.js";
import "./chunk-JYT2JN4Z.js";
import "./chunk-SGXIA4GN.js";
import "./chunk-76DRRFYG.js";
import "./chunk-OADOZV3O.js";
import "./chunk-KMPHW5Q6.js";
import "./chunk-BSPUIZYN.js";
import "./chunk-ST25SE5S.js";
import "./chunk-X762GLLF.js";
import "./chunk-7JQLLQYS.js";
import "./chunk-YM4LQKTN.js";
import "./chunk-HNY43QLL.js";
import "./chunk-YRJ6SEFO.js";
import "./chunk-5XWL5JNG.js";
export {
  judgedSave,
  saveVerdict
};
