/** The artifact service's table of artifacts per workflow run. Pure bookkeeping: blobs live in Azurite. */

export interface ArtifactRecord {
  databaseId: number;
  runId: string;
  jobId: string;
  name: string;
  /** The file name the download presents: `<name>.zip` for zipped artifacts, the name itself otherwise. */
  fileName: string;
  blobName: string;
  mimeType: string;
  createdAtMs: number;
  finalized: boolean;
  sizeBytes?: number;
  digest?: string;
}

export type CreateResult = { artifact: ArtifactRecord } | { conflict: ArtifactRecord };

export class ArtifactIndex {
  private readonly artifacts = new Map<number, ArtifactRecord>();
  private nextId = 1;

  /** Names are unique within a run once finalized, as on GitHub; an unfinished upload of the same name is replaced. */
  create(runId: string, jobId: string, name: string, mimeType: string, nowMs: number): CreateResult {
    for (const existing of this.artifacts.values()) {
      if (existing.runId !== runId || existing.name !== name) continue;
      if (existing.finalized) return { conflict: existing };
      this.artifacts.delete(existing.databaseId);
    }
    const databaseId = this.nextId++;
    const fileName = mimeType === 'application/zip' ? `${name}.zip` : name;
    const artifact: ArtifactRecord = {
      databaseId,
      runId,
      jobId,
      name,
      fileName,
      blobName: `${databaseId}/${fileName}`,
      mimeType,
      createdAtMs: nowMs,
      finalized: false,
    };
    this.artifacts.set(databaseId, artifact);
    return { artifact };
  }

  pending(runId: string, name: string): ArtifactRecord | undefined {
    return [...this.artifacts.values()].find((a) => a.runId === runId && a.name === name && !a.finalized);
  }

  finalize(artifact: ArtifactRecord, sizeBytes: number, digest: string | undefined): void {
    artifact.finalized = true;
    artifact.sizeBytes = sizeBytes;
    if (digest) artifact.digest = digest;
  }

  /** Finalized artifacts of a run (every job of it), optionally filtered by exact name and/or id. */
  list(runId: string, filters: { name?: string; id?: number } = {}): ArtifactRecord[] {
    return [...this.artifacts.values()]
      .filter((a) => a.finalized && a.runId === runId)
      .filter((a) => filters.name === undefined || a.name === filters.name)
      .filter((a) => filters.id === undefined || a.databaseId === filters.id)
      .sort((a, b) => a.databaseId - b.databaseId);
  }

  find(runId: string, name: string): ArtifactRecord | undefined {
    return this.list(runId, { name })[0];
  }
}
