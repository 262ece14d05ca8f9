import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { OPTIONS_VALIDATION_LIMITS as L, OPTIONS_VALIDATION_MESSAGES as M } from '@aerie/contract';
import { BadRequestError, HttpError } from '../../plugins/errors.js';

/** One file of an upload as it arrived: its name and at most `maxFileBytes` of its content. */
export interface UploadedFile {
  fileName: string;
  bytes: Uint8Array;
  /** The file went on past `maxFileBytes`: the rest was skipped, not kept. */
  tooLarge: boolean;
}

/** What busboy is told: the limits of L, and a limit hit is an answer, not a thrown error. */
export const uploadOptions = {
  limits: {
    fileSize: L.maxFileBytes,
    files: L.maxFiles,
    // One text field is let through so that it can be refused by name.
    fields: 1,
    parts: L.maxFiles + 2,
    headerPairs: 16,
  },
  throwFileSizeLimit: false,
} as const;

// Any C0/C1 control character or DEL (a NUL, a line break, a terminal escape).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The route's onRequest check, before any of the body is read: a multipart body (else 400
 * naming the field), of a stated length (411) within L.maxRequestBytes (413).
 */
export async function requireMultipartUpload(request: FastifyRequest): Promise<void> {
  if (!/^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')) {
    throw new BadRequestError(M.notMultipart, L.field);
  }
  const length = request.headers['content-length'];
  if (length === undefined) throw new HttpError(411, M.lengthRequired);
  if (Number(length) > L.maxRequestBytes) throw new HttpError(413, M.requestTooLarge);
}

/** Parser errors of the multipart plugin and busboy as the client's mistakes. */
function uploadError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new BadRequestError(M.tooManyFiles, L.field);
  }
  // The client went away: nobody reads an answer.
  if (code === 'FST_MP_PREMATURE_CLOSE') return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  // busboy's own (no boundary, a part cut short, a malformed header): the body is at fault.
  return new BadRequestError(M.malformed, L.field);
}

/** Reads a file part to its end, keeping what busboy passes on (at most L.maxFileBytes). */
async function readPart(
  part: Extract<Multipart, { type: 'file' }>,
  fileName: string,
): Promise<UploadedFile> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  return {
    fileName,
    bytes: new Uint8Array(Buffer.concat(chunks)),
    tooLarge: part.file.truncated,
  };
}

/**
 * The files of a multipart upload in the field L.field, one at a time as they stream in: only
 * one file's first L.maxFileBytes are held at once. A part in another field, a file name over
 * L.maxFileNameLength characters or with a control character, more than L.maxFiles files or a
 * malformed body is a 400 naming the field.
 */
export async function* uploadedFiles(request: FastifyRequest): AsyncGenerator<UploadedFile> {
  const parts = request.parts(uploadOptions);
  while (true) {
    let next: IteratorResult<Multipart>;
    let file: UploadedFile;
    try {
      next = await parts.next();
      if (next.done) return;
      const part = next.value;
      if (part.fieldname !== L.field) {
        throw new BadRequestError(M.unexpectedField(part.fieldname), part.fieldname);
      }
      if (part.type !== 'file') throw new BadRequestError(M.textInFilesField, L.field);
      // busboy takes an octet-stream part without a file name for a file too: a nameless file.
      const fileName = (part.filename as string | undefined) ?? '';
      if (fileName.length > L.maxFileNameLength) {
        throw new BadRequestError(M.fileNameTooLong, L.field);
      }
      if (CONTROL.test(fileName)) throw new BadRequestError(M.fileNameControl, L.field);
      file = await readPart(part, fileName);
    } catch (error) {
      throw uploadError(error);
    }
    yield file;
  }
}
