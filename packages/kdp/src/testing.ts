/**
 * Builders of bundles for tests, hostile ones included: keys, the encryption layer over any
 * plaintext, a bundle cut into its chunks (to tamper with them), and a tar writer that writes what
 * the package's writer refuses (`..`, absolute paths, links, devices, FIFOs). Exported as
 * `@aerie/kdp/testing` so the portal's tests build the same corpus; nothing here is for production.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { encryptStream } from './crypto-stream.js';
import type { Keyring } from './keyring.js';

async function collect(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}

export function makeKeyring(...ids: string[]): Keyring {
  return Object.fromEntries(ids.map((id) => [id, randomBytes(32)]));
}

/** Encrypts `plaintext` as a bundle's content would be (no tar or gzip added). */
export async function encryptBuffer(
  plaintext: Buffer,
  keyring: Keyring,
  keyId: string,
  chunkSize: number,
): Promise<Buffer> {
  return collect(Readable.from([plaintext]).pipe(encryptStream(keyring, keyId, { chunkSize })));
}

/** A bundle whose content is `tar` (raw tar bytes), gzip-compressed and encrypted. */
export function bundleOfTar(tar: Buffer, keyring: Keyring, keyId: string): Promise<Buffer> {
  return encryptBuffer(gzipSync(tar), keyring, keyId, 4096);
}

/** A bundle split into its header and its chunks (each: prefix, ciphertext, tag). */
export function splitBundle(bundle: Buffer): { header: Buffer; chunks: Buffer[] } {
  const headerLength = 54 + (bundle[53] ?? 0);
  const chunks: Buffer[] = [];
  let at = headerLength;
  while (at < bundle.length) {
    const length = bundle.readUInt32BE(at + 1);
    chunks.push(bundle.subarray(at, at + 5 + length + 16));
    at += 5 + length + 16;
  }
  return { header: bundle.subarray(0, headerLength), chunks };
}

export function flipBit(bytes: Buffer, offset: number, bit = 0): Buffer {
  const copy = Buffer.from(bytes);
  copy[offset] = (copy[offset] ?? 0) ^ (1 << bit);
  return copy;
}

/** One entry of a hand-built tar. */
export interface RawTarEntry {
  name: string | Buffer;
  /** The ustar type flag ('0' file, '5' folder, '1' hard link, '2' symlink, '6' FIFO...). */
  type?: string;
  data?: Buffer;
  /** The size the header declares (default: the data's length). */
  size?: number;
  linkname?: string;
  /** Records of a pax extended header written before the entry. */
  pax?: Record<string, string>;
}

function rawHeader(name: Buffer, type: string, size: number, linkname = ''): Buffer {
  const block = Buffer.alloc(512);
  name.copy(block, 0, 0, Math.min(100, name.length));
  block.write('0000644\0', 100, 'ascii');
  block.write('0000000\0', 108, 'ascii');
  block.write('0000000\0', 116, 'ascii');
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  block.write(`${(1_700_000_000).toString(8).padStart(11, '0')}\0`, 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write(type, 156, 'latin1');
  block.write(linkname, 157, 'utf8');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

function padded(data: Buffer): Buffer {
  return Buffer.concat([data, Buffer.alloc((512 - (data.length % 512)) % 512)]);
}

/** A tar archive, written as told, hostile or not; ends with two zero blocks unless `end` is false. */
export function rawTar(entries: RawTarEntry[], options: { end?: boolean } = {}): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    if (entry.pax) {
      const records = Object.entries(entry.pax).map(([key, value]) => {
        const body = ` ${key}=${value}\n`;
        let length = Buffer.byteLength(body) + 1;
        while (String(length).length + Buffer.byteLength(body) !== length) length += 1;
        return Buffer.from(`${length}${body}`);
      });
      const data = Buffer.concat(records);
      parts.push(rawHeader(Buffer.from('PaxHeader'), 'x', data.length), padded(data));
    }
    const name = typeof entry.name === 'string' ? Buffer.from(entry.name) : entry.name;
    const data = entry.data ?? Buffer.alloc(0);
    parts.push(rawHeader(name, entry.type ?? '0', entry.size ?? data.length, entry.linkname));
    parts.push(padded(data));
  }
  if (options.end !== false) parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}
