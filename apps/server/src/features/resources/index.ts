import type { DocumentContainer, DocumentSearchResult, SearchDocResult } from '@aerie/contract';
import type { FeatureContext, ServerFeature } from '../feature.js';
import {
  createDocumentIngest,
  type IncomingDocument,
  type IngestedDocument,
} from './document-ingest.js';
import { createResourcesRepository } from './resources.repository.js';
import { resourcesRoutes } from './resources.routes.js';
import {
  createResourcesService,
  type DocumentDownload,
  type DocumentRef,
} from './resources.service.js';

export type { DocumentDownload, DocumentRef } from './resources.service.js';
// Read directly by db/repository-rows.api.test.ts, which checks its rows against Drizzle's.
export { createResourcesRepository } from './resources.repository.js';
export type { IncomingDocument } from './document-ingest.js';

/**
 * What the rest of the server may ask of the document library: the signed URLs of
 * `POST /v2/storage/blob` (diagnostics), the search's docs group and document search, and the
 * demo's seeding.
 */
export interface DocumentsPort {
  /**
   * The file at a path of a document container: 400 naming `field` ("Invalid path.", "Invalid
   * file name.", "Storage container not recognized."), 404 "File not found" when none has it.
   */
  fileAt(container: DocumentContainer, path: string, field: string): Promise<DocumentRef>;
  /** A file's bytes by id (a signed URL's), or null when it is gone. */
  open(id: string, view: boolean): Promise<DocumentDownload | null>;
  suggest(term: string, take: number): Promise<SearchDocResult[]>;
  search(term: string, maxResults: number): Promise<DocumentSearchResult[]>;
  /** Stores a file as an upload does (the demo's library). */
  ingest(doc: IncomingDocument): Promise<IngestedDocument>;
  isEmpty(): Promise<boolean>;
}

/**
 * The document library (spec 002 "Resources"; docs/decisions/040-document-library.md): the
 * listing of the documents and software-downloads containers, staff's uploads and removals,
 * and, for the features that serve them, signed downloads and search.
 */
export function createResourcesFeature({
  pool,
  log,
  services: { authorize, blobs },
}: FeatureContext<'authorize' | 'blobs'>): ServerFeature & { documents: DocumentsPort } {
  const repo = createResourcesRepository(pool);
  const ingest = createDocumentIngest({ repo, blobs, log: log });
  const service = createResourcesService({ repo, blobs, ingest, authorize });
  return {
    name: 'resources',
    routes: resourcesRoutes(service, { maxUploadBytes: ingest.maxBytes }),
    documents: {
      fileAt: (container, path, field) => service.fileAt(container, path, field),
      open: (id, view) => service.open(id, view),
      suggest: (term, take) => service.suggest(term, take),
      search: (term, max) => service.search(term, max),
      ingest: (doc) => ingest.ingest(doc),
      isEmpty: () => repo.isEmpty(),
    },
    start: async () => {
      const removed = await ingest.sweep();
      if (removed > 0) log.info({ removed }, 'removed what library uploads that never ended left');
    },
  };
}
