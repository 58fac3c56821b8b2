// Records what the judge said before the words moved to report/say (issue 39 item 1), on the cases of
// transfer-cases.ts, into fixtures/say/old-words.json: run once, on the judge as it was, with
// `npx vite-node __tests__/report/say/record-old-words.ts`. transfer.test.ts and save.test.ts hold the
// say layer's words to it. Kept for how the file was made; it imports the old judge's exports.
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { pausesSentence } from '../../../src/judge/download-in-verdict.js';
import { judgeDownload } from '../../../src/judge/download-rules.js';
import { judgeSave } from '../../../src/judge/save-rules.js';
import { judgeUpload, uploadStallHeadline } from '../../../src/judge/upload-rules.js';
import { repoRoot } from '../../helpers/tree.js';
import { downloadCases, pausesCases, saveCases, uploadCases } from './transfer-cases.js';

/** A transfer verdict's words: what the say layer says now. */
const words = (v: { sentence: string; evidence: string[]; whatIf: { sentence: string }[]; stalls: { toolkit: string }[] }) => ({
  sentence: v.sentence,
  evidence: v.evidence,
  whatIf: v.whatIf.map((w) => w.sentence),
  toolkit: v.stalls.map((s) => s.toolkit),
});

const out = {
  download: Object.fromEntries(downloadCases().map((c) => [c.name, words(judgeDownload(c.timeline, c.archiveBytes))])),
  upload: Object.fromEntries(
    uploadCases().map((c) => {
      const v = judgeUpload(c.timeline, c.archiveBytes);
      return [c.name, { ...words(v), headlines: v.stalls.map((s) => uploadStallHeadline(s, c.archiveBytes, c.timeline.limits)) }];
    }),
  ),
  save: Object.fromEntries(
    saveCases().map((c) => {
      const v = judgeSave(c.input);
      return [c.name, { sentence: v.sentence, phases: v.phases.map((p) => ({ sentence: p.sentence, evidence: p.evidence })) }];
    }),
  ),
  pauses: Object.fromEntries(pausesCases().map((c) => [c.name, pausesSentence(c.pauses, c.downloadMs)])),
};
writeFileSync(path.join(repoRoot, 'fixtures/say/old-words.json'), `${JSON.stringify(out, null, 0)}\n`);
console.log(
  Object.entries(out)
    .map(([k, v]) => `${k}: ${Object.keys(v).length}`)
    .join(', '),
);
