// The download's and the upload's verdicts said from the judge's facts (report/say/transfer.ts): on the
// recorded transfers and their variants (transfer-cases.ts), the words are the judge's own before they
// moved (fixtures/say/old-words.json), and each kind says its key figures.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeDownload } from '../../../src/judge/download-rules.js';
import { pausesEvidence } from '../../../src/judge/segment-pauses.js';
import { judgeUpload } from '../../../src/judge/upload-rules.js';
import type { DownloadVerdict, TransferEvidence, UploadVerdict } from '../../../src/profile/schema.js';
import { sayDownload, sayStallToolkit, sayUpload, sayUploadStallHeadline } from '../../../src/report/say/transfer.js';
import { repoRoot } from '../../helpers/tree.js';
import { downloadCases, pausesCases, uploadCases } from './transfer-cases.js';

interface OldWords {
  sentence: string;
  evidence: string[];
  whatIf: string[];
  toolkit: string[];
}
const old = JSON.parse(readFileSync(path.join(repoRoot, 'fixtures/say/old-words.json'), 'utf8')) as {
  download: Record<string, OldWords>;
  upload: Record<string, OldWords & { headlines: string[] }>;
  pauses: Record<string, string | null>;
};

const wordsOf = (said: { sentence: string; evidence: string[]; whatIf: string[] }, v: DownloadVerdict | UploadVerdict): OldWords => ({
  ...said,
  toolkit: v.stalls.map(sayStallToolkit),
});

describe('the download verdict said, against what the judge said before', () => {
  it.each(downloadCases().map((c) => [c.name, c] as const))('%s', (name, c) => {
    const v = judgeDownload(c.timeline, c.archiveBytes);
    expect(wordsOf(sayDownload(v), v)).toEqual(old.download[name]);
  });
});

describe('the upload verdict said, against what the judge said before', () => {
  it.each(uploadCases().map((c) => [c.name, c] as const))('%s', (name, c) => {
    const v = judgeUpload(c.timeline, c.archiveBytes);
    const said = { ...wordsOf(sayUpload(v), v), headlines: v.stalls.map((s) => sayUploadStallHeadline(s, c.archiveBytes)) };
    expect(said).toEqual(old.upload[name]);
  });
});

describe("the download's pauses said, against what the judge said before", () => {
  it.each(pausesCases().map((c) => [c.name, c] as const))('%s', (name, c) => {
    const e = pausesEvidence(c.pauses, c.downloadMs);
    const v = e && judgeDownload(downloadCases()[0]!.timeline, null);
    const said = v ? sayDownload({ ...v, facts: { ...v.facts, evidence: [e as TransferEvidence] } }).evidence[0] : null;
    expect(said ?? null).toEqual(old.pauses[name]);
  });
});
