import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { decryptStream, encryptStream, verifyBundle } from './crypto-stream.js';
import { FIXED_HEADER_BYTES, MAGIC, tryParseHeader } from './header.js';
import type { Keyring } from './keyring.js';
import {
  collect,
  encryptBuffer,
  expectKdpError,
  flipBit,
  makeKeyring,
  patterned,
  splitBundle,
} from './test/helpers.js';

const keyring = makeKeyring('k1');
const CHUNK = 64;

/**
 * Decrypts `bundle`, fed in pieces of `piece` bytes; returns what was emitted before the end or
 * the error, and the error.
 */
async function decrypt(
  bundle: Buffer,
  ring: Keyring = keyring,
  piece = 0,
): Promise<{ emitted: Buffer; error: unknown }> {
  const parts: Buffer[] = [];
  const pieces =
    piece > 0
      ? Array.from({ length: Math.ceil(bundle.length / piece) }, (_, i) =>
          bundle.subarray(i * piece, (i + 1) * piece),
        )
      : [bundle];
  let error: unknown;
  try {
    await pipeline(
      Readable.from(pieces),
      decryptStream(ring),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          parts.push(chunk);
          done();
        },
      }),
    );
  } catch (caught) {
    error = caught;
  }
  return { emitted: Buffer.concat(parts), error };
}

async function expectRejected(bundle: Buffer, code: string, ring: Keyring = keyring) {
  const { emitted, error } = await decrypt(bundle, ring);
  expect(error, `expected "${code}"`).toMatchObject({ name: 'KdpError', code });
  return emitted;
}

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value, 0);
  return bytes;
};

/** Decrypts a bundle from docs/formats/kdp.md alone, none of this package's code. */
function decryptByTheDocument(bundle: Buffer, masterKey: Buffer): Buffer {
  const header = bundle.subarray(0, 54 + bundle.readUInt8(53));
  const key = Buffer.from(
    hkdfSync('sha256', masterKey, header.subarray(13, 45), 'aerie-kdp/1 chunk key', 32),
  );
  const parts: Buffer[] = [];
  let at = header.length;
  for (let index = 0; ; index += 1) {
    const flag = bundle.readUInt8(at);
    const length = bundle.readUInt32BE(at + 1);
    const nonce = Buffer.concat([header.subarray(45, 53), u32(index)]);
    const decipher = createDecipheriv('aes-256-gcm', key, nonce);
    decipher.setAAD(Buffer.concat([header, u32(index), bundle.subarray(at, at + 5)]));
    decipher.setAuthTag(bundle.subarray(at + 5 + length, at + 5 + length + 16));
    parts.push(decipher.update(bundle.subarray(at + 5, at + 5 + length)), decipher.final());
    at += 5 + length + 16;
    if (flag === 1) break;
    expect(length).toBe(header.readUInt32BE(9));
  }
  expect(at).toBe(bundle.length);
  return Buffer.concat(parts);
}

/** Encrypts from the document alone: key id, chunk size, salt and nonce prefix chosen here. */
function encryptByTheDocument(plaintext: Buffer, keyId: string, masterKey: Buffer, size: number) {
  const salt = randomBytes(32);
  const prefix = randomBytes(8);
  const id = Buffer.from(keyId, 'ascii');
  const magic = Buffer.from([0x89, 0x4b, 0x44, 0x50, 0x0d, 0x0a, 0x1a, 0x0a]);
  const header = Buffer.concat([
    magic,
    Buffer.from([1]),
    u32(size),
    salt,
    prefix,
    Buffer.from([id.length]),
    id,
  ]);
  const key = Buffer.from(hkdfSync('sha256', masterKey, salt, 'aerie-kdp/1 chunk key', 32));
  const parts = [header];
  const count = Math.max(1, Math.ceil(plaintext.length / size));
  for (let index = 0; index < count; index += 1) {
    const piece = plaintext.subarray(index * size, (index + 1) * size);
    const prefixBytes = Buffer.concat([
      Buffer.from([index === count - 1 ? 1 : 0]),
      u32(piece.length),
    ]);
    const cipher = createCipheriv('aes-256-gcm', key, Buffer.concat([prefix, u32(index)]));
    cipher.setAAD(Buffer.concat([header, u32(index), prefixBytes]));
    parts.push(prefixBytes, cipher.update(piece), cipher.final(), cipher.getAuthTag());
  }
  return Buffer.concat(parts);
}

describe('the format document', () => {
  it('describes what the writer writes and what the reader reads', async () => {
    const plaintext = patterned(5 * CHUNK + 3);
    const written = await encryptBuffer(plaintext, keyring, 'k1', CHUNK);
    expect(decryptByTheDocument(written, keyring.k1!).equals(plaintext)).toBe(true);
    const made = encryptByTheDocument(plaintext, 'k1', keyring.k1!, CHUNK);
    const { emitted, error } = await decrypt(made);
    expect(error).toBeUndefined();
    expect(emitted.equals(plaintext)).toBe(true);
  });
});

