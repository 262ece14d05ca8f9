import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { BlobStore } from '../../adapters/blob-store.js';
import type { BundleIndexer } from './bundle-indexers.js';

/**
 * Indexes of a bundle's contents (decision 042): side files that later reads use instead of
 * going through the contents from the start (the log search's line index). They are built once
 * a bundle is unpacked in quarantine and before it is published, by the indexers given to the
 * processor, and published beside the contents under `diagnostics-index/{fileId}/`. An indexer
 * that fails does not fail the bundle: its index is missing, and its reader builds it (or does
 * without) when first needed.
 */
export interface ContentIndexContext {
  /** The bundle's unpacked files (its quarantine folder). */
  readonly contentDir: string;
  readonly entries: readonly { readonly path: string; readonly size: number }[];
  /** The indexer's own folder: what it writes here is published under its name. */
  readonly outDir: string;
  /** When the bundle was taken (the time in its name). */
  readonly takenAt: Date;
  readonly signal: AbortSignal;
}

export interface ContentIndexer {
  /** Its folder under the file's index prefix (a plain name). */
  readonly name: string;
  build(context: ContentIndexContext): Promise<void>;
}

/** The blob prefix of a bundle's indexes. */
export const indexPrefix = (fileId: string): string => `diagnostics-index/${fileId}`;

export interface ContentIndexesDeps {
  indexers: readonly ContentIndexer[];
  blobs: BlobStore;
  /** Where the indexes are written before they are published (`{fileId}.index`). */
  quarantineDir: string;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** Runs the indexers of a processed bundle and publishes what they wrote. */
export function createContentIndexes(deps: ContentIndexesDeps) {
  const folderOf = (fileId: string) => path.join(deps.quarantineDir, `${fileId}.index`);

  return {
    /**
     * Builds every index of the bundle unpacked in `contentDir` and publishes them; throws only
     * when aborted (the server closing), after removing what it wrote.
     */
    async build(
      fileId: string,
      contentDir: string,
      entries: ContentIndexContext['entries'],
      takenAt: Date,
      signal: AbortSignal,
    ): Promise<void> {
      const root = folderOf(fileId);
      await rm(root, { recursive: true, force: true });
      try {
        for (const indexer of deps.indexers) {
          const outDir = path.join(root, indexer.name);
          await mkdir(outDir, { recursive: true });
          try {
            await indexer.build({ contentDir, entries, outDir, takenAt, signal });
          } catch (error) {
            if (signal.aborted) throw error;
            deps.log.error({ err: error, fileId, indexer: indexer.name }, 'a content index failed');
            await rm(outDir, { recursive: true, force: true });
          }
        }
        if ((await readdir(root)).length > 0) {
          await deps.blobs.publishDirectory(root, indexPrefix(fileId));
        }
      } catch (error) {
        await deps.blobs.removePrefix(indexPrefix(fileId)).catch(() => {});
        if (signal.aborted) throw error;
        deps.log.error({ err: error, fileId }, 'the content indexes could not be published');
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    },

    /** Removes a file's indexes (a retry starts clean; a file that ended elsewhere keeps none). */
    async remove(fileId: string): Promise<void> {
      await rm(folderOf(fileId), { recursive: true, force: true });
      await deps.blobs.removePrefix(indexPrefix(fileId));
    },
  };
}
export type ContentIndexes = ReturnType<typeof createContentIndexes>;

/** The contents' indexes as one of the processor's indexers (bundle-indexers.ts). */
export function asBundleIndexer(indexes: ContentIndexes): BundleIndexer {
  return {
    name: 'content indexes',
    build: (b) => indexes.build(b.fileId, b.dir, b.entries, b.takenAt, b.signal),
    discard: (fileId) => indexes.remove(fileId),
  };
}
