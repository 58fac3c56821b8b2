import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);

// src/sample/parse-diskstats.ts
function parseDiskstatsLine(line) {
  const f = line.trim().split(/\s+/);
  if (f.length !== 14 && f.length !== 18 && f.length !== 20) return null;
  const [major, minor, name] = f;
  if (major === void 0 || minor === void 0 || name === void 0) return null;
  const n = f.slice(3).map(Number);
  if (n.some((v) => !Number.isFinite(v))) return null;
  const at = (i) => n[i] ?? 0;
  const counters = {
    readsCompleted: at(0),
    readsMerged: at(1),
    sectorsRead: at(2),
    readMs: at(3),
    writesCompleted: at(4),
    writesMerged: at(5),
    sectorsWritten: at(6),
    writeMs: at(7),
    inFlight: at(8),
    ioMs: at(9),
    weightedIoMs: at(10)
  };
  if (n.length >= 15) {
    counters.discardsCompleted = at(11);
    counters.discardsMerged = at(12);
    counters.sectorsDiscarded = at(13);
    counters.discardMs = at(14);
  }
  if (n.length >= 17) {
    counters.flushesCompleted = at(15);
    counters.flushMs = at(16);
  }
  return { name, devNumber: `${major}:${minor}`, counters };
}
function parseDiskstats(text) {
  const byName = /* @__PURE__ */ new Map();
  const byDevNumber = /* @__PURE__ */ new Map();
  for (const line of text.split("\n")) {
    const entry = parseDiskstatsLine(line);
    if (!entry) continue;
    byName.set(entry.name, entry);
    if (!byDevNumber.has(entry.devNumber)) byDevNumber.set(entry.devNumber, entry);
  }
  return { byName, byDevNumber };
}
function pickDiskCounters(text, names) {
  return names.map((name) => {
    const needle = ` ${name} `;
    let at = text.indexOf(needle);
    while (at >= 0) {
      const start = text.lastIndexOf("\n", at) + 1;
      if (/^\s*\d+\s+\d+$/.test(text.slice(start, at))) {
        const end = text.indexOf("\n", at);
        return parseDiskstatsLine(text.slice(start, end < 0 ? text.length : end))?.counters ?? null;
      }
      at = text.indexOf(needle, at + 1);
    }
    return null;
  });
}

export {
  parseDiskstats,
  pickDiskCounters
};
