/**
 * The bundle header (docs/formats/kdp.md, "Header"): the first bytes of every bundle, in clear,
 * and bound into every chunk's authentication so that changing any of it rejects the bundle.
 */
import { KdpError } from './errors.js';
import { isValidKeyId } from './keyring.js';

/**
 * PNG-style magic: a high byte (caught by 7-bit transfers), "KDP", then CR LF, Ctrl-Z and LF
 * (caught by transfers that rewrite line endings, and stopping `type` on Windows).
 */
export const MAGIC = Buffer.from([0x89, 0x4b, 0x44, 0x50, 0x0d, 0x0a, 0x1a, 0x0a]);
export const FORMAT_VERSION = 1;
export const SALT_BYTES = 32;
export const NONCE_PREFIX_BYTES = 8;
/** Magic, version, chunk size, salt, nonce prefix and the key id's length byte. */
export const FIXED_HEADER_BYTES = MAGIC.length + 1 + 4 + SALT_BYTES + NONCE_PREFIX_BYTES + 1;
export const MAX_KEY_ID_BYTES = 64;
export const DEFAULT_CHUNK_SIZE = 64 * 1024;
/** A reader holds one chunk in memory: the format caps it so a header cannot ask for more. */
export const MAX_CHUNK_SIZE = 16 * 1024 * 1024;

export interface BundleHeader {
  version: number;
  keyId: string;
  /** Plaintext bytes in every chunk but the final one. */
  chunkSize: number;
  salt: Buffer;
  noncePrefix: Buffer;
  /** The header exactly as it appears in the bundle (what each chunk's additional data binds). */
  bytes: Buffer;
}

export function isValidChunkSize(chunkSize: number): boolean {
  return Number.isInteger(chunkSize) && chunkSize >= 1 && chunkSize <= MAX_CHUNK_SIZE;
}

export function encodeHeader(fields: {
  keyId: string;
  chunkSize: number;
  salt: Buffer;
  noncePrefix: Buffer;
}): BundleHeader {
  const { keyId, chunkSize, salt, noncePrefix } = fields;
  if (!isValidKeyId(keyId)) {
    throw new KdpError('bad-keyring', 'A key id must be 1 to 64 of A-Z a-z 0-9 . _ -.');
  }
  if (!isValidChunkSize(chunkSize)) {
    throw new RangeError(`The chunk size must be an integer from 1 to ${MAX_CHUNK_SIZE}.`);
  }
  if (salt.length !== SALT_BYTES || noncePrefix.length !== NONCE_PREFIX_BYTES) {
    throw new RangeError('Wrong salt or nonce prefix length.');
  }
  const id = Buffer.from(keyId, 'ascii');
  const bytes = Buffer.alloc(FIXED_HEADER_BYTES + id.length);
  let at = MAGIC.copy(bytes, 0);
  at = bytes.writeUInt8(FORMAT_VERSION, at);
  at = bytes.writeUInt32BE(chunkSize, at);
  at += salt.copy(bytes, at);
  at += noncePrefix.copy(bytes, at);
  at = bytes.writeUInt8(id.length, at);
  id.copy(bytes, at);
  return { version: FORMAT_VERSION, keyId, chunkSize, salt, noncePrefix, bytes };
}

/**
 * Reads a header from the start of `bytes`. Returns undefined while more bytes are needed; throws
 * as soon as the bytes seen cannot be a header (so a file that is not a bundle fails on its first
 * bytes, not after it has been read whole).
 */
export function tryParseHeader(bytes: Buffer): BundleHeader | undefined {
  const seen = Math.min(bytes.length, MAGIC.length);
  if (!bytes.subarray(0, seen).equals(MAGIC.subarray(0, seen))) {
    throw new KdpError('bad-magic', 'This is not an Aerie diagnostic bundle (.kdp): wrong magic.');
  }
  if (bytes.length <= MAGIC.length) return undefined;
  const version = bytes.readUInt8(MAGIC.length);
  if (version !== FORMAT_VERSION) {
    throw new KdpError(
      'unsupported-version',
      `The bundle's format version ${version} is not supported (this reader knows version ${FORMAT_VERSION}).`,
    );
  }
  if (bytes.length < FIXED_HEADER_BYTES) return undefined;
  let at = MAGIC.length + 1;
  const chunkSize = bytes.readUInt32BE(at);
  at += 4;
  const salt = Buffer.from(bytes.subarray(at, at + SALT_BYTES));
  at += SALT_BYTES;
  const noncePrefix = Buffer.from(bytes.subarray(at, at + NONCE_PREFIX_BYTES));
  at += NONCE_PREFIX_BYTES;
  const keyIdLength = bytes.readUInt8(at);
  at += 1;
  if (!isValidChunkSize(chunkSize)) {
    throw new KdpError(
      'bad-header',
      `The bundle header's chunk size ${chunkSize} is outside 1 to ${MAX_CHUNK_SIZE}.`,
    );
  }
  if (keyIdLength < 1 || keyIdLength > MAX_KEY_ID_BYTES) {
    throw new KdpError('bad-header', "The bundle header's key id length is out of range.");
  }
  if (bytes.length < at + keyIdLength) return undefined;
  const keyId = bytes.toString('latin1', at, at + keyIdLength);
  if (!isValidKeyId(keyId)) {
    throw new KdpError('bad-header', "The bundle header's key id has characters not allowed.");
  }
  at += keyIdLength;
  return {
    version,
    keyId,
    chunkSize,
    salt,
    noncePrefix,
    bytes: Buffer.from(bytes.subarray(0, at)),
  };
}
