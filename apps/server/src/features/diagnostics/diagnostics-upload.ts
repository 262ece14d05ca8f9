import { createHash } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { DIAGNOSTICS_LIMITS as L, DIAGNOSTICS_MESSAGES as M } from '@aerie/contract';
import { BadRequestError, HttpError } from '../../plugins/errors.js';
import { DIAGNOSTICS_SERVER_MESSAGES as S } from './diagnostics.messages.js';

/**
 * Room for the multipart framing around the file (boundaries, part headers, the serial field):
 * a declared Content-Length above the file limit plus this is refused before any byte is read.
 */
export const MULTIPART_SLACK_BYTES = 1024 * 1024;

/** One part of an upload, in the order sent. A file's stream must be read before the next. */
export type UploadPart =
  { kind: 'serial'; value: string } | { kind: 'file'; fileName: string; stream: Readable };

/** 413 with the spec's message: the bundle went past the limit (spec 001 §5, §9). */
export class BundleTooLargeError extends HttpError {
  constructor() {
    super(413, M.tooLarge, L.fileField);
  }
}

/** 507: the disk cannot take the bundle and keep its reserve free (decision 039, "Disk space"). */
export class UploadSpaceError extends HttpError {
  constructor() {
    super(507, S.noSpaceForUpload, L.fileField);
  }
}

// Any C0/C1 control character or DEL (a NUL, a line break, a terminal escape).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The route's onRequest check, before any of the body is read: a multipart body (else 400
 * naming the field) whose declared length, if any, is not far over the limit (413). A body of
 * no declared length (chunked) is accepted and cut off as it streams.
 */
export function requireMultipartUpload(maxFileBytes: number) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!/^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')) {
      throw new BadRequestError(M.notMultipart, L.fileField);
    }
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > maxFileBytes + MULTIPART_SLACK_BYTES) throw new BundleTooLargeError();
  };
}

/**
 * Passes bytes through while counting them and computing their MD5; fails with
 * BundleTooLargeError as soon as the count passes `limit` (the rest is never read).
 */
export class UploadMeter extends Transform {
  bytes = 0;
  readonly #hash = createHash('md5');
  #digest: string | null = null;

  constructor(readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) {
      done(new BundleTooLargeError());
      return;
    }
    this.#hash.update(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    this.#digest = this.#hash.digest('hex');
    done();
  }

  /** The MD5 in lower-case hex, once every byte has passed. */
  md5(): string {
    if (this.#digest === null) throw new Error('The upload has not ended.');
    return this.#digest;
  }
}

/** Parser errors of the multipart plugin and busboy as the client's mistakes. */
function uploadError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT') return new BadRequestError(M.oneFileOnly, L.fileField);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new BundleTooLargeError();
  // The client went away: nobody reads an answer.
  if (code === 'FST_MP_PREMATURE_CLOSE') return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && code !== 'FST_PARTS_LIMIT') {
    return error;
  }
  // busboy's own (no boundary, a part cut short, a malformed header), too many parts.
  return new BadRequestError(M.malformed, L.fileField);
}

/**
 * The parts of an upload as they stream in: the optional serial field (checked: at most
 * L.maxSerialLength characters, no control characters), then the file (its name checked: at
 * most L.maxFileNameLength characters, no control characters). Any other field, text in the
 * file field, a second file or a malformed body is a 400 naming the field.
 */
export async function* uploadParts(
  request: FastifyRequest,
  maxFileBytes: number,
): AsyncGenerator<UploadPart> {
  const parts = request.parts({
    limits: {
      // Never reached: the meter stops the file at maxFileBytes + 1. Busboy's is a backstop: a
      // file it cut short fails the request on the next part (FST_REQ_FILE_TOO_LARGE).
      fileSize: maxFileBytes + 16 * 1024 * 1024,
      files: 2,
      fields: 2,
      parts: 4,
      fieldSize: 1024,
      headerPairs: 16,
    },
  });
  let files = 0;
  while (true) {
    let part: UploadPart;
    try {
      const next: IteratorResult<Multipart> = await parts.next();
      if (next.done) return;
      const p = next.value;
      if (p.fieldname === L.serialField && p.type === 'field' && files === 0) {
        const value = typeof p.value === 'string' ? p.value : '';
        if (p.valueTruncated || value.length > L.maxSerialLength || CONTROL.test(value)) {
          throw new BadRequestError(S.serialFieldInvalid, L.serialField);
        }
        part = { kind: 'serial', value };
      } else if (p.fieldname === L.fileField && p.type === 'file') {
        if (++files > 1) throw new BadRequestError(M.oneFileOnly, L.fileField);
        const fileName = (p.filename as string | undefined) ?? '';
        if (fileName.length > L.maxFileNameLength) {
          throw new BadRequestError(S.fileNameTooLong(L.maxFileNameLength), L.fileField);
        }
        if (CONTROL.test(fileName)) throw new BadRequestError(S.fileNameControl, L.fileField);
        part = { kind: 'file', fileName, stream: p.file };
      } else if (p.fieldname === L.fileField) {
        throw new BadRequestError(M.fileRequired, L.fileField);
      } else {
        // Unknown fields, a serial after the file or sent as a file: refused by name.
        const name = p.fieldname.slice(0, 64);
        throw new BadRequestError(M.unexpectedField(name), name);
      }
    } catch (error) {
      throw uploadError(error);
    }
    yield part;
  }
}

/** The multipart plugin's errors while a file streams, as answers (see uploadError). */
export function streamError(error: unknown): unknown {
  return uploadError(error);
}
