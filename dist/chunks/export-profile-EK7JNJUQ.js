import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  exportProfile
} from "./chunk-F5GYNLCJ.js";
import "./chunk-YHY5ONJ3.js";
import "./chunk-GMSH4GL7.js";
import "./chunk-76DRRFYG.js";
import "./chunk-UFWAKY6W.js";
import "./chunk-X2VN4L6V.js";
import "./chunk-VX4HL5QL.js";
export {
  exportProfile
};
