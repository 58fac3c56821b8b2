/**
 * One descriptor per alternative the experiments extract under: what it changes, how long a run
 * takes, when it can run, the step it measures and the words the report uses for it. Adding an
 * alternative is a name in the schema's ALTERNATIVES and an entry here (the compiler names the
 * missing one), plus its run setup (run-setups.ts, also checked by the compiler); see
 * docs/architecture.md. Pure.
 */
import { ALTERNATIVES, type AlternativeName, type Resource, type WorkflowFix } from '../profile/schema.js';
import { ProfilerError } from '../util/errors.js';
import { baselineRule, decompressRule, otherDiskRule, pageCacheRule, ramRule, type RuleContext, type RuleResult } from './availability-rules.js';
import { CLEANUP_SHARE, untilOnDiskEstimateMs, type MeasuredRestore } from './run-estimates.js';
import { noStep, otherDiskStep, pageCacheStep, ramStep, type FixContext } from './workflow-steps.js';

export interface AlternativeWords {
  /** The measured-fixes table's row name (report/fixes-section.ts). */
  label: string;
  /** The first screen's name for it as a fix (report/headline.ts). */
  title: string;
  /** What its step does, in the table's one line (fix-step.ts applyLine); '' where there is no step. */
  changes: string;
}

export interface AlternativeDescriptor {
  /** Its place within a round of runs: cheapest first, so a tight budget still gets the most alternatives. */
  runOrder: number;
  /** The resources it takes out of the restore: a fix for them (judge/auto-rules.ts EXPERIMENTS_FOR must agree; a test checks). */
  relieves: readonly Resource[];
  /** Whether a workflow can apply it and it can be named the best fix (decompress is a floor; baseline is the restore as it is). */
  isFix: boolean;
  /** The figure compared with the baseline: until on disk, or the step's time (tar's exit) with the writeback left to later steps. */
  compares: 'until-on-disk' | 'step';
  /** Its step mounts each restore path, so it cannot run where a restore path is a pattern. */
  mountsRestorePaths: boolean;
  /** How long one run takes, from the profiled restore (plan.ts). */
  estimateRunMs: (m: MeasuredRestore) => number;
  /** When it can run here, and why not (availability-rules.ts). */
  available: (c: RuleContext) => RuleResult;
  /** The step to paste that does what the experiment did (workflow-steps.ts). */
  fix: (c: FixContext) => WorkflowFix;
  words: AlternativeWords;
}

export const DESCRIPTORS = {
  baseline: {
    runOrder: 0,
    relieves: [],
    isFix: false,
    compares: 'until-on-disk',
    mountsRestorePaths: false,
    estimateRunMs: untilOnDiskEstimateMs,
    available: baselineRule,
    fix: () => noStep('The restore as it is.'),
    words: { label: 'baseline: the extraction as the restore ran it', title: 'the restore as it is', changes: '' },
  },
  decompress: {
    runOrder: 1,
    relieves: ['cpu'],
    isFix: false,
    compares: 'until-on-disk',
    mountsRestorePaths: false,
    // Nothing written: the extraction's time is its ceiling.
    estimateRunMs: (m) => m.extractMs,
    available: decompressRule,
    fix: () =>
      noStep(
        'A floor, not a fix: decompression alone (the archive read through the same tar, nothing written); only a faster CPU or a smaller archive goes below it.',
      ),
    words: { label: 'decompress: to /dev/null (the floor)', title: 'Decompression alone', changes: '' },
  },
  ram: {
    runOrder: 2,
    relieves: ['disk-bandwidth', 'disk-iops', 'cpu'],
    isFix: true,
    compares: 'until-on-disk',
    mountsRestorePaths: true,
    // The disk taken out: at most the extraction as measured (which included the disk's stalls).
    estimateRunMs: (m) => m.extractMs * (1 + CLEANUP_SHARE),
    available: ramRule,
    fix: ramStep,
    words: { label: 'ram: into a tmpfs (the disk taken out)', title: 'Restore into a RAM disk', changes: 'a tmpfs on each restore path' },
  },
  'page-cache': {
    runOrder: 3,
    relieves: ['disk-bandwidth', 'disk-iops'],
    isFix: true,
    compares: 'step',
    mountsRestorePaths: false,
    estimateRunMs: untilOnDiskEstimateMs,
    available: pageCacheRule,
    fix: pageCacheStep,
    words: {
      label: 'page-cache: vm.dirty_bytes raised to fit',
      title: 'Let the page cache absorb the restore',
      changes: 'let the page cache absorb the restore',
    },
  },
  'other-disk': {
    runOrder: 4,
    relieves: ['disk-bandwidth', 'disk-iops'],
    isFix: true,
    compares: 'until-on-disk',
    mountsRestorePaths: true,
    estimateRunMs: untilOnDiskEstimateMs,
    available: otherDiskRule,
    fix: otherDiskStep,
    words: { label: 'other-disk', title: 'Restore onto another disk', changes: 'each restore path bind-mounted from the other disk' },
  },
} as const satisfies Record<AlternativeName, AlternativeDescriptor>;

/** A name no descriptor knows (a profile or an input from another version): said, never passed over. */
export class UnknownAlternativeError extends ProfilerError {
  constructor(readonly given: string) {
    super(`Unknown experiment alternative ${JSON.stringify(given)}.`, `Allowed: ${ALTERNATIVES.join(', ')}.`);
  }
}

/** The descriptor of a name, or an UnknownAlternativeError naming it and the allowed ones. */
export function descriptorOf(name: string): AlternativeDescriptor {
  if (!Object.hasOwn(DESCRIPTORS, name)) throw new UnknownAlternativeError(name);
  return DESCRIPTORS[name as AlternativeName];
}

/** The order runs are made in within one round, from the descriptors' runOrder. */
export const RUN_ORDER: readonly AlternativeName[] = [...ALTERNATIVES].sort((a, b) => DESCRIPTORS[a].runOrder - DESCRIPTORS[b].runOrder);

/** Its place in the schema's list (the report's order); an unknown name is an UnknownAlternativeError, not -1. */
export function schemaRank(name: string): number {
  descriptorOf(name);
  return ALTERNATIVES.indexOf(name as AlternativeName);
}
