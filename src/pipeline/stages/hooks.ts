/** What the caller of the profile pipeline (the main step, the lab) hears and lends it; each stage takes the hooks it uses. */
import type { ExperimentsHooks } from '../../experiment/run-experiments.js';
import type { FollowerHandle, FollowRequest } from '../follower.js';

export interface PipelineHooks {
  log: (line: string) => void;
  warn: (line: string) => void;
  /** Called with each temp directory the probes create, before they write to it (the post step re-checks them). */
  onProbeDirectory?: (dir: string) => void;
  /** The experiments' directories and raised vm.dirty_* (the post step puts them back after a hard kill). */
  onExperimentDirectory?: ExperimentsHooks['onDirectory'];
  onExperimentDirtySettings?: ExperimentsHooks['onDirtySettings'];
  /** Mount points the experiments may try as other disks besides those found (the lab's). */
  experimentOtherDisks?: string[];
  /** Rounds of each target where the experiments' full runs fit (the lab's; RUNS_WANTED unless told). */
  experimentFullRunRounds?: number;
  signal?: AbortSignal;
  /**
   * Where the kernel's files are (default /proc and /sys). Pointing procRoot at an empty directory
   * plays a runner without /proc (macOS, Windows) on Linux, which is how that path is tested.
   */
  procRoot?: string;
  sysRoot?: string;
  /** Told each phase as it begins (null: none open), for the log's collapsible groups. */
  onPhase?: (phase: string | null) => void;
  /** The machine ledger's record of this profile (the post step puts right what it still owes after a hard kill). */
  onLedger?: (file: string) => void;
  /**
   * The action's main step: starts the detached writeback follower (pipeline/follower.ts) for the tail;
   * null or absent: the tail is timed in this process. Either way a first run waits for it.
   */
  followWriteback?: (request: Omit<FollowRequest, 'resultFile'>) => FollowerHandle | null;
}

/** Where the kernel's files are, resolved once: procRoot defaults to /proc; sysRoot absent means /sys. */
export interface KernelRoots {
  procRoot: string;
  sysRoot?: string;
}

export type Warn = (message: string) => void;
