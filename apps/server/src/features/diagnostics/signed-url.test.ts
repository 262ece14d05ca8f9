import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signBlobToken, verifyBlobToken, type BlobClaims } from './signed-url.js';

const key = randomBytes(32);
const now = Date.UTC(2026, 10, 27, 12);
const claims: BlobClaims = {
  container: 'diagnostics',
  path: 'KYM-1/KYM-1_20261122120000.kdp',
  view: false,
  expiresAt: now / 1000 + 300,
};

describe('signed blob tokens', () => {
  it('gives back the claims of a token it signed, until it expires', () => {
    const token = signBlobToken(key, claims);
    expect(verifyBlobToken(key, token, now)).toEqual(claims);
    expect(verifyBlobToken(key, token, now + 299_000)).toEqual(claims);
    expect(verifyBlobToken(key, token, now + 300_000)).toBeNull();
  });

  it('refuses a token signed with another key', () => {
    expect(verifyBlobToken(randomBytes(32), signBlobToken(key, claims), now)).toBeNull();
  });

  it('refuses a token whose claims or signature were changed', () => {
    const token = signBlobToken(key, claims);
    const [payload, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(
      JSON.stringify({ c: 'diagnostics', p: 'KYM-2/KYM-2_20261122120000.kdp', v: false, e: 9e9 }),
    ).toString('base64url');
    expect(verifyBlobToken(key, `${forged}.${signature}`, now)).toBeNull();
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('A') ? 'B' : 'A'}${signature.slice(-1)}`;
    expect(verifyBlobToken(key, `${payload}.${flipped}`, now)).toBeNull();
    expect(verifyBlobToken(key, `${payload}.${signature.slice(1)}`, now)).toBeNull();
    expect(verifyBlobToken(key, `${payload}.`, now)).toBeNull();
  });

  it('refuses every other spelling of the signature, spare bits of its last character included', () => {
    const token = signBlobToken(key, claims);
    const [payload, signature] = token.split('.') as [string, string];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (const c of alphabet) {
      if (c === signature.at(-1)) continue;
      expect(verifyBlobToken(key, `${payload}.${signature.slice(0, -1)}${c}`, now), c).toBeNull();
    }
    expect(verifyBlobToken(key, `${payload}.${signature}=`, now)).toBeNull();
  });

  it('refuses malformed tokens without throwing', () => {
    for (const bad of ['', '.', 'a', 'a.b.c', '%%%.abc', 'abc.%%%', `${'a'.repeat(900)}.b`]) {
      expect(verifyBlobToken(key, bad, now), bad).toBeNull();
    }
  });

  it('refuses a validly signed token whose claims are not of the expected shape', async () => {
    const { createHmac } = await import('node:crypto');
    const sign = (body: unknown) => {
      const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
      const mac = createHmac('sha256', key)
        .update('aerie-blob-url/1.')
        .update(payload)
        .digest('base64url');
      return `${payload}.${mac}`;
    };
    expect(
      verifyBlobToken(key, sign({ c: 'diagnostics', p: 'a', v: 'yes', e: 9e9 }), now),
    ).toBeNull();
    expect(verifyBlobToken(key, sign({ c: 'diagnostics', p: 'a', v: true }), now)).toBeNull();
    expect(verifyBlobToken(key, sign(null), now)).toBeNull();
    expect(verifyBlobToken(key, sign({ c: 'diagnostics', p: 'a', v: true, e: 9e9 }), now)).toEqual({
      container: 'diagnostics',
      path: 'a',
      view: true,
      expiresAt: 9e9,
    });
  });
});
