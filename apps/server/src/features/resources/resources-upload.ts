import type { Multipart } from '@fastify/multipart';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import {
  DOCUMENT_UPLOAD_FIELDS as F,
  RESOURCES_LIMITS as L,
  parseDocumentPath,
} from '@aerie/contract';
import { BadRequestError, HttpError } from '../../plugins/errors.js';
import { DocumentTooLargeError, type IncomingDocument } from './document-ingest.js';
import { RESOURCES_SERVER_MESSAGES as S } from './resources.messages.js';

// Any C0/C1 control character or DEL, but the description's line breaks and tabs.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

const TEXT_LIMITS: Readonly<Record<string, number>> = {
  [F.path]: L.maxPathLength,
  [F.title]: L.maxTitleLength,
  [F.description]: L.maxDescriptionLength,
  [F.tags]: L.maxTags * (L.maxTagLength + 2),
};

/** The route's onRequest check: a multipart body whose declared length is not over the limit. */
export function requireMultipart(maxBytes: number) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!/^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')) {
      throw new BadRequestError(S.notMultipart, F.file);
    }
    if (Number(request.headers['content-length'] ?? 0) > maxBytes + 1024 * 1024) {
      throw new DocumentTooLargeError(maxBytes);
    }
  };
}

/** The comma-separated tags of the upload: trimmed, without empties or repeats. */
export function parseTags(value: string): string[] {
  const tags = [
    ...new Set(
      value
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== ''),
    ),
  ];
  if (tags.length > L.maxTags) throw new BadRequestError(S.tooManyTags(L.maxTags), F.tags);
  if (tags.some((t) => t.length > L.maxTagLength)) {
    throw new BadRequestError(S.tagTooLong(L.maxTagLength), F.tags);
  }
  return tags;
}

/** Multipart's parser errors as the client's mistakes. */
function asClientError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_MP_PREMATURE_CLOSE') return error;
  if (code === 'FST_FILES_LIMIT') return new BadRequestError(S.oneFileOnly, F.file);
  return new BadRequestError(S.malformed, F.file);
}

/** The checked text fields of an upload, as the document's metadata and path. */
function documentOf(fields: Map<string, string>): Omit<IncomingDocument, 'source'> {
  const path = fields.get(F.path);
  if (path === undefined) throw new BadRequestError(S.pathRequired, F.path);
  const at = parseDocumentPath(path);
  if (!at.ok) throw new BadRequestError(at.message, F.path);
  return {
    path: at.path,
    title: fields.get(F.title) ?? null,
    description: fields.get(F.description) ?? null,
    tags: parseTags(fields.get(F.tags) ?? ''),
  };
}

/**
 * The file part's bytes. Busboy ends a file it cut at its size limit as if it were whole (the
 * error would come with a next part, never read here): a cut file fails instead of being kept.
 */
async function* wholeFile(file: Readable & { truncated?: boolean }, maxBytes: number) {
  for await (const chunk of file) yield chunk as Uint8Array;
  if (file.truncated) throw new DocumentTooLargeError(maxBytes);
}

/**
 * Reads an upload's text fields (checked: known names, once each, lengths, no control
 * characters, a library path) up to its file, whose part's stream is the document's bytes.
 * Anything wrong with the body is a 400 naming the field.
 */
export async function readUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<IncomingDocument> {
  const parts = request.parts({
    limits: {
      // NOTE: busboy's default is the server's JSON body limit (256 KiB). The ingest's meter
      // stops a file at maxBytes + 1 (413); busboy's limit is only a backstop beyond it.
      fileSize: maxBytes + 16 * 1024 * 1024,
      files: 1,
      fields: 4,
      parts: 5,
      fieldSize: 64 * 1024,
      headerPairs: 16,
    },
  });
  const fields = new Map<string, string>();
  try {
    while (true) {
      const next: IteratorResult<Multipart> = await parts.next();
      if (next.done) throw new BadRequestError(S.fileRequired, F.file);
      const part = next.value;
      const name = part.fieldname.slice(0, 64);
      if (part.type === 'file') {
        if (name !== F.file) throw new BadRequestError(S.unexpectedField(name), name);
        return { ...documentOf(fields), source: wholeFile(part.file, maxBytes) };
      }
      const max = TEXT_LIMITS[name];
      if (max === undefined || fields.has(name)) {
        throw new BadRequestError(S.unexpectedField(name), name);
      }
      const value = typeof part.value === 'string' ? part.value : '';
      if (part.valueTruncated || value.length > max) {
        throw new BadRequestError(S.fieldTooLong(max), name);
      }
      if (CONTROL.test(value)) throw new BadRequestError(S.fieldControl, name);
      fields.set(name, value);
    }
  } catch (error) {
    throw asClientError(error);
  }
}
