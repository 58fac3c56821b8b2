import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  processIds
} from "./chunk-IDQY3AUZ.js";

// src/system/owned-dir.ts
import { closeSync, constants, fchmodSync, fstatSync, lstatSync, mkdirSync, openSync } from "node:fs";
var STICKY = 512;
var steerable = (s) => (s.mode & 18) !== 0 && (s.mode & STICKY) === 0;
var octal = (mode) => `0${(mode & 4095).toString(8)}`;
function unsafeReason(dir, s, others) {
  const me = processIds().uid;
  if (s.isSymbolicLink()) return `${dir} is a symbolic link, not a directory`;
  if (!s.isDirectory()) return `${dir} is not a directory`;
  if (others === "private" && s.uid !== me) return `${dir} is owned by uid ${s.uid}, not by this user (uid ${me})`;
  if (s.uid !== 0 && s.uid !== me) return `${dir} is owned by uid ${s.uid}, not by root or this user (uid ${me})`;
  if (steerable(s)) return `${dir} is writable by other users without the sticky bit (mode ${octal(s.mode)})`;
  if (others === "private" && (s.mode & 63) !== 0) return `${dir} is open to other users (mode ${octal(s.mode)})`;
  return null;
}
function ensureDirectory(dir, mode, others) {
  try {
    mkdirSync(dir, { mode });
    const fd = openSync(dir, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
    try {
      const made = fstatSync(fd);
      if (made.uid === processIds().uid && (made.mode & 4095) !== mode) fchmodSync(fd, mode);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    const code = error.code;
    if (code !== "EEXIST" && code !== "ELOOP" && code !== "ENOTDIR") return `${dir} cannot be made (${error.message})`;
  }
  try {
    return unsafeReason(dir, lstatSync(dir), others);
  } catch (error) {
    return `${dir} cannot be read (${error.message})`;
  }
}

export {
  steerable,
  octal,
  ensureDirectory
};
