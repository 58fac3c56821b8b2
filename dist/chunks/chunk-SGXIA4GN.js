import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);

// src/profile/names.ts
var PHASES = ["lookup", "download", "extract", "writeback"];
var RESOURCES = ["network", "disk-bandwidth", "disk-iops", "cpu"];
var DISK_RESOURCES = ["disk-bandwidth", "disk-iops"];
function isDiskResource(name) {
  return DISK_RESOURCES.some((r) => r === name);
}
var PROBE_NAMES = ["seq-write", "seq-read", "rand-write", "rand-read", "rand-read-qd1", "fsync-write"];

// src/profile/disk-share.ts
var IOPS_COUNTS = ["after-merge", "before-merge"];
var DISK_DIRECTIONS = ["write", "read"];
var CAP_CEILING_KINDS = ["seqWriteBytesPerSecond", "randWriteIops", "seqReadBytesPerSecond", "randReadIops"];
var CGROUP_CAP_FILES = ["io.max", "blkio"];
var CEILING_FROM_KINDS = ["cap", "fio-below-cap", "cap-seq-met-iops"];

// src/profile/schema.ts
var PROFILE_SCHEMA_VERSION = 2;
var BOTTLENECKS = [...RESOURCES, "none", "inconclusive"];
var TRANSFER_REQUEST_OUTCOMES = ["complete", "aborted", "error", "open"];
var DOWNLOAD_PATHS = ["azure-sdk", "http-concurrent", "http-stream"];
var TOOLKIT_SEGMENT_TIMEOUT_MS = 6e5;
var HTTP_CLIENT_SOCKET_TIMEOUT_MS = 18e4;
var UPLOAD_PATHS = ["azure-sdk", "http-chunks"];
var BLOCK_DEVICE_KINDS = ["disk", "dm", "md", "loop"];
var RESOLUTION_METHODS = ["mount", "bind-mount", "overlay-upper", "overlay-upper-inferred", "not-measured"];
var SHARED_PHASES = ["restore", "probes", "experiments"];
var ANATOMY_SOURCES = ["tar-report", "remembered", "walk"];
var RESTORE_SKIP_REASONS = ["cache-mode", "lookup-only"];
var STAGE_STATUSES = ["ran", "skipped", "failed"];
var RESTORE_SPANS = ["step", "until-on-disk"];
var WHAT_IF_OUTCOMES = ["not-measured", "no-saving", "only-cpu-work", "second-limit", "range", "at-most"];
var HALF_RULE_KINDS = ["held", "beyond", "several-disks"];
var DISK_WRITES_KINDS = ["another-writer", "likely-another-writer", "metadata-or-another", "own"];
var STALL_CUTS = ["socket-timeout", "request-timeout", "segment-timeout", "no-safe-segment-timeout"];
var DEVICE_VERDICTS = ["disk-bandwidth", "disk-iops", "none", "not-probed"];
var TRANSFER_LIMIT_KINDS = ["stall", "per-connection", "path", "bandwidth", "latency", "store", "none"];
var DOWNLOAD_STALL_KINDS = ["body", "first-byte", "slow"];
var TRANSFER_WHAT_IF_CHANGES = ["twice-per-connection", "twice-aggregate", "half-round-trip", "stall-removed"];
var UPLOAD_STALL_KINDS = ["body", "acknowledgement", "slow", "retry"];
var DOWNLOAD_STALL_TOOLKITS = ["plain-socket-timeout", "concurrent-part-retry", "sdk-header-retry", "sdk-segment-timeout"];
var UPLOAD_STALL_TOOLKITS = ["sdk-upload-retry", "chunk-retry", "sdk-upload-no-timeout", "chunk-body-socket", "chunk-answer-timeout"];
var STALL_TOOLKIT_KINDS = [...DOWNLOAD_STALL_TOOLKITS, ...UPLOAD_STALL_TOOLKITS];
var SAVE_PHASES = ["list", "archive", "reserve", "upload", "commit"];
var SAVE_STATUSES = ["saved", "skipped", "failed"];
var ALTERNATIVES = ["baseline", "ram", "decompress", "other-disk", "page-cache"];
var EXPERIMENT_NAMES = ALTERNATIVES.filter((a) => a !== "baseline");
var SKIP_REASONS = [
  "no-room",
  "no-permission",
  "no-such-file-system",
  "over-budget",
  "no-baseline",
  "no-archive",
  "already-fits",
  "pattern-path",
  "not-on-a-sample"
];
var PRIVILEGED_OPERATIONS = ["mount", "sysctl", "files", "install"];
var PRIVILEGE_LACKS = ["not-root", "cap-sys-admin", "cap-files", "sysctl-read-only", "sysctl-not-writable", "no-sudo"];
var SAMPLE_SIZE_NAMES = ["large", "small"];
var SAMPLE_MADE_FROM = ["archive", "restored-tree"];
var SAMPLE_READINGS = ["line", "pairs"];
var WORKFLOW_FIX_KINDS = ["step", "none"];
var FIX_MEMORY_REASONS = [
  "fresh",
  "none-remembered",
  "stale",
  "hardware-changed",
  "size-changed",
  "files-changed",
  "verdict-changed",
  "time-outside",
  "not-measured"
];

export {
  PHASES,
  RESOURCES,
  DISK_RESOURCES,
  isDiskResource,
  PROBE_NAMES,
  IOPS_COUNTS,
  DISK_DIRECTIONS,
  CAP_CEILING_KINDS,
  CGROUP_CAP_FILES,
  CEILING_FROM_KINDS,
  PROFILE_SCHEMA_VERSION,
  BOTTLENECKS,
  TRANSFER_REQUEST_OUTCOMES,
  DOWNLOAD_PATHS,
  TOOLKIT_SEGMENT_TIMEOUT_MS,
  HTTP_CLIENT_SOCKET_TIMEOUT_MS,
  UPLOAD_PATHS,
  BLOCK_DEVICE_KINDS,
  RESOLUTION_METHODS,
  SHARED_PHASES,
  ANATOMY_SOURCES,
  RESTORE_SKIP_REASONS,
  STAGE_STATUSES,
  RESTORE_SPANS,
  WHAT_IF_OUTCOMES,
  HALF_RULE_KINDS,
  DISK_WRITES_KINDS,
  STALL_CUTS,
  DEVICE_VERDICTS,
  TRANSFER_LIMIT_KINDS,
  DOWNLOAD_STALL_KINDS,
  TRANSFER_WHAT_IF_CHANGES,
  UPLOAD_STALL_KINDS,
  SAVE_PHASES,
  SAVE_STATUSES,
  ALTERNATIVES,
  EXPERIMENT_NAMES,
  SKIP_REASONS,
  PRIVILEGED_OPERATIONS,
  PRIVILEGE_LACKS,
  SAMPLE_SIZE_NAMES,
  SAMPLE_MADE_FROM,
  SAMPLE_READINGS,
  WORKFLOW_FIX_KINDS,
  FIX_MEMORY_REASONS
};
