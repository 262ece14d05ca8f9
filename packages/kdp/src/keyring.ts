/**
 * Keys of the bundle: a keyring maps key ids to 32-byte master keys. A bundle's header names the
 * key id it was written with, so keys can rotate: new bundles are written with the current key
 * while bundles written with an older key stay readable as long as the keyring keeps it.
 */
import { KdpError } from './errors.js';

/** Key id → 32-byte master key (AES-256). */
export type Keyring = Readonly<Record<string, Buffer>>;

/** A keyring read from configuration text, with the key that new bundles are written with. */
export interface ParsedKeyring {
  keyring: Keyring;
  /** The first key of the text. */
  currentKeyId: string;
}

export const KEY_BYTES = 32;
/** Key ids travel in every bundle header and in messages, so they are short and plain. */
export const KEY_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

export function isValidKeyId(keyId: string): boolean {
  return KEY_ID_PATTERN.test(keyId);
}

/** Decodes base64 (standard or URL-safe, padded or not) strictly: Buffer.from alone skips junk. */
function decodeBase64(text: string): Buffer | undefined {
  if (BASE64.test(text)) return Buffer.from(text, 'base64');
  if (BASE64URL.test(text) && text.length % 4 !== 1) return Buffer.from(text, 'base64url');
  return undefined;
}

/**
 * Reads keyring text: entries `keyId:base64key` separated by commas or line breaks; blank lines
 * and lines starting with `#` are ignored. The first entry is the current key. Messages name an
 * entry by its position and id, never by its key material.
 */
export function parseKeyring(text: string): ParsedKeyring {
  const keyring: Record<string, Buffer> = {};
  let currentKeyId: string | undefined;
  const entries = text
    .split(/\r?\n/)
    .filter((line) => !line.trimStart().startsWith('#'))
    .flatMap((line) => line.split(','))
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  entries.forEach((entry, index) => {
    const position = `Keyring entry ${index + 1}`;
    const colon = entry.indexOf(':');
    if (colon < 0) {
      throw new KdpError('bad-keyring', `${position} is not "keyId:base64key".`);
    }
    const keyId = entry.slice(0, colon).trim();
    const encoded = entry.slice(colon + 1).trim();
    if (!isValidKeyId(keyId)) {
      throw new KdpError(
        'bad-keyring',
        `${position}: the key id must be 1 to 64 of A-Z a-z 0-9 . _ -.`,
      );
    }
    if (Object.hasOwn(keyring, keyId)) {
      throw new KdpError('bad-keyring', `${position}: the key id "${keyId}" is listed twice.`);
    }
    const key = decodeBase64(encoded);
    if (key === undefined) {
      throw new KdpError('bad-keyring', `${position} ("${keyId}"): the key is not valid base64.`);
    }
    if (key.length !== KEY_BYTES) {
      throw new KdpError(
        'bad-keyring',
        `${position} ("${keyId}"): the key must be ${KEY_BYTES} bytes, not ${key.length}.`,
      );
    }
    keyring[keyId] = key;
    currentKeyId ??= keyId;
  });
  if (currentKeyId === undefined) throw new KdpError('bad-keyring', 'The keyring has no key.');
  return { keyring, currentKeyId };
}

/** Keyring text for `keyring`, the current key first (the inverse of parseKeyring). */
export function formatKeyring(keyring: Keyring, currentKeyId: string): string {
  const ids = [currentKeyId, ...Object.keys(keyring).filter((id) => id !== currentKeyId)];
  return ids.map((id) => `${id}:${keyFor(keyring, id).toString('base64')}`).join(',');
}

/** The master key for `keyId`, checked: an unknown id or a key of the wrong length throws. */
export function keyFor(keyring: Keyring, keyId: string): Buffer {
  const key = Object.hasOwn(keyring, keyId) ? keyring[keyId] : undefined;
  if (key === undefined) {
    throw new KdpError('unknown-key', `The keyring has no key with id "${keyId}".`);
  }
  if (!Buffer.isBuffer(key) || key.length !== KEY_BYTES) {
    throw new KdpError('bad-keyring', `The key "${keyId}" must be ${KEY_BYTES} bytes.`);
  }
  return key;
}

/** The key id to write with: the one asked for, else the keyring's only key. */
export function writingKeyId(keyring: Keyring, keyId: string | undefined): string {
  if (keyId !== undefined) {
    if (!isValidKeyId(keyId)) {
      throw new KdpError('bad-keyring', 'A key id must be 1 to 64 of A-Z a-z 0-9 . _ -.');
    }
    keyFor(keyring, keyId);
    return keyId;
  }
  const ids = Object.keys(keyring);
  const [only] = ids;
  if (ids.length !== 1 || only === undefined) {
    throw new KdpError(
      'bad-keyring',
      ids.length === 0
        ? 'The keyring has no key.'
        : 'The keyring holds several keys: say which key id to write with.',
    );
  }
  return writingKeyId(keyring, only);
}
