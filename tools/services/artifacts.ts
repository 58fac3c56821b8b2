/**
 * Artifact service (Twirp `github.actions.results.api.v1.ArtifactService`), what @actions/artifact 6
 * speaks. The run and job come from the runtime token; requests may only touch their own run.
 */
import { ARTIFACT_CONTAINER } from './blob-store.js';
import type { TwirpMethod } from './cache-v2.js';
import type { ArtifactRecord } from './artifact-index.js';
import type { BackendIds } from './token.js';
import { type JsonObject, TwirpError, optionalInt64, optionalString, requiredString } from './twirp.js';

export const ARTIFACT_SERVICE = 'github.actions.results.api.v1.ArtifactService';

function requireOwnRun(body: JsonObject, caller: BackendIds): { runId: string; jobId: string } {
  const runId = requiredString(body, 'workflow_run_backend_id');
  const jobId = requiredString(body, 'workflow_job_run_backend_id');
  if (runId !== caller.workflowRunBackendId) {
    throw new TwirpError('permission_denied', 'the runtime token does not grant access to this workflow run');
  }
  return { runId, jobId };
}

function toMonolithArtifact(artifact: ArtifactRecord): JsonObject {
  return {
    workflow_run_backend_id: artifact.runId,
    workflow_job_run_backend_id: artifact.jobId,
    database_id: String(artifact.databaseId),
    name: artifact.name,
    size: String(artifact.sizeBytes ?? 0),
    created_at: new Date(artifact.createdAtMs).toISOString(),
    ...(artifact.digest ? { digest: artifact.digest } : {}),
  };
}

export function artifactMethods(caller: BackendIds): Record<string, TwirpMethod> {
  return {
    async CreateArtifact(ctx, body) {
      const { runId, jobId } = requireOwnRun(body, caller);
      const name = requiredString(body, 'name');
      const mimeType = optionalString(body, 'mime_type') ?? 'application/zip';
      const created = ctx.artifacts.create(runId, jobId, name, mimeType, ctx.nowMs());
      if ('conflict' in created) throw new TwirpError('already_exists', `an artifact named '${name}' already exists in this run`);
      return { ok: true, signed_upload_url: ctx.store.sasUrl(ARTIFACT_CONTAINER, created.artifact.blobName, 'cw') };
    },

    async FinalizeArtifact(ctx, body) {
      const { runId } = requireOwnRun(body, caller);
      const name = requiredString(body, 'name');
      const sizeBytes = optionalInt64(body, 'size') ?? 0;
      const artifact = ctx.artifacts.pending(runId, name);
      if (!artifact) throw new TwirpError('not_found', `no artifact named '${name}' awaits finalization in this run`);
      const blob = await ctx.store.properties(ARTIFACT_CONTAINER, artifact.blobName);
      if (!blob) throw new TwirpError('failed_precondition', `nothing was uploaded for artifact '${name}'`);
      // The client reports its progress counter as the size; the blob is the truth.
      ctx.artifacts.finalize(artifact, blob.sizeBytes || sizeBytes, optionalString(body, 'hash'));
      return { ok: true, artifact_id: String(artifact.databaseId) };
    },

    async ListArtifacts(ctx, body) {
      const { runId } = requireOwnRun(body, caller);
      const name = optionalString(body, 'name_filter');
      const id = optionalInt64(body, 'id_filter');
      const found = ctx.artifacts.list(runId, { ...(name !== undefined ? { name } : {}), ...(id !== undefined ? { id } : {}) });
      return { artifacts: found.map(toMonolithArtifact) };
    },

    async GetSignedArtifactURL(ctx, body) {
      const { runId } = requireOwnRun(body, caller);
      const name = requiredString(body, 'name');
      const artifact = ctx.artifacts.find(runId, name);
      if (!artifact) throw new TwirpError('not_found', `no artifact named '${name}' in this run`);
      return {
        signed_url: ctx.signer.signedUrl(ctx.baseUrl, { container: ARTIFACT_CONTAINER, blobName: artifact.blobName, fileName: artifact.fileName }),
      };
    },
  };
}
