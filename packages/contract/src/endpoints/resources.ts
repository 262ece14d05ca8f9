import { z } from 'zod';
import { endpoint, multipartFiles } from '../http/endpoint.js';
import {
  DOCUMENT_UPLOAD_FIELDS as F,
  RESOURCES_LIMITS as L,
  documentListQuerySchema,
  documentListSchema,
  documentPathQuerySchema,
  documentUploadResponseSchema,
} from '../resources/resources.js';

/**
 * The document library (spec 002 §7; docs/decisions/040-document-library.md). Every signed-in
 * user reads it (spec 002 §6); the Super User and the brand Admin add and remove its files
 * (`resources.manage`). A file's signed download URL is `POST /v2/storage/blob` and the
 * download `GET /v2/storage/blob/signed` (the diagnostics endpoints: one route for every
 * container); the document search is `GET /v2/search?maxResults=`.
 */
const manage = { kind: 'permission', permission: 'resources.manage', check: 'route' } as const;

export const resourcesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v2/storage/blob/list',
    tags: ['resources'],
    summary: "A storage container's files, by path (the document browser derives the folders)",
    description:
      `The files of \`container\` (documents or software-downloads), or of the folder \`prefix\` ` +
      `(a folder path such as \`/documents/HAWK u8\`) and its subfolders, ordered by path, at ` +
      `most \`take\` (≤ ${L.listMaxTake}) a page; \`next\` is the \`after\` of the next page. ` +
      `400 "Storage container not recognized." for another container, "Invalid path." for a ` +
      `prefix that is not a folder of the container.`,
    access: { kind: 'signedIn' },
    query: documentListQuerySchema,
    responses: { 200: documentListSchema },
  }),
  upload: endpoint({
    method: 'POST',
    path: '/v2/admin/documents',
    tags: ['resources'],
    summary: 'Add or replace a file of the library (multipart, streamed)',
    description:
      `multipart/form-data: the text fields "${F.path}" (the file's path, ` +
      `\`/documents/{folder}/…/{fileName}\` or \`/software-downloads/…\`), optionally ` +
      `"${F.title}" (≤ ${L.maxTitleLength} characters; default the file name), ` +
      `"${F.description}" (≤ ${L.maxDescriptionLength}) and "${F.tags}" (comma-separated, at ` +
      `most ${L.maxTags} of ${L.maxTagLength} characters), then the file in "${F.file}" ` +
      `(at most ${L.maxUploadBytes} bytes). The body streams to the file store while its MD5 is ` +
      `computed; a PDF's text (up to ${L.textMaxBytes} bytes of it) is extracted for the search. ` +
      `A file at the same path is replaced.`,
    access: manage,
    body: multipartFiles(F.file, {
      multiple: false,
      maxFiles: 1,
      description: `The file (at most ${L.maxUploadBytes} bytes)`,
    }),
    responses: { 200: documentUploadResponseSchema },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/v2/admin/documents',
    tags: ['resources'],
    summary: 'Remove a file of the library',
    description: '404 "File not found" for a path no file has.',
    access: manage,
    query: documentPathQuerySchema,
    responses: { 204: z.null() },
  }),
} as const;
