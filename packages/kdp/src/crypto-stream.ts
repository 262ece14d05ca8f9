/**
 * The bundle's authenticated encryption, streamed in chunks (docs/formats/kdp.md, "Chunks"):
 * AES-256-GCM per chunk under a per-file key, each chunk's additional data binding the header,
 * the chunk's index and its final flag. The decrypting stream passes on a chunk's plaintext only
 * once that chunk's tag has verified, and fails when the bytes end before the final chunk.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Transform, Writable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BufferQueue } from './buffer-queue.js';
import { KdpError } from './errors.js';
import {
  DEFAULT_CHUNK_SIZE,
  FIXED_HEADER_BYTES,
  MAX_KEY_ID_BYTES,
  NONCE_PREFIX_BYTES,
  SALT_BYTES,
  encodeHeader,
  tryParseHeader,
  type BundleHeader,
} from './header.js';
import { keyFor, writingKeyId, type Keyring } from './keyring.js';

export const TAG_BYTES = 16;
/** Each chunk starts with its final flag (1 byte) and its plaintext length (4 bytes). */
export const CHUNK_PREFIX_BYTES = 5;
/** The nonce is prefix + a 32-bit chunk index: a file holds at most 2^32 chunks. */
export const MAX_CHUNKS = 2 ** 32;
const FLAG_MORE = 0;
const FLAG_FINAL = 1;
/**
 * HKDF's info: names what the derived key is for, so the same master key used anywhere else
 * (a later format version included) can never yield this key.
 */
const FILE_KEY_INFO = Buffer.from('aerie-kdp/1 chunk key', 'ascii');

/**
 * The key that encrypts one file's chunks: HKDF-SHA256 of the master key with the header's
 * random salt. Every bundle thus has a key of its own, and GCM's limit on messages per key (and
 * the danger of a repeated nonce under one key) concerns a single file, never the master key.
 */
export function deriveFileKey(masterKey: Buffer, salt: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, salt, FILE_KEY_INFO, 32));
}

function chunkNonce(noncePrefix: Buffer, index: number): Buffer {
  const nonce = Buffer.alloc(NONCE_PREFIX_BYTES + 4);
  noncePrefix.copy(nonce, 0);
  nonce.writeUInt32BE(index, NONCE_PREFIX_BYTES);
  return nonce;
}

/** Additional data: the whole header, the chunk index, then the chunk's flag and length. */
function chunkAad(header: BundleHeader, index: number, prefix: Buffer): Buffer {
  const indexBytes = Buffer.alloc(4);
  indexBytes.writeUInt32BE(index, 0);
  return Buffer.concat([header.bytes, indexBytes, prefix]);
}

function chunkPrefix(final: boolean, length: number): Buffer {
  const prefix = Buffer.alloc(CHUNK_PREFIX_BYTES);
  prefix.writeUInt8(final ? FLAG_FINAL : FLAG_MORE, 0);
  prefix.writeUInt32BE(length, 1);
  return prefix;
}

export interface EncryptOptions {
  /** Plaintext bytes per chunk (default 64 KiB; 1 to 16 MiB). */
  chunkSize?: number;
}

class EncryptingStream extends Transform {
  readonly header: BundleHeader;
  readonly #key: Buffer;
  readonly #pending = new BufferQueue();
  #index = 0;
  #started = false;

