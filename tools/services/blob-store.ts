/**
 * The blob side of the local services, kept in Azurite: SAS URLs the real clients upload to, block
 * staging for cache v1 chunk uploads, and read URLs the download route streams from.
 */
import type { Readable } from 'node:stream';
import { BlobSASPermissions, BlobServiceClient, StorageSharedKeyCredential, generateBlobSASQueryParameters } from '@azure/storage-blob';
import { DEV_ACCOUNT_KEY, DEV_ACCOUNT_NAME } from './azurite.js';

export const CACHE_CONTAINER = 'actions-cache';
export const ARTIFACT_CONTAINER = 'actions-artifacts';

const SAS_TTL_MS = 6 * 3600 * 1000;

export interface BlobProperties {
  sizeBytes: number;
  contentType: string | undefined;
}

export class BlobStore {
  private readonly credential = new StorageSharedKeyCredential(DEV_ACCOUNT_NAME, DEV_ACCOUNT_KEY);
  private readonly service: BlobServiceClient;

  constructor(private readonly accountUrl: string) {
    // No retries: a staged block's body is a one-shot request stream that cannot be replayed.
    this.service = new BlobServiceClient(accountUrl, this.credential, { retryOptions: { maxTries: 1 } });
  }

  async createContainers(): Promise<void> {
    for (const name of [CACHE_CONTAINER, ARTIFACT_CONTAINER]) {
      await this.service.getContainerClient(name).createIfNotExists();
    }
  }

  /** A path-style SAS URL, as the real service hands out; permissions e.g. 'cw' (upload) or 'r' (read). */
  sasUrl(container: string, blobName: string, permissions: string): string {
    return this.azuriteUrl(`${blobPath(container, blobName)}?${this.sas(container, blobName, permissions)}`);
  }

  /**
   * The same SAS on another origin: `${origin}/<container>/<blob>?<sas>`, a host-style blob URL whose
   * requests this server passes on to Azurite as azuriteUrl(path and query).
   */
  sasUrlAt(origin: string, container: string, blobName: string, permissions: string): string {
    return `${origin}${blobPath(container, blobName)}?${this.sas(container, blobName, permissions)}`;
  }

  /** Azurite's URL for a `/<container>/<blob>?query` path (its account comes first in path style). */
  azuriteUrl(pathAndQuery: string): string {
    return `${this.accountUrl}${pathAndQuery}`;
  }

  private sas(container: string, blobName: string, permissions: string): string {
    return generateBlobSASQueryParameters(
      {
        containerName: container,
        blobName,
        permissions: BlobSASPermissions.parse(permissions),
        startsOn: new Date(Date.now() - 60_000),
        expiresOn: new Date(Date.now() + SAS_TTL_MS),
      },
      this.credential,
    ).toString();
  }

  async properties(container: string, blobName: string): Promise<BlobProperties | undefined> {
    const blob = this.service.getContainerClient(container).getBlobClient(blobName);
    try {
      const props = await blob.getProperties();
      return { sizeBytes: props.contentLength ?? 0, contentType: props.contentType };
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return undefined;
      throw error;
    }
  }

  async stageBlock(container: string, blobName: string, blockId: string, body: Readable, lengthBytes: number): Promise<void> {
    const blob = this.service.getContainerClient(container).getBlockBlobClient(blobName);
    await blob.stageBlock(blockId, () => body, lengthBytes);
  }

  async commitBlocks(container: string, blobName: string, blockIds: string[]): Promise<void> {
    const blob = this.service.getContainerClient(container).getBlockBlobClient(blobName);
    await blob.commitBlockList(blockIds, { blobHTTPHeaders: { blobContentType: 'application/octet-stream' } });
  }

  async delete(container: string, blobName: string): Promise<void> {
    await this.service.getContainerClient(container).getBlobClient(blobName).deleteIfExists();
  }
}

function blobPath(container: string, blobName: string): string {
  return `/${container}/${blobName.split('/').map(encodeURIComponent).join('/')}`;
}

/** Block ids must all have the same length within a blob; the chunk's start offset, padded, sorts and is unique. */
export function blockIdForOffset(startByte: number): string {
  return Buffer.from(`offset-${String(startByte).padStart(16, '0')}`).toString('base64');
}
