import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);

// src/sample/parse-meminfo.ts
function kibField(text, key) {
  const needle = `${key}:`;
  let at = 0;
  if (!text.startsWith(needle)) {
    const newline = text.indexOf(`
${needle}`);
    if (newline < 0) return void 0;
    at = newline + 1;
  }
  const match = /^\s*(\d+)/.exec(text.slice(at + needle.length, at + needle.length + 32));
  return match?.[1] === void 0 ? void 0 : Number(match[1]) * 1024;
}
function memTotalBytes(text) {
  return kibField(text, "MemTotal");
}
function parseMeminfo(text) {
  const dirtyBytes = kibField(text, "Dirty");
  const writebackBytes = kibField(text, "Writeback");
  if (dirtyBytes === void 0 || writebackBytes === void 0) return null;
  return { memTotalBytes: memTotalBytes(text) ?? 0, dirtyBytes, writebackBytes };
}

export {
  memTotalBytes,
  parseMeminfo
};
