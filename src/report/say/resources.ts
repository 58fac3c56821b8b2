/**
 * One descriptor per verdict the judge can give (the four resources, none and inconclusive): the words
 * every headline, box, table and comparison uses for it, in one table, so that adding a resource is an
 * entry here (the compiler names a missing one) and no reader keeps a list of its own. Mirrors
 * src/experiment/descriptors.ts. Pure.
 *
 * The labels and nouns are nouns.ts's (issue 39, item 1), which every sentence of report/say shares:
 * taken from there, not written twice.
 */
import type { Bottleneck, Resource } from '../../profile/schema.js';
import { BOTTLENECK_LABEL, limitedBy, RESOURCE_NOUN } from './nouns.js';

export interface VerdictWords {
  /** The headline's and the verdict sentence's opening: "Disk-bound (IOPS)". */
  label: string;
  /** The phase table's "Limited by" cell and compare's column, in plain words: "disk IOPS". */
  limitedBy: string;
}

export interface ResourceWords extends VerdictWords {
  /** The resource in a what-if: "twice the disk's bandwidth". */
  noun: string;
  /** A what-if's opening: "with the disk's bandwidth" (twice as fast). */
  whatIfPhrase: string;
  /** The resource in "were X a second limit". */
  secondLimit: string;
  /** The first screen's "What to do" box names the direction (the restore writes); the verdict's sentence does not. */
  writeNoun: string;
  /**
   * What a user can do about it when no fix was measured. Only what a workflow can set: actions/cache
   * has no compression level, and @actions/cache reads its download concurrency from no input (only
   * SEGMENT_DOWNLOAD_TIMEOUT_MINS from the environment, which ends stalls, not slow links).
   */
  advice: string;
}

export const RESOURCE_WORDS = {
  network: {
    label: BOTTLENECK_LABEL.network,
    limitedBy: limitedBy('network'),
    noun: RESOURCE_NOUN.network,
    whatIfPhrase: 'with a network',
    secondLimit: 'the network',
    writeNoun: 'network rate',
    advice:
      "The network limited it, and no disk change helps: a smaller cache (fewer or narrower `path` lines), or a runner nearer the cache service (a self-hosted runner in the cache's region). The toolkit's download concurrency is not an input of actions/cache.",
  },
  'disk-bandwidth': {
    label: BOTTLENECK_LABEL['disk-bandwidth'],
    limitedBy: limitedBy('disk-bandwidth'),
    noun: RESOURCE_NOUN['disk-bandwidth'],
    whatIfPhrase: "with the disk's bandwidth",
    secondLimit: 'bandwidth',
    writeNoun: "disk's write bandwidth",
    advice: 'A disk with more write bandwidth (another runner type), or a RAM disk for the cache paths (the step below, not measured here).',
  },
  'disk-iops': {
    label: BOTTLENECK_LABEL['disk-iops'],
    limitedBy: limitedBy('disk-iops'),
    noun: RESOURCE_NOUN['disk-iops'],
    whatIfPhrase: "with the disk's IOPS",
    secondLimit: 'IOPS',
    writeNoun: "disk's write IOPS",
    advice: 'A disk with more write IOPS (another runner type), or a RAM disk for the cache paths (the step below, not measured here; many small files).',
  },
  cpu: {
    label: BOTTLENECK_LABEL.cpu,
    limitedBy: limitedBy('cpu'),
    noun: RESOURCE_NOUN.cpu,
    whatIfPhrase: 'with a CPU',
    secondLimit: 'the CPU',
    writeNoun: 'CPU',
    advice:
      'More CPU for tar and its decompressor: a runner with more cores, or in a container job a larger CPU quota. The compression level is not an input of actions/cache; a smaller cache (fewer or narrower `path` lines) is less to decompress.',
  },
} as const satisfies Record<Resource, ResourceWords>;

/** The verdicts that name no resource. */
export const NO_RESOURCE_WORDS = {
  none: { label: BOTTLENECK_LABEL.none, limitedBy: limitedBy('none') },
  inconclusive: { label: BOTTLENECK_LABEL.inconclusive, limitedBy: limitedBy('inconclusive') },
} as const satisfies Record<Exclude<Bottleneck, Resource>, VerdictWords>;

const VERDICT_WORDS: Record<Bottleneck, VerdictWords> = { ...RESOURCE_WORDS, ...NO_RESOURCE_WORDS };

/**
 * The words for a verdict. A recording made by an older version may carry a name no longer in the
 * list (schema 1's 'writeback'): it is said as recorded, labelled "Limited by <name>", since there is
 * no descriptor to read its words from; every current name has one (the compiler checks).
 */
export function verdictWords(bottleneck: string): VerdictWords {
  const known = (VERDICT_WORDS as Record<string, VerdictWords | undefined>)[bottleneck];
  return known ?? { label: `Limited by ${bottleneck}`, limitedBy: bottleneck };
}
