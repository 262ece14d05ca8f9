/**
 * Bundles as streams of entries: the writer turns entries into tar -> gzip -> encrypted chunks,
 * the reader turns bundle bytes back into entries (decrypt -> gunzip -> untar). Both stream: a
 * bundle is never held whole in memory, and the reader's limits are counted as it goes, so a
 * hostile bundle is stopped at the limit rather than after it has been inflated.
 */
import { pipeline, Readable, type Transform } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { ByteReader } from './byte-reader.js';
import { decryptStream, encryptStream } from './crypto-stream.js';
import { normalizeEntryPath, PathRegistry, showPath, type PathLimits } from './entry-path.js';
import { KdpError } from './errors.js';
import { tryParseHeader, type BundleHeader } from './header.js';
import { writingKeyId, type Keyring } from './keyring.js';
import {
  BLOCK,
  END_OF_ARCHIVE,
  MAX_PAX_BYTES,
  decodeHeader,
  decodeUtf8,
  describeRefusedType,
  entryHeader,
  paddingFor,
  parsePax,
  typeflagKind,
  type TarEntryType,
} from './tar.js';

/** What a reader accepts before it stops with `limit-exceeded`. */
export interface BundleLimits extends PathLimits {
  /** Files and folders in the archive. */
  maxEntries: number;
  /** The sum of the entries' sizes. */
  maxTotalBytes: number;
  /** One entry's size. */
  maxEntrySize: number;
  /**
   * Bytes out of gzip, headers and padding included: stops a gzip bomb whatever the archive
   * inside claims. Defaults to maxTotalBytes + 2 KiB per entry (the most a header, a pax header
   * and padding take) + 1 MiB (zero padding other writers add) + 1 KiB (the end blocks).
   */
  maxInflatedBytes: number;
  /**
   * Bytes out of gzip for each bundle byte read so far, beyond `inflationAllowance`: stops a
   * gzip bomb early whatever the totals allow (text logs inflate 8-13 times, zeros 1,000 times).
   */
  maxInflationRatio: number;
  /** Bytes out of gzip allowed before the ratio counts (small bundles of very regular text). */
  inflationAllowance: number;
}

export const DEFAULT_LIMITS: Readonly<Omit<BundleLimits, 'maxInflatedBytes'>> = {
  maxEntries: 10_000,
  maxTotalBytes: 8 * 1024 * 1024 * 1024,
  maxEntrySize: 2 * 1024 * 1024 * 1024,
  maxPathLength: 255,
  maxPathDepth: 16,
  maxInflationRatio: 100,
  inflationAllowance: 64 * 1024 * 1024,
};

export function resolveLimits(limits: Partial<BundleLimits> = {}): BundleLimits {
  const merged = { ...DEFAULT_LIMITS, ...limits };
  return {
    ...merged,
    maxInflatedBytes:
      limits.maxInflatedBytes ??
      merged.maxTotalBytes + merged.maxEntries * 2048 + END_OF_ARCHIVE.length + 1024 * 1024,
  };
}

/** An entry's content: bytes, or a stream of them (a Readable, an async generator...). */
export type EntryBody = Uint8Array | Readable | AsyncIterable<Uint8Array>;

export interface BundleEntryInput {
  /** Relative path with `/` between segments (`logs/syslog`). */
  path: string;
  /**
   * Bytes in `body`; tar writes it before the content. Needed for a streamed body; without it a
   * streamed body is held in memory, up to `maxBufferedEntryBytes`.
   */
  size?: number;
  /** Modification time (default: now). */
  mtime?: Date;
  body: EntryBody;
}

export type EntrySource = Iterable<BundleEntryInput> | AsyncIterable<BundleEntryInput>;

export interface BundleWriterOptions {
  keyring: Keyring;
  /** The key to write with; defaults to the keyring's only key. */
  keyId?: string;
  /** Plaintext bytes per encrypted chunk (default 64 KiB). */
  chunkSize?: number;
  /** gzip level 0-9 (default 6). */
  gzipLevel?: number;
  /** The most a streamed body without a size may take in memory (default 16 MiB). */
  maxBufferedEntryBytes?: number;
}

/** Entries in, bundle bytes out (a Readable of the encrypted bundle). */
export type BundleWriter = (entries: EntrySource) => Readable;

const PIECE = 64 * 1024;
const ZEROS = Buffer.alloc(PIECE);

