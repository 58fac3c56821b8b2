import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  DefaultArtifactClient
} from "./chunk-EKLUJ3XX.js";
import {
  compareProfiles,
  comparisonJson,
  renderComparison
} from "./chunk-HCW2LUOW.js";
import "./chunk-GVISMKTR.js";
import "./chunk-MEPGIO5W.js";
import "./chunk-ML5WHONI.js";
import "./chunk-WM2BKT75.js";
import "./chunk-OD2XKONF.js";
import {
  readProfileFile
} from "./chunk-KTSP4B5H.js";
import "./chunk-I5NRPR4P.js";
import "./chunk-IU36LFFJ.js";
import "./chunk-HDZVFZKP.js";
import "./chunk-V6ICDZO4.js";
import "./chunk-RED6WLUR.js";
import "./chunk-3V4773W6.js";
import "./chunk-G25BJ2M5.js";
import "./chunk-CGZR6LBH.js";
import "./chunk-JYT2JN4Z.js";
import "./chunk-SGXIA4GN.js";
import {
  errorMessage
} from "./chunk-76DRRFYG.js";
import "./chunk-KMPHW5Q6.js";
import "./chunk-ST25SE5S.js";
import "./chunk-7JQLLQYS.js";
import {
  setOutput,
  summary,
  warning
} from "./chunk-YM4LQKTN.js";
import "./chunk-HNY43QLL.js";
import "./chunk-YUP7TFMP.js";
import "./chunk-QNSZTROI.js";
import "./chunk-YRJ6SEFO.js";
import "./chunk-5XWL5JNG.js";

// src/compare/compare-step.ts
import { mkdtempSync, rmSync } from "node:fs";
import * as path2 from "node:path";

// src/compare/collect-artifacts.ts
import { mkdirSync, readdirSync } from "node:fs";
import * as path from "node:path";

// src/compare/glob.ts
function globToRegExp(pattern) {
  const body = pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*").replace(/\?/g, ".");
  return new RegExp(`^${body}$`);
}

// src/compare/collect-artifacts.ts
async function collectProfileArtifacts(pattern, downloadDir) {
  const client = new DefaultArtifactClient();
  const { artifacts } = await client.listArtifacts({ latest: true });
  const match = globToRegExp(pattern);
  const matching = artifacts.filter((a) => match.test(a.name));
  const profiles = [];
  const problems = [];
  for (const artifact of matching) {
    const dir = path.join(downloadDir, String(artifact.id));
    mkdirSync(dir, { recursive: true });
    try {
      await client.downloadArtifact(artifact.id, { path: dir });
    } catch (error) {
      problems.push(`artifact '${artifact.name}' could not be downloaded: ${errorMessage(error)}`);
      continue;
    }
    const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
    if (files.length === 0) problems.push(`artifact '${artifact.name}' holds no profile JSON`);
    for (const file of files) {
      try {
        profiles.push({ source: `${artifact.name}/${file}`, profile: readProfileFile(path.join(dir, file)) });
      } catch (error) {
        problems.push(`artifact '${artifact.name}': ${errorMessage(error)}`);
      }
    }
  }
  return { profiles, problems, matched: matching.length };
}

// src/compare/compare-step.ts
async function runCompareStep(config) {
  const dir = mkdtempSync(path2.join(config.runnerTemp, "disk-profiler-compare-"));
  try {
    const { profiles, problems, matched } = await collectProfileArtifacts(config.artifactPattern, dir);
    if (matched === 0) {
      problems.push(
        `no artifact of this workflow run matches '${config.artifactPattern}' (artifact-pattern): does this job 'needs' the profiling jobs, and do they upload their profiles (upload-artifact: true)?`
      );
    }
    for (const p of problems) warning(`compare: ${p}`);
    const comparison = compareProfiles(profiles, config.prices);
    await summary.addRaw(renderComparison(comparison, problems)).write();
    setOutput("recommended-runner", comparison.recommendation.pick ?? "");
    setOutput("fastest-runner", comparison.fastest.restore ?? "");
    setOutput("fastest-seq-write", comparison.fastest.seqWriteMiBps ?? "");
    setOutput("fastest-rand-write", comparison.fastest.randWriteIops ?? "");
    setOutput("fastest-seq-read", comparison.fastest.seqReadMiBps ?? "");
    setOutput("fastest-rand-read", comparison.fastest.randReadIops ?? "");
    setOutput("comparison-json", comparisonJson(comparison));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
export {
  runCompareStep
};
