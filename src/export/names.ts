/**
 * Every name the export sends, defined once: the OpenTelemetry semantic conventions' where they define
 * one (CI/CD, VCS, service), and this project's own under one stated prefix where they do not.
 */

/** The prefix of every name the semantic conventions do not define. */
export const PREFIX = 'disk_profiler';

/**
 * Names from the semantic conventions (resource attributes): service.* stable, cicd.* and vcs.* from the
 * incubating set (as of semantic conventions 1.45), written out so the export loads no package for them.
 */
export const SEMCONV = {
  serviceName: 'service.name',
  serviceVersion: 'service.version',
  repositoryName: 'vcs.repository.name',
  repositoryUrl: 'vcs.repository.url.full',
  pipelineName: 'cicd.pipeline.name',
  runId: 'cicd.pipeline.run.id',
  runUrl: 'cicd.pipeline.run.url.full',
  taskName: 'cicd.pipeline.task.name',
  workerName: 'cicd.worker.name',
} as const;

/** This project's attribute names (no semantic convention defines them). */
export const ATTR = {
  /** The run's attempt: the conventions have a run id but no attempt. */
  runAttempt: `${PREFIX}.run.attempt`,
  label: `${PREFIX}.label`,
  fingerprintId: `${PREFIX}.fingerprint.id`,
  /** The hardware in words (sample/fingerprint.ts describeFingerprint). */
  fingerprintDescription: `${PREFIX}.fingerprint.description`,
  verdictBottleneck: `${PREFIX}.verdict.bottleneck`,
  verdictAbout: `${PREFIX}.verdict.about`,
  verdictPhase: `${PREFIX}.verdict.phase`,
  verdictSentence: `${PREFIX}.verdict.sentence`,
  phase: `${PREFIX}.phase`,
  phaseBottleneck: `${PREFIX}.phase.bottleneck`,
  stepMs: `${PREFIX}.restore.step_ms`,
  untilOnDiskMs: `${PREFIX}.restore.until_on_disk_ms`,
  cacheHit: `${PREFIX}.restore.cache_hit`,
  exactMatch: `${PREFIX}.restore.exact_match`,
  archiveBytes: `${PREFIX}.archive_bytes`,
  error: `${PREFIX}.error`,
  ceilingsSource: `${PREFIX}.ceilings.source`,
  ceilingSeqReadBytesPerSecond: `${PREFIX}.ceiling.seq_read_bytes_per_second`,
  ceilingSeqWriteBytesPerSecond: `${PREFIX}.ceiling.seq_write_bytes_per_second`,
  ceilingRandReadIops: `${PREFIX}.ceiling.rand_read_iops`,
  ceilingRandWriteIops: `${PREFIX}.ceiling.rand_write_iops`,
  regression: `${PREFIX}.history.regression`,
  regressionMetrics: `${PREFIX}.history.regression_metrics`,
  probe: `${PREFIX}.probe`,
  probeBytesPerSecond: `${PREFIX}.probe.bytes_per_second`,
  probeIops: `${PREFIX}.probe.iops`,
  alternative: `${PREFIX}.experiment.alternative`,
  mountPoint: `${PREFIX}.experiment.mount_point`,
  saveStatus: `${PREFIX}.save.status`,
  saveBottleneck: `${PREFIX}.save.bottleneck`,
  stallKind: `${PREFIX}.stall.kind`,
  stallRequestId: `${PREFIX}.stall.request_id`,
  stallDurationMs: `${PREFIX}.stall.duration_ms`,
  stallAtBytes: `${PREFIX}.stall.at_bytes`,
  stallWholeMs: `${PREFIX}.stall.whole_transfer_ms`,
  downloadLimit: `${PREFIX}.download.limit`,
  uploadLimit: `${PREFIX}.upload.limit`,
  /** How a span's start was found: `measured` on the profile's clock, or `ordered` (laid end to end from its stage's start). */
  spanStart: `${PREFIX}.span.start`,
} as const;

/** The spans' names. */
export const SPAN = {
  step: 'disk-profiler',
  restore: 'disk-profiler.restore',
  phase: (name: string) => `disk-profiler.restore.${name}`,
  probes: 'disk-profiler.probes',
  probe: (name: string) => `disk-profiler.probe.${name}`,
  experiments: 'disk-profiler.experiments',
  refetch: 'disk-profiler.experiment.refetch',
  experimentRun: (alternative: string) => `disk-profiler.experiment.${alternative}`,
  save: 'disk-profiler.save',
  savePhase: (name: string) => `disk-profiler.save.${name}`,
  stallEvent: 'stall',
} as const;

/** The metrics' names (durations in seconds, as the conventions ask). */
export const METRIC = {
  phaseDuration: `${PREFIX}.restore.phase.duration`,
  stepDuration: `${PREFIX}.restore.step.duration`,
  untilOnDiskDuration: `${PREFIX}.restore.until_on_disk.duration`,
  savePhaseDuration: `${PREFIX}.save.phase.duration`,
  verdicts: `${PREFIX}.restore.verdicts`,
  ceilingBandwidth: `${PREFIX}.ceiling.bandwidth`,
  ceilingIops: `${PREFIX}.ceiling.iops`,
} as const;