function badEntry(path: string, message: string): KdpError {
  return new KdpError('bad-entry', `The entry ${showPath(path)} ${message}`);
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  throw new TypeError('An entry body must give bytes (Buffer or Uint8Array).');
}

async function* slices(bytes: Buffer): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += PIECE) yield bytes.subarray(at, at + PIECE);
}

async function* bufferChunks(body: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
  for await (const chunk of body) yield toBuffer(chunk);
}

/** The entry's size and its content as buffers; a streamed body without a size is collected. */
async function sizedBody(
  entry: BundleEntryInput,
  maxBuffered: number,
): Promise<{ size: number; chunks: AsyncIterable<Buffer> }> {
  const declared = entry.size;
  if (declared !== undefined && !(Number.isSafeInteger(declared) && declared >= 0)) {
    throw badEntry(entry.path, 'has a size that is not a whole number of bytes.');
  }
  if (entry.body instanceof Uint8Array) {
    const bytes = toBuffer(entry.body);
    if (declared !== undefined && declared !== bytes.length) {
      throw badEntry(entry.path, `declares ${declared} bytes but has ${bytes.length}.`);
    }
    return { size: bytes.length, chunks: slices(bytes) };
  }
  if (declared !== undefined) return { size: declared, chunks: bufferChunks(entry.body) };
  const collected: Buffer[] = [];
  let size = 0;
  for await (const chunk of bufferChunks(entry.body)) {
    size += chunk.length;
    if (size > maxBuffered) {
      throw badEntry(
        entry.path,
        `is streamed without a size and is larger than ${maxBuffered} bytes: give its size.`,
      );
    }
    collected.push(chunk);
  }
  return { size, chunks: slices(Buffer.concat(collected, size)) };
}

function destroyBody(body: EntryBody): void {
  if (body instanceof Readable) body.destroy();
}

/** The tar archive of `entries`, as it is written. */
async function* tarArchive(entries: EntrySource, maxBuffered: number): AsyncGenerator<Buffer> {
  const registry = new PathRegistry();
  for await (const entry of entries) {
    let path: string;
    let body: { size: number; chunks: AsyncIterable<Buffer> };
    try {
      // The reader's default path limits: a bundle this writes is one a reader accepts.
      path = normalizeEntryPath(entry.path, DEFAULT_LIMITS);
      if (path === '') throw badEntry(entry.path, 'names no file.');
      registry.add(path, 'file');
      body = await sizedBody(entry, maxBuffered);
    } catch (error) {
      destroyBody(entry.body);
      throw error;
    }
    yield entryHeader({ path, size: body.size, mtime: entry.mtime ?? new Date(), type: 'file' });
    let written = 0;
    for await (const chunk of body.chunks) {
      written += chunk.length;
      if (written > body.size) {
        throw badEntry(path, `declares ${body.size} bytes but has more.`);
      }
      if (chunk.length > 0) yield chunk;
    }
    if (written !== body.size) {
      throw badEntry(path, `declares ${body.size} bytes but has ${written}.`);
    }
    const padding = paddingFor(body.size);
    if (padding > 0) yield ZEROS.subarray(0, padding);
  }
  yield END_OF_ARCHIVE;
}

/**
 * A writer of bundles: give it entries (an iterable or async iterable; each body a Buffer or a
 * stream), read the bundle's bytes from the Readable it returns. The key is checked here, so a
 * wrong key id fails at once rather than in the stream.
 */
export function createBundleWriter(options: BundleWriterOptions): BundleWriter {
  const keyId = writingKeyId(options.keyring, options.keyId);
  const maxBuffered = options.maxBufferedEntryBytes ?? 16 * 1024 * 1024;
  return (entries) => {
    const tar = Readable.from(tarArchive(entries, maxBuffered), {
      objectMode: false,
      highWaterMark: PIECE,
    });
    const gzip = createGzip({ level: options.gzipLevel ?? 6 });
    const encrypt = encryptStream(
      options.keyring,
      keyId,
      options.chunkSize === undefined ? {} : { chunkSize: options.chunkSize },
    );
    // The error, if any, reaches the reader of the returned stream: pipeline destroys every
    // stream with it.
    return pipeline(tar, gzip, encrypt, () => {}) satisfies Transform;
  };
}

/** `createBundleWriter(options)(entries)`. */
export function writeBundle(entries: EntrySource, options: BundleWriterOptions): Readable {
  return createBundleWriter(options)(entries);
}