  constructor(header: BundleHeader, key: Buffer) {
    super();
    this.header = header;
    this.#key = key;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.#start();
      this.#pending.push(chunk);
      // Keep up to one chunk back: it may be the last, and the last chunk is marked final.
      while (this.#pending.length > this.header.chunkSize) {
        this.#seal(this.#pending.take(this.header.chunkSize), false);
      }
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      this.#start();
      this.#seal(this.#pending.take(this.#pending.length), true);
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  #start(): void {
    if (this.#started) return;
    this.#started = true;
    this.push(this.header.bytes);
  }

  #seal(plaintext: Buffer, final: boolean): void {
    if (this.#index >= MAX_CHUNKS) {
      throw new KdpError('limit-exceeded', `A bundle holds at most ${MAX_CHUNKS} chunks.`);
    }
    const prefix = chunkPrefix(final, plaintext.length);
    const cipher = createCipheriv(
      'aes-256-gcm',
      this.#key,
      chunkNonce(this.header.noncePrefix, this.#index),
      { authTagLength: TAG_BYTES },
    );
    cipher.setAAD(chunkAad(this.header, this.#index, prefix));
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    this.push(Buffer.concat([prefix, ciphertext, cipher.getAuthTag()]));
    this.#index += 1;
  }
}

/**
 * A Transform from plaintext (the gzip-compressed tar) to bundle bytes: header, then chunks.
 * `keyId` defaults to the keyring's only key. Writing uses fresh random salt and nonce prefix.
 */
export function encryptStream(
  keyring: Keyring,
  keyId?: string,
  options: EncryptOptions = {},
): Transform {
  const id = writingKeyId(keyring, keyId);
  const salt = randomBytes(SALT_BYTES);
  const header = encodeHeader({
    keyId: id,
    chunkSize: options.chunkSize ?? DEFAULT_CHUNK_SIZE,
    salt,
    noncePrefix: randomBytes(NONCE_PREFIX_BYTES),
  });
  return new EncryptingStream(header, deriveFileKey(keyFor(keyring, id), salt));
}

type DecryptState = 'header' | 'chunks' | 'done';

class DecryptingStream extends Transform {
  readonly #keyring: Keyring;
  readonly #pending = new BufferQueue();
  #state: DecryptState = 'header';
  #header: BundleHeader | undefined;
  #key: Buffer | undefined;
  #index = 0;
  #received = 0;

  constructor(keyring: Keyring) {
    super();
    this.#keyring = keyring;
  }

  /** The header, once read (also announced by the 'header' event). */
  get header(): BundleHeader | undefined {
    return this.#header;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.#received += chunk.length;
      if (this.#state === 'done' && chunk.length > 0) throw this.#trailing();
      this.#pending.push(chunk);
      this.#process();
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    if (this.#state === 'done') {
      done();
      return;
    }
    const message =
      this.#state === 'header'
        ? this.#received === 0
          ? 'The bundle is empty.'
          : 'The bundle ends inside its header.'
        : `The bundle is truncated: it ends after ${this.#index} ${this.#index === 1 ? 'chunk' : 'chunks'} without its final chunk.`;
    done(new KdpError('truncated', message));
  }

  #process(): void {
    if (this.#state === 'header') {
      const header = tryParseHeader(
        this.#pending.peek(Math.min(this.#pending.length, FIXED_HEADER_BYTES + MAX_KEY_ID_BYTES)),
      );
      if (header === undefined) return;
      this.#pending.take(header.bytes.length);
      // An unknown key id fails here, before any chunk is read.
      this.#key = deriveFileKey(keyFor(this.#keyring, header.keyId), header.salt);
      this.#header = header;
      this.#state = 'chunks';
      this.emit('header', header);
    }
    const header = this.#header;
    const key = this.#key;
    if (header === undefined || key === undefined) return;
    while (this.#state === 'chunks' && this.#pending.length >= CHUNK_PREFIX_BYTES) {
      const prefix = this.#pending.peek(CHUNK_PREFIX_BYTES);
      const flag = prefix.readUInt8(0);
      const length = prefix.readUInt32BE(1);
      // The flag and length are authenticated with the chunk; checking them first only keeps a
      // damaged length from making the reader wait for (and hold) more than one chunk.
      const framed =
        (flag === FLAG_MORE && length === header.chunkSize) ||
        (flag === FLAG_FINAL && length <= header.chunkSize);
      if (!framed) throw this.#failed();
      const recordBytes = CHUNK_PREFIX_BYTES + length + TAG_BYTES;
      if (this.#pending.length < recordBytes) return;
      const record = this.#pending.take(recordBytes);
      const plaintext = this.#open(header, key, record, length);
      this.#index += 1;
      if (flag === FLAG_FINAL) this.#state = 'done';
      if (plaintext.length > 0) this.push(plaintext);
    }
    if (this.#state === 'done' && this.#pending.length > 0) throw this.#trailing();
  }

  #open(header: BundleHeader, key: Buffer, record: Buffer, length: number): Buffer {
    if (this.#index >= MAX_CHUNKS) throw this.#failed();
    const prefix = record.subarray(0, CHUNK_PREFIX_BYTES);
    const ciphertext = record.subarray(CHUNK_PREFIX_BYTES, CHUNK_PREFIX_BYTES + length);
    const tag = record.subarray(CHUNK_PREFIX_BYTES + length);
    const decipher = createDecipheriv(
      'aes-256-gcm',
      key,
      chunkNonce(header.noncePrefix, this.#index),
      { authTagLength: TAG_BYTES },
    );
    decipher.setAAD(chunkAad(header, this.#index, prefix));
    decipher.setAuthTag(tag);
    // update() hands out plaintext before the tag is checked: it stays here until final() has
    // verified the tag, and is dropped if it did not.
    const plaintext = decipher.update(ciphertext);
    try {
      decipher.final();
    } catch (error) {
      throw this.#failed(error);
    }
    return plaintext;
  }

  #failed(cause?: unknown): KdpError {
    const keyId = this.#header?.keyId ?? '';
    return new KdpError(
      'authentication-failed',
      `Chunk ${this.#index} of the bundle failed authentication: the bundle was changed or damaged, or it was not written with this keyring's key "${keyId}".`,
      cause === undefined ? undefined : { cause },
    );
  }

  #trailing(): KdpError {
    return new KdpError('trailing-data', "Bytes follow the bundle's final chunk.");
  }
}

/**
 * A Transform from bundle bytes to the authenticated plaintext (the gzip-compressed tar). It
 * emits 'header' with the BundleHeader once read. Errors are KdpErrors: bad-magic,
 * unsupported-version, bad-header, unknown-key, authentication-failed, truncated, trailing-data.
 */
export function decryptStream(
  keyring: Keyring,
): Transform & { readonly header: BundleHeader | undefined } {
  return new DecryptingStream(keyring);
}

/**
 * Checks a whole bundle's authentication without unpacking it (the plaintext is discarded as it
 * comes); resolves to its header.
 */
export async function verifyBundle(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  keyring: Keyring,
): Promise<BundleHeader> {
  const decrypt = new DecryptingStream(keyring);
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
  await pipeline(source, decrypt, discard);
  const header = decrypt.header;
  if (header === undefined) throw new KdpError('truncated', 'The bundle is empty.');
  return header;
}
