/**
 * Every problem with a bundle, a keyring or a bundle name is a KdpError with a code, so a caller
 * (the portal's upload handler, the command line) can tell a damaged upload from a wrong key or
 * a hostile archive without matching message text.
 */
export type KdpErrorCode =
  /** The bytes do not start with the bundle's magic: not a .kdp file. */
  | 'bad-magic'
  /** A format version this reader does not know. */
  | 'unsupported-version'
  /** The header is malformed (chunk size out of range, invalid key id). */
  | 'bad-header'
  /** The header names a key id that the keyring does not hold. */
  | 'unknown-key'
  /** The keyring text or a key in it is invalid. */
  | 'bad-keyring'
  /** A chunk (or the header it binds) was changed, reordered, duplicated, or the key is wrong. */
  | 'authentication-failed'
  /** The bundle ends before its authenticated final chunk. */
  | 'truncated'
  /** Bytes follow the final chunk (or the end of the archive). */
  | 'trailing-data'
  /** The file name is not ANTENNASERIAL_yyyymmddhhMMss.kdp. */
  | 'bad-name'
  /** A reader limit (entries, sizes, path length or depth, inflated bytes) was reached. */
  | 'limit-exceeded'
  /** An entry that could write outside the output folder or is not a plain file or folder. */
  | 'unsafe-entry'
  /** The authenticated content is not a valid gzip-compressed tar archive. */
  | 'bad-archive'
  /** An entry given to the writer does not match what it declared (its size). */
  | 'bad-entry';

export class KdpError extends Error {
  override readonly name = 'KdpError';
  readonly code: KdpErrorCode;

  constructor(code: KdpErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

export function isKdpError(error: unknown, code?: KdpErrorCode): error is KdpError {
  return error instanceof KdpError && (code === undefined || error.code === code);
}