describe('encryptStream / decryptStream', () => {
  it.each([0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK, 3 * CHUNK + 7])(
    'round-trips %i bytes exactly, fed whole and byte by byte',
    async (length) => {
      const plaintext = patterned(length, length + 1);
      const bundle = await encryptBuffer(plaintext, keyring, 'k1', CHUNK);
      const whole = await decrypt(bundle);
      expect(whole.error).toBeUndefined();
      expect(whole.emitted.equals(plaintext)).toBe(true);
      const byByte = await decrypt(bundle, keyring, 1);
      expect(byByte.error).toBeUndefined();
      expect(byByte.emitted.equals(plaintext)).toBe(true);
    },
  );

  it('writes one final chunk: empty only for empty content, full for an exact multiple', async () => {
    const empty = splitBundle(await encryptBuffer(Buffer.alloc(0), keyring, 'k1', CHUNK));
    expect(empty.chunks.map((c) => [c[0], c.readUInt32BE(1)])).toEqual([[1, 0]]);
    const exact = splitBundle(await encryptBuffer(patterned(2 * CHUNK), keyring, 'k1', CHUNK));
    expect(exact.chunks.map((c) => [c[0], c.readUInt32BE(1)])).toEqual([
      [0, CHUNK],
      [1, CHUNK],
    ]);
  });

  it('starts with a header naming the key id and chunk size, and fresh salt every time', async () => {
    const a = await encryptBuffer(Buffer.from('x'), keyring, 'k1', CHUNK);
    const b = await encryptBuffer(Buffer.from('x'), keyring, 'k1', CHUNK);
    expect(a.subarray(0, MAGIC.length).equals(MAGIC)).toBe(true);
    const header = tryParseHeader(a);
    expect(header).toMatchObject({ version: 1, keyId: 'k1', chunkSize: CHUNK });
    expect(header?.bytes.length).toBe(FIXED_HEADER_BYTES + 2);
    expect(tryParseHeader(b)?.salt.equals(header?.salt ?? Buffer.alloc(0))).toBe(false);
    expect(a.equals(b)).toBe(false);
  });

  it('rejects a flipped bit anywhere in the header after the version', async () => {
    const bundle = await encryptBuffer(patterned(200), keyring, 'k1', CHUNK);
    const headerLength = splitBundle(bundle).header.length;
    // Salt, nonce prefix and a chunk size still in range: the chunks' authentication fails.
    for (const offset of [13, 30, 44, 45, 52]) {
      await expectRejected(flipBit(bundle, offset), 'authentication-failed');
    }
    expect(await expectRejected(flipBit(bundle, 12, 0), 'authentication-failed')).toHaveLength(0);
    // Each of the others is refused too, with the code that says why.
    const codes = new Set<string>();
    for (let offset = 0; offset < headerLength; offset += 1) {
      for (const bit of [0, 7]) {
        const { error } = await decrypt(flipBit(bundle, offset, bit));
        expect(error, `offset ${offset} bit ${bit}`).toMatchObject({ name: 'KdpError' });
        codes.add((error as { code: string }).code);
      }
    }
    expect([...codes].sort()).toEqual(
      [
        'authentication-failed',
        'bad-header',
        'bad-magic',
        'unknown-key',
        'unsupported-version',
      ].sort(),
    );
  });

  it('emits nothing of a chunk whose ciphertext or tag was changed, only the chunks before it', async () => {
    const plaintext = patterned(5 * CHUNK + 10);
    const bundle = await encryptBuffer(plaintext, keyring, 'k1', CHUNK);
    const { header, chunks } = splitBundle(bundle);
    expect(chunks).toHaveLength(6);
    const offsetOf = (index: number) =>
      header.length + chunks.slice(0, index).reduce((sum, c) => sum + c.length, 0);
    // A bit of chunk 2's ciphertext, then a bit of its tag.
    for (const offset of [offsetOf(2) + 5 + 17, offsetOf(3) - 1]) {
      const emitted = await expectRejected(flipBit(bundle, offset, 3), 'authentication-failed');
      expect(emitted.equals(plaintext.subarray(0, 2 * CHUNK))).toBe(true);
    }
    // The final chunk's tag.
    const emitted = await expectRejected(
      flipBit(bundle, bundle.length - 1),
      'authentication-failed',
    );
    expect(emitted.equals(plaintext.subarray(0, 5 * CHUNK))).toBe(true);
    // A chunk's final flag or length.
    await expectRejected(flipBit(bundle, offsetOf(1)), 'authentication-failed');
    await expectRejected(flipBit(bundle, offsetOf(1) + 4), 'authentication-failed');
  });

  it('rejects a bundle cut short anywhere as truncated, at a chunk boundary included', async () => {
    const bundle = await encryptBuffer(patterned(3 * CHUNK + 5), keyring, 'k1', CHUNK);
    const { header, chunks } = splitBundle(bundle);
    const boundary = header.length + chunks[0]!.length;
    const lastBoundary = bundle.length - chunks[chunks.length - 1]!.length;
    const cuts = [
      1,
      MAGIC.length,
      header.length - 1,
      header.length,
      header.length + 3,
      boundary - 1,
      boundary,
      boundary + 5,
      lastBoundary, // every chunk but the final one: authentic chunks, no end
      lastBoundary + 4,
      bundle.length - 16,
      bundle.length - 1,
    ];
    for (const cut of cuts) {
      const { error, emitted } = await decrypt(bundle.subarray(0, cut));
      expect(error, `cut at ${cut}`).toMatchObject({ code: 'truncated' });
      expect(emitted.length % CHUNK).toBe(0);
    }
    await expectRejected(Buffer.alloc(0), 'truncated');
  });

  it('rejects chunks reordered, duplicated or dropped', async () => {
    const bundle = await encryptBuffer(patterned(4 * CHUNK + 3), keyring, 'k1', CHUNK);
    const { header, chunks } = splitBundle(bundle);
    const [c0, c1, c2, c3, c4] = chunks as [Buffer, Buffer, Buffer, Buffer, Buffer];
    const variants = {
      swapped: [c0, c2, c1, c3, c4],
      duplicated: [c0, c1, c1, c2, c3, c4],
      dropped: [c0, c2, c3, c4],
      finalMovedUp: [c0, c1, c4],
    };
    for (const [name, order] of Object.entries(variants)) {
      const { error } = await decrypt(Buffer.concat([header, ...order]));
      expect(error, name).toMatchObject({ code: 'authentication-failed' });
    }
    // Chunks of another bundle under the same key do not fit this header.
    const other = splitBundle(await encryptBuffer(patterned(4 * CHUNK + 3), keyring, 'k1', CHUNK));
    await expectRejected(Buffer.concat([header, ...other.chunks]), 'authentication-failed');
  });

  it('rejects bytes after the final chunk', async () => {
    const bundle = await encryptBuffer(patterned(100), keyring, 'k1', CHUNK);
    const emitted = await expectRejected(
      Buffer.concat([bundle, Buffer.from([0])]),
      'trailing-data',
    );
    expect(emitted.length).toBeLessThanOrEqual(100);
    const { header, chunks } = splitBundle(bundle);
    await expectRejected(Buffer.concat([header, ...chunks, chunks.at(-1)!]), 'trailing-data');
  });

  it('rejects a wrong key and names an unknown key id', async () => {
    const bundle = await encryptBuffer(patterned(100), keyring, 'k1', CHUNK);
    await expectRejected(bundle, 'authentication-failed', { k1: makeKeyring('x').x! });
    const { error } = await decrypt(bundle, makeKeyring('k2', 'k3'));
    expect(error).toMatchObject({ code: 'unknown-key' });
    expect(String(error)).toContain('"k1"');
  });

  it('reads a bundle written with an older key from a keyring that holds both', async () => {
    const old = makeKeyring('2025-01');
    const bundle = await encryptBuffer(Buffer.from('old'), old, '2025-01', CHUNK);
    const both: Keyring = { ...makeKeyring('2026-01'), ...old };
    const { emitted, error } = await decrypt(bundle, both);
    expect(error).toBeUndefined();
    expect(emitted.toString()).toBe('old');
  });

  it('rejects what is not a bundle at its first bytes, and other versions', async () => {
    await expectRejected(Buffer.from('PK\x03\x04 not a bundle'), 'bad-magic');
    const bundle = await encryptBuffer(Buffer.from('x'), keyring, 'k1', CHUNK);
    const v2 = Buffer.from(bundle);
    v2[MAGIC.length] = 2;
    await expectRejected(v2, 'unsupported-version');
  });

  it('refuses a writing key id the keyring lacks and a key of the wrong length', () => {
    expect(() => encryptStream(keyring, 'nope')).toThrow(
      expect.objectContaining({ code: 'unknown-key' }),
    );
    expect(() => encryptStream({ short: Buffer.alloc(16) }, 'short')).toThrow(
      expect.objectContaining({ code: 'bad-keyring' }),
    );
    expect(() => encryptStream(makeKeyring('a', 'b'))).toThrow(
      expect.objectContaining({ code: 'bad-keyring' }),
    );
  });

  it('verifies a whole bundle without unpacking it', async () => {
    const bundle = await encryptBuffer(patterned(300), keyring, 'k1', CHUNK);
    await expect(verifyBundle([bundle], keyring)).resolves.toMatchObject({ keyId: 'k1' });
    await expectKdpError(verifyBundle([bundle.subarray(0, -3)], keyring), 'truncated');
  });

  it('respects backpressure: a slow reader holds the writer back', async () => {
    const encrypt = encryptStream(keyring, 'k1', { chunkSize: 1024 });
    let accepted = 0;
    const big = patterned(1024);
    while (encrypt.write(big)) accepted += 1;
    expect(accepted).toBeLessThan(64);
    encrypt.end();
    const bytes = await collect(encrypt);
    const { emitted } = await decrypt(bytes);
    expect(emitted.length).toBe((accepted + 1) * 1024);
  });
});
