import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KdpError } from './errors.js';
import { formatKeyring, parseKeyring, writingKeyId } from './keyring.js';

const k1 = randomBytes(32);
const k2 = randomBytes(32);

function keyringError(text: string): KdpError {
  try {
    parseKeyring(text);
  } catch (error) {
    if (error instanceof KdpError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('parseKeyring', () => {
  it('reads ids and keys separated by commas or lines; the first is current', () => {
    const text = `2026-01:${k1.toString('base64')}, 2025-07:${k2.toString('base64url')}`;
    const parsed = parseKeyring(text);
    expect(parsed.currentKeyId).toBe('2026-01');
    expect(parsed.keyring['2026-01']?.equals(k1)).toBe(true);
    expect(parsed.keyring['2025-07']?.equals(k2)).toBe(true);
    const lines = `# keys\n\nb:${k2.toString('base64')}\r\na:${k1.toString('base64')}\n`;
    expect(parseKeyring(lines).currentKeyId).toBe('b');
  });

  it('round-trips through formatKeyring with numeric-looking ids', () => {
    const text = formatKeyring({ '2025': k2, '2026': k1 }, '2026');
    expect(text.startsWith('2026:')).toBe(true);
    expect(parseKeyring(text)).toEqual({
      keyring: { '2026': k1, '2025': k2 },
      currentKeyId: '2026',
    });
  });

  it.each([
    ['', 'The keyring has no key.'],
    ['# only a comment', 'The keyring has no key.'],
    ['justtext', 'Keyring entry 1 is not "keyId:base64key".'],
    [
      `bad id:${k1.toString('base64')}`,
      'Keyring entry 1: the key id must be 1 to 64 of A-Z a-z 0-9 . _ -.',
    ],
    [
      `:${k1.toString('base64')}`,
      'Keyring entry 1: the key id must be 1 to 64 of A-Z a-z 0-9 . _ -.',
    ],
    [
      `a:${k1.toString('base64')},a:${k2.toString('base64')}`,
      'Keyring entry 2: the key id "a" is listed twice.',
    ],
    ['a:not base64!', 'Keyring entry 1 ("a"): the key is not valid base64.'],
    [
      `a:${randomBytes(16).toString('base64')}`,
      'Keyring entry 1 ("a"): the key must be 32 bytes, not 16.',
    ],
  ])('refuses %j: %s', (text, message) => {
    const error = keyringError(text);
    expect(error.code).toBe('bad-keyring');
    expect(error.message).toBe(message);
    expect(error.message).not.toContain(k1.toString('base64'));
  });
});

describe('writingKeyId', () => {
  it('takes the only key, or needs one named', () => {
    expect(writingKeyId({ only: k1 }, undefined)).toBe('only');
    expect(() => writingKeyId({ a: k1, b: k2 }, undefined)).toThrow(/several keys/);
    expect(writingKeyId({ a: k1, b: k2 }, 'b')).toBe('b');
    expect(() => writingKeyId({ a: k1 }, 'c')).toThrow(
      expect.objectContaining({ code: 'unknown-key' }),
    );
  });
});
