import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DOCUMENT_UPLOAD_FIELDS as F,
  RESOURCES_LIMITS as L,
  parseDocumentPath,
} from '@aerie/contract';
import type { BlobStore } from '../../adapters/blob-store.js';
import { HttpError } from '../../plugins/errors.js';
import { contentTypeOf } from './content-types.js';
import { cleanText, extractPdfText } from './pdf-text.js';
import { RESOURCES_SERVER_MESSAGES as S } from './resources.messages.js';
import type { DocumentRow, ResourcesRepository } from './resources.repository.js';

/** Where an upload's bytes wait in the blob store until the document is written. */
export const STAGING_PREFIX = 'resources-staging';

/** A document to store: where it goes, what it is about, and its bytes. */
export interface IncomingDocument {
  /** `/{container}/{folders…}/{fileName}` (checked again here). */
  path: string;
  /** Default: the file name without its extension. */
  title?: string | null;
  description?: string | null;
  tags?: readonly string[];
  /** Default: now. */
  modifiedOn?: Date;
  uploadedBy?: string | null;
  source: Readable | AsyncIterable<Uint8Array>;
}

export interface IngestedDocument {
  row: DocumentRow;
  replaced: boolean;
  /** Characters of text kept for the search. */
  textLength: number;
}

export interface IngestLog {
  warn(obj: object, msg: string): void;
}

/** 413: the file went past the upload limit (the rest is never read). */
export class DocumentTooLargeError extends HttpError {
  constructor(limit: number) {
    super(413, S.tooLarge(limit), F.file);
  }
}

/** The blob key of a library path: the path without its leading slash. */
export const blobKeyOf = (path: string): string => path.slice(1);

/** Passes the bytes on while counting them and computing their MD5; throws past `limit`. */
async function* metered(
  source: Readable | AsyncIterable<Uint8Array>,
  limit: number,
  tally: { bytes: number; hash: ReturnType<typeof createHash> },
): AsyncGenerator<Uint8Array> {
  for await (const chunk of source as AsyncIterable<Uint8Array>) {
    tally.bytes += chunk.length;
    if (tally.bytes > limit) throw new DocumentTooLargeError(limit);
    tally.hash.update(chunk);
    yield chunk;
  }
}

/** Tags as the library keeps them: clean text (no highlight marks), without empties or repeats. */
function cleanTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map(cleanText).filter((t) => t !== ''))];
}

/** The first `max` bytes of a blob, whole (PDF.js reads a document from memory). */
async function readAll(blobs: BlobStore, key: string, max: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of await blobs.read(key)) {
    size += (chunk as Buffer).length;
    if (size > max) throw new Error('The file is larger than the text extraction limit.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Storing a file of the library (decision 040): the bytes stream to a temporary blob while
 * their MD5 and size are computed; a PDF's text is extracted from it (page by page, capped);
 * then, in one transaction, the row is written (a path already held is replaced) and the blob
 * moved into place. A failure leaves no temporary blob, and the old file and row if there were.
 */
export function createDocumentIngest(deps: {
  repo: ResourcesRepository;
  blobs: BlobStore;
  log: IngestLog;
  /** The largest file accepted. */
  maxBytes?: number;
}) {
  const { repo, blobs, log } = deps;
  const maxBytes = deps.maxBytes ?? L.maxUploadBytes;

  async function textOf(key: string, size: number, path: string): Promise<string> {
    if (size > L.pdfTextMaxFileBytes) return '';
    try {
      return (await extractPdfText(await readAll(blobs, key, size), L.textMaxBytes)).text;
    } catch (error) {
      // A PDF that PDF.js cannot read is still a file of the library, found by its metadata.
      log.warn({ err: error, path }, 'no text could be extracted from a PDF of the library');
      return '';
    }
  }

  return {
    maxBytes,

    async ingest(doc: IncomingDocument, signal?: AbortSignal): Promise<IngestedDocument> {
      const at = parseDocumentPath(doc.path);
      if (!at.ok) throw new Error(`Not a library path: ${at.message}`);
      const fileName = at.segments.at(-1)!;
      const tempKey = `${STAGING_PREFIX}/${randomUUID()}`;
      const tally = { bytes: 0, hash: createHash('md5') };
      try {
        await blobs.write(tempKey, metered(doc.source, maxBytes, tally), signal ? { signal } : {});
        const contentType = contentTypeOf(fileName);
        const content =
          contentType === 'application/pdf' ? await textOf(tempKey, tally.bytes, at.path) : '';
        const { row, replaced } = await repo.transaction(async (db) => {
          const written = await repo.upsert(db, {
            container: at.container,
            path: at.path,
            fileName,
            title: cleanText(doc.title ?? '') || fileName.replace(/\.[^.]+$/, ''),
            description: doc.description ? cleanText(doc.description) : null,
            tags: cleanTags(doc.tags ?? []),
            contentType,
            fileSize: tally.bytes,
            fileHash: tally.hash.digest('hex'),
            modifiedOn: doc.modifiedOn ?? new Date(),
            content,
            uploadedBy: doc.uploadedBy ?? null,
          });
          await blobs.move(tempKey, blobKeyOf(at.path));
          return written;
        });
        return { row, replaced, textLength: content.length };
      } catch (error) {
        await blobs.remove(tempKey).catch(() => {});
        throw error;
      }
    },

    /**
     * Removes a document's row and file; null when the path had none. The file goes while the
     * deleted row is still locked (as an upload moves its file in), so an upload to the same
     * path waits and its file is never the one removed, and a file that cannot be removed
     * leaves the row (nothing listed that cannot be downloaded).
     */
    async remove(path: string): Promise<DocumentRow | null> {
      return repo.transaction(async (db) => {
        const removed = await repo.remove(db, path);
        if (removed) await blobs.remove(blobKeyOf(removed.path));
        return removed;
      });
    },

    /** Removes what uploads that never ended left (staged bytes older than an hour). */
    sweep: () => blobs.removeStale(STAGING_PREFIX, new Date(Date.now() - 3_600_000)),
  };
}
export type DocumentIngest = ReturnType<typeof createDocumentIngest>;
