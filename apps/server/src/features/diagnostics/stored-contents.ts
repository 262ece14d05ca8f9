import {
  BlobNotFoundError,
  InvalidBlobKeyError,
  type BlobStore,
} from '../../adapters/blob-store.js';
import type { DiagnosticsRepository } from './diagnostics.repository.js';
import type { BundleContents } from './reports/index.js';
import { contentPrefix } from './storage-path.js';

/**
 * A Ready bundle's published contents as the report builders read them: sizes and times from
 * its index (diagnostic_entries), bytes from the blob store, never more than asked for.
 */
export function storedContents(
  repo: Pick<DiagnosticsRepository, 'entry'>,
  blobs: BlobStore,
  fileId: string,
): BundleContents {
  return {
    async stat(path) {
      const entry = await repo.entry(fileId, path);
      return entry ? { size: entry.size, mtime: entry.mtime } : null;
    },

    async read(path, maxBytes) {
      const entry = await repo.entry(fileId, path);
      if (!entry || entry.size > maxBytes) return null;
      let stream;
      try {
        stream = await blobs.read(`${contentPrefix(fileId)}/${path}`);
      } catch (error) {
        if (error instanceof BlobNotFoundError || error instanceof InvalidBlobKeyError) return null;
        throw error;
      }
      const chunks: Buffer[] = [];
      let read = 0;
      for await (const chunk of stream) {
        read += (chunk as Buffer).length;
        // NOTE: the index said it fits; a file that grew since is not read past the cap.
        if (read > maxBytes) {
          stream.destroy();
          return null;
        }
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks);
    },
  };
}