/** An entry as read from a bundle. Read (or leave) its body before asking for the next entry. */
export interface BundleEntry {
  /** Normalised relative path: no `.` or empty segments, no trailing `/`. */
  path: string;
  size: number;
  mtime: Date;
  type: TarEntryType;
  /**
   * The content (empty for a folder). Moving on to the next entry skips what is left of it and
   * destroys it.
   */
  body: Readable;
}

export interface BundleReaderOptions {
  keyring: Keyring;
  limits?: Partial<BundleLimits>;
  /** Called with the bundle's header once it has been read, before any entry. */
  onHeader?: (header: BundleHeader) => void;
  /**
   * The gunzip's output chunk size in bytes (zlib's `chunkSize`; zlib's 16 KiB by default).
   * Larger chunks mean fewer buffers and stream callbacks per byte on large bundles.
   */
  inflateChunkSize?: number;
  /** Called with the bundle bytes read so far, as the reader pulls them (progress). */
  onRead?: (bytes: number) => void;
}

/** Bundle bytes: a Readable, or any (async) iterable of buffers. */
export type BundleSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

export type BundleReader = (source: BundleSource) => AsyncGenerator<BundleEntry, void, undefined>;

function badArchive(message: string): KdpError {
  return new KdpError('bad-archive', `The bundle's archive is damaged: ${message}`);
}

/**
 * One entry's content, pulled from the archive as its reader asks for it. When the archive
 * parser moves on, it takes over: it waits for a read in flight, then skips the rest.
 */
class EntryContent extends Readable {
  readonly #reader: ByteReader;
  readonly #size: number;
  #remaining: number;
  #inflight: Promise<void> = Promise.resolve();
  #detached = false;
  #ended = false;

  constructor(reader: ByteReader, size: number) {
    super({ highWaterMark: PIECE });
    this.#reader = reader;
    this.#size = size;
    this.#remaining = size;
  }

