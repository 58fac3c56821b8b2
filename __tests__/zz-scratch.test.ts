import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { judgeInDetail } from '../src/judge/judge.js';
import { validateProfile } from '../src/profile/validate.js';
it('print', () => {
  for (const f of (process.env.PROFILES as string).split(',')) {
  const p = validateProfile(JSON.parse(readFileSync(f, 'utf8')));
  const j = judgeInDetail(p);
  console.log('\n' + f + '\n' + j.verdict.sentence);
  for (const ph of j.phases) { const d = ph.facts.disk; console.log(ph.phase, ph.bottleneck, ph.rule, ph.durationMs.toFixed(0), 'written', d?.writtenBytes, 'writes', d?.writes, 'own', JSON.stringify(ph.facts.ownIo), 'busiest', JSON.stringify(ph.facts.busiestProcess), 'self', ph.facts.selfCores, 'child', ph.facts.childCores, 'shares', ph.disk.shares.map((s) => `${s.resource}/${s.direction}:${s.share.toFixed(2)}`).join(' '), 'binding', ph.disk.binding); }
  console.log(j.verdict.whatIf.map((w) => `${w.resource}:${w.restoreLowerBoundMs}`).join(' '));
  console.log((j.verdict.attribution?.sentences ?? []).join('\n'));
  }
});
