import type { DocumentBlob, DocumentSearchResult, SearchDocResult } from '@aerie/contract';
import {
  headlineFragments,
  type DocumentHitRow,
  type DocumentRow,
  type DocumentSuggestionRow,
} from './resources.repository.js';

/** A library file as the listing shows it ("Storage blob" of spec 002 §3). */
export function presentDocumentBlob(row: DocumentRow): DocumentBlob {
  return {
    uri: `storage:/${row.path}`,
    path: row.path,
    fileName: row.fileName,
    fileSize: row.fileSize,
    contentType: row.contentType,
    modifiedOn: row.modifiedOn.toISOString(),
    fileHash: row.fileHash,
    title: row.title,
    description: row.description,
    tags: row.tags,
  };
}

/** A hit of the document search ("Document search result" of spec 002 §3). */
export function presentDocumentHit(row: DocumentHitRow): DocumentSearchResult {
  return {
    fileName: row.fileName,
    filePath: row.path,
    fileSize: row.fileSize,
    contentType: row.contentType,
    title: row.title,
    description: row.description,
    date: row.modifiedOn.toISOString(),
    highlights: {
      content: headlineFragments(row.contentHighlight),
      tags: row.tagsHighlight ? [row.tagsHighlight] : [],
    },
  };
}

/** The top bar's docs group entry (spec 000 §2.7: filePath, title, fileName). */
export function presentSuggestion(row: DocumentSuggestionRow): SearchDocResult {
  return { filePath: row.path, title: row.title, fileName: row.fileName };
}
