import type { Readable } from 'node:stream';
import {
  RESOURCES_MESSAGES as M,
  api,
  parseDocumentPath,
  type DocumentContainer,
  type DocumentList,
  type DocumentSearchResult,
  type DocumentUploadResponse,
  type SearchDocResult,
} from '@aerie/contract';
import { BlobNotFoundError, type BlobStore } from '../../adapters/blob-store.js';
import type { AccessRule, Authorize } from '../../plugins/authorization.js';
import type { Principal } from '../../plugins/auth.js';
import { BadRequestError, NotFoundError } from '../../plugins/errors.js';
import { opensInline } from './content-types.js';
import { blobKeyOf, type DocumentIngest, type IncomingDocument } from './document-ingest.js';
import {
  presentDocumentBlob,
  presentDocumentHit,
  presentSuggestion,
} from './resources.presenter.js';
import { RESOURCES_SERVER_MESSAGES as S } from './resources.messages.js';
import type { DocumentRow, ResourcesRepository } from './resources.repository.js';
import { prefixQuery } from './search-terms.js';

/** A library file to send: its name, type, size and bytes, inline or as an attachment. */
export interface DocumentDownload {
  fileName: string;
  contentType: string;
  size: number;
  stream: Readable;
  inline: boolean;
}

/** A library file a signed URL may name. */
export interface DocumentRef {
  id: string;
  fileName: string;
}

const SIGNED_IN: AccessRule = { kind: 'signedIn' };

/** A library path the caller sent: 400 naming `field` with spec 002 §8's message. */
function checkedPath(value: string, kind: 'file' | 'folder', field: string) {
  const at = parseDocumentPath(value, kind);
  if (!at.ok) throw new BadRequestError(at.message, field);
  return at;
}

/**
 * The document library (spec 002 "Resources", §6, §7; decision 040): every signed-in user
 * lists, searches and downloads it (it belongs to no account, so there is no scope to filter
 * by); `resources.manage` adds and removes files (checked at the route).
 */
export function createResourcesService(deps: {
  repo: ResourcesRepository;
  blobs: BlobStore;
  ingest: DocumentIngest;
  authorize: Authorize;
}) {
  const { repo, blobs, ingest, authorize } = deps;

  return {
    /** `GET /v2/storage/blob/list`: a page of the container's files (under `prefix`), by path. */
    async list(
      principal: Principal,
      query: {
        container: DocumentContainer;
        prefix?: string | undefined;
        after?: string | undefined;
        take: number;
      },
    ): Promise<DocumentList> {
      await authorize(principal, SIGNED_IN);
      let prefix: string | null = null;
      if (query.prefix !== undefined) {
        const at = checkedPath(query.prefix, 'folder', 'prefix');
        if (at.container !== query.container) {
          throw new BadRequestError(S.prefixOutsideContainer, 'prefix');
        }
        prefix = `${at.path}/`;
      }
      const after = query.after === undefined ? null : query.after;
      const rows = await repo.list(query.container, prefix, after, query.take + 1);
      const items = rows.slice(0, query.take);
      return {
        items: items.map(presentDocumentBlob),
        next: rows.length > query.take ? (items.at(-1)?.path ?? null) : null,
      };
    },

    /** `POST /v2/admin/documents` (the route checked resources.manage). */
    async upload(principal: Principal, doc: IncomingDocument): Promise<DocumentUploadResponse> {
      await authorize(principal, api.resources.upload.access);
      const { row, replaced, textLength } = await ingest.ingest({
        ...doc,
        uploadedBy: principal.userId,
      });
      return { document: presentDocumentBlob(row), replaced, textLength };
    },

    /** `DELETE /v2/admin/documents?path=`. */
    async remove(principal: Principal, path: string): Promise<void> {
      await authorize(principal, api.resources.remove.access);
      const at = checkedPath(path, 'file', 'path');
      if (!(await ingest.remove(at.path))) throw new NotFoundError(M.documentNotFound);
    },

    /**
     * The file at a library path of `container` (a signed URL's): 400 naming `field` for a path
     * that cannot be one of its files, 404 when no file has it.
     */
    async fileAt(container: DocumentContainer, path: string, field: string): Promise<DocumentRef> {
      const at = checkedPath(path, 'file', field);
      if (at.container !== container) throw new BadRequestError(M.invalidPath, field);
      const row = await repo.byPath(at.path);
      if (!row) throw new NotFoundError(M.documentNotFound);
      return { id: row.id, fileName: row.fileName };
    },

    /**
     * A file's bytes by id, or null when it is gone. Inline only when asked and the type may
     * be shown (PDFs and images); everything else is an attachment.
     */
    async open(id: string, view: boolean): Promise<DocumentDownload | null> {
      const row: DocumentRow | null = await repo.byId(id);
      if (!row) return null;
      try {
        const stream = await blobs.read(blobKeyOf(row.path));
        return {
          fileName: row.fileName,
          contentType: row.contentType,
          size: row.fileSize,
          stream,
          inline: view && opensInline(row.contentType),
        };
      } catch (error) {
        if (error instanceof BlobNotFoundError) return null;
        throw error;
      }
    },

    /** The top bar's docs group: each word a prefix, or any part of a name or title. */
    async suggest(term: string, take: number): Promise<SearchDocResult[]> {
      return (await repo.suggest(prefixQuery(term), term, take)).map(presentSuggestion);
    },

    /** The document search: web search syntax, highlights, one per file name. */
    async search(term: string, maxResults: number): Promise<DocumentSearchResult[]> {
      return (await repo.search(term, maxResults)).map(presentDocumentHit);
    },
  };
}
export type ResourcesService = ReturnType<typeof createResourcesService>;
