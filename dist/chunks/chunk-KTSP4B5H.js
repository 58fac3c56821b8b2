import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  validateProfile
} from "./chunk-IU36LFFJ.js";
import {
  errorMessage
} from "./chunk-76DRRFYG.js";

// src/profile/read-profile.ts
import { readFileSync } from "node:fs";
function readProfileFile(file) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(`cannot read profile ${file}: ${errorMessage(error)}`);
  }
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${errorMessage(error)}`);
  }
  try {
    return validateProfile(parsed);
  } catch (error) {
    throw new Error(`${file} is not a disk-profiler profile: ${errorMessage(error)}`);
  }
}

export {
  readProfileFile
};