  override _read(): void {
    if (this.#detached) return;
    if (this.#remaining === 0) {
      this.#end();
      return;
    }
    this.#inflight = this.#reader.readSome(Math.min(this.#remaining, PIECE)).then(
      (chunk) => {
        if (chunk === undefined) {
          this.destroy(badArchive('it ends inside an entry.'));
          return;
        }
        this.#remaining -= chunk.length;
        this.push(chunk);
        if (this.#remaining === 0) this.#end();
      },
      (error: unknown) => {
        this.destroy(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }

  /** Skips whatever of the content was not read, and the padding after it. */
  async finish(): Promise<void> {
    this.#detached = true;
    await this.#inflight;
    while (this.#remaining > 0) {
      const chunk = await this.#reader.readSome(Math.min(this.#remaining, PIECE));
      if (chunk === undefined) throw badArchive('it ends inside an entry.');
      this.#remaining -= chunk.length;
    }
    const padding = paddingFor(this.#size);
    if (padding > 0 && !(await this.#reader.readExactly(padding)).complete) {
      throw badArchive('it ends inside an entry.');
    }
    // A body its reader left half-read must not look complete to it later.
    if (!this.#ended) this.destroy();
  }

  #end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.push(null);
  }
}

function emptyContent(): Readable {
  return Readable.from([], { objectMode: false });
}

/** What pax and GNU long-name headers say about the entry that follows them. */
interface PendingFields {
  path?: string;
  size?: number;
  mtimeSeconds?: number;
}

function applyPax(pending: PendingFields, records: Map<string, string>): void {
  for (const [key, value] of records) {
    if (key === 'path') pending.path = value;
    else if (key === 'size') {
      if (!/^[0-9]{1,16}$/.test(value) || !Number.isSafeInteger(Number(value))) {
        throw badArchive('a pax size is not a number.');
      }
      pending.size = Number(value);
    } else if (key === 'mtime') {
      if (!/^-?[0-9]{1,16}(\.[0-9]{0,9})?$/.test(value)) {
        throw badArchive('a pax time is not a number.');
      }
      pending.mtimeSeconds = Number(value);
    } else if (key.startsWith('GNU.sparse.')) {
      throw new KdpError('unsafe-entry', 'A sparse file entry is not allowed; refused.');
    }
  }
}

/** A GNU long name: the name then NUL; bytes after the NUL are refused like in a header. */
function longName(data: Buffer): string {
  const end = data.indexOf(0);
  if (end >= 0 && data.subarray(end).some((byte) => byte !== 0)) {
    throw new KdpError(
      'unsafe-entry',
      'An entry name holds a NUL character followed by more bytes; refused.',
    );
  }
  return decodeUtf8(data.subarray(0, end < 0 ? data.length : end));
}

/**
 * After the end-of-archive blocks only zero padding may follow; reading it to the end also lets
 * the decryption reach (and verify) the final chunk.
 */
async function readToEnd(reader: ByteReader): Promise<void> {
  for (;;) {
    const chunk = await reader.readSome(PIECE);
    if (chunk === undefined) return;
    if (!chunk.equals(ZEROS.subarray(0, chunk.length))) {
      throw new KdpError('trailing-data', "Data follows the end of the bundle's archive.");
    }
  }
}

async function* readEntries(
  source: BundleSource,
  options: BundleReaderOptions,
  limits: BundleLimits,
): AsyncGenerator<BundleEntry, void, undefined> {
  const decrypt = decryptStream(options.keyring);
  if (options.onHeader) decrypt.on('header', options.onHeader);
  const gunzip = createGunzip(
    options.inflateChunkSize === undefined ? {} : { chunkSize: options.inflateChunkSize },
  );
  let bundleBytes = 0;
  async function* counted(): AsyncGenerator<Uint8Array> {
    for await (const chunk of source) {
      bundleBytes += chunk.length;
      options.onRead?.(bundleBytes);
      yield chunk;
    }
  }
  const inflated = pipeline(counted(), decrypt, gunzip, () => {});
  const reader = new ByteReader(inflated, limits.maxInflatedBytes, {
    ratio: limits.maxInflationRatio,
    allowance: limits.inflationAllowance,
    sourceBytes: () => bundleBytes,
  });
  const registry = new PathRegistry();
  let entries = 0;
  let totalBytes = 0;
  let current: EntryContent | undefined;
  let pending: PendingFields = {};
  let complete = false;
  try {
    for (;;) {
      if (current !== undefined) {
        await current.finish();
        current = undefined;
      }
      const { bytes: block, complete: whole } = await reader.readExactly(BLOCK);
      if (block.length === 0) throw badArchive('it ends without its end-of-archive blocks.');
      if (!whole) throw badArchive('it ends inside a header.');
      const header = decodeHeader(block);
      if (header === undefined) {
        if (Object.keys(pending).length > 0) throw badArchive('it ends after an extended header.');
        await readToEnd(reader);
        break;
      }
      const kind = typeflagKind(header.typeflag);
      if (kind === 'refused') {
        const name = pending.path ?? decodeUtf8(header.name);
        throw new KdpError(
          'unsafe-entry',
          `The entry ${showPath(name)} is ${describeRefusedType(header.typeflag)}: only files and folders are allowed; refused.`,
        );
      }
      if (kind !== 'file' && kind !== 'directory') {
        // An extended header: its data describes the next entry.
        const isName = kind === 'gnu-long-name' || kind === 'gnu-long-link';
        const max = isName ? limits.maxPathLength + 1 : MAX_PAX_BYTES;
        if (header.size > max) {
          throw new KdpError(
            'limit-exceeded',
            isName
              ? `An entry path is longer than ${limits.maxPathLength} bytes.`
              : `An extended header is larger than ${MAX_PAX_BYTES} bytes.`,
          );
        }
        const { bytes, complete: read } = await reader.readExactly(
          header.size + paddingFor(header.size),
        );
        if (!read) throw badArchive('it ends inside an extended header.');
        const data = bytes.subarray(0, header.size);
        if (kind === 'pax') applyPax(pending, parsePax(data));
        else if (kind === 'gnu-long-name') pending.path = longName(data);
        // Global pax headers and long link names say nothing a file or folder needs.
        continue;
      }

      entries += 1;
      if (entries > limits.maxEntries) {
        throw new KdpError(
          'limit-exceeded',
          `The bundle has more than ${limits.maxEntries} entries.`,
        );
      }
      const path = normalizeEntryPath(pending.path ?? decodeUtf8(header.name), limits);
      const size = pending.size ?? header.size;
      const mtime = new Date((pending.mtimeSeconds ?? header.mtimeSeconds) * 1000);
      pending = {};
      if (kind === 'directory') {
        // A folder has no content; skip any it claims, counted like the rest of the archive.
        current = new EntryContent(reader, size);
        if (path === '') continue; // the top folder itself (`./`)
        registry.add(path, 'directory');
        yield { path, size: 0, mtime, type: 'directory', body: emptyContent() };
        continue;
      }
      if (path === '') throw new KdpError('unsafe-entry', 'A file entry has no name; refused.');
      if (size > limits.maxEntrySize) {
        throw new KdpError(
          'limit-exceeded',
          `The entry ${showPath(path)} is larger than ${limits.maxEntrySize} bytes.`,
        );
      }
      totalBytes += size;
      if (totalBytes > limits.maxTotalBytes) {
        throw new KdpError(
          'limit-exceeded',
          `The bundle's entries add up to more than ${limits.maxTotalBytes} bytes.`,
        );
      }
      registry.add(path, 'file');
      current = new EntryContent(reader, size);
      yield { path, size, mtime, type: 'file', body: current };
    }
    complete = true;
  } finally {
    // Stopped early (an error, or the caller left the loop): stop decrypting and inflating. The
    // body in hand is destroyed without the error: its reader has moved on (and an 'error'
    // nobody listens to would crash the process); the error is thrown to the loop instead.
    if (!complete) {
      current?.destroy();
      await reader.close().catch(() => undefined);
    }
  }
}

/**
 * A reader of bundles: give it the bundle's bytes, iterate the entries. Errors are KdpErrors;
 * an entry's body is only ever authenticated content, but the bundle as a whole is good only
 * when the iteration ends without an error (a truncated bundle is found at its end).
 */
export function createBundleReader(options: BundleReaderOptions): BundleReader {
  const limits = resolveLimits(options.limits);
  return (source) => readEntries(source, options, limits);
}

/** `createBundleReader(options)(source)`. */
export function readBundle(
  source: BundleSource,
  options: BundleReaderOptions,
): AsyncGenerator<BundleEntry, void, undefined> {
  return createBundleReader(options)(source);
}

/**
 * Reads only a bundle's header (no key needed); stops reading the source once it has it (a
 * Readable is destroyed).
 */
export async function readBundleHeader(source: BundleSource): Promise<BundleHeader> {
  let seen = Buffer.alloc(0);
  const iterator =
    Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]();
  try {
    for (;;) {
      const next = await iterator.next();
      if (next.done === true) break;
      seen = Buffer.concat([seen, toBuffer(next.value)]);
      const header = tryParseHeader(seen);
      if (header !== undefined) return header;
    }
  } finally {
    await iterator.return?.();
  }
  throw new KdpError(
    'truncated',
    seen.length === 0 ? 'The bundle is empty.' : 'The bundle ends inside its header.',
  );
}

export interface InspectedEntry {
  path: string;
  size: number;
  mtime: Date;
  type: TarEntryType;
}

export interface BundleInspection {
  header: Pick<BundleHeader, 'version' | 'keyId' | 'chunkSize'>;
  /** With a keyring: every entry, the bundle having been read and authenticated whole. */
  entries?: InspectedEntry[];
  /** With a keyring: the sum of the entries' sizes. */
  totalBytes?: number;
}

/**
 * A bundle's header and, given a keyring, its entries (read, authenticated and skipped; nothing
 * is written anywhere).
 */
export async function inspectBundle(
  source: BundleSource,
  options: { keyring?: Keyring; limits?: Partial<BundleLimits> } = {},
): Promise<BundleInspection> {
  const describe = ({ version, keyId, chunkSize }: BundleHeader) => ({ version, keyId, chunkSize });
  if (options.keyring === undefined) {
    return { header: describe(await readBundleHeader(source)) };
  }
  let header: BundleHeader | undefined;
  const entries: InspectedEntry[] = [];
  const read = createBundleReader({
    keyring: options.keyring,
    ...(options.limits === undefined ? {} : { limits: options.limits }),
    onHeader: (h) => (header = h),
  });
  for await (const { path, size, mtime, type } of read(source)) {
    entries.push({ path, size, mtime, type });
  }
  if (header === undefined) throw new KdpError('truncated', 'The bundle is empty.');
  return {
    header: describe(header),
    entries,
    totalBytes: entries.reduce((sum, entry) => sum + entry.size, 0),
  };
}

/** `inspectBundle`, under the command's name. */
export const inspect = inspectBundle;
