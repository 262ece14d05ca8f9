import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';

describe('passwords', { timeout: 30_000 }, () => {
  it('verifies the password a hash was made from and refuses another', async () => {
    const hash = await hashPassword('correct horse battery');
    // OWASP's minimum for scrypt: N=2^17, r=8, p=1.
    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', '131072', '8', '1']);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  it('verifies with the parameters stored in the hash', async () => {
    const cheap = await hashPassword('pw', { N: 2 ** 10, r: 8, p: 1 });
    expect(cheap.split('$')[1]).toBe('1024');
    expect(await verifyPassword('pw', cheap)).toBe(true);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toEqual(await hashPassword('same'));
  });

  it('refuses malformed stored hashes instead of throwing', async () => {
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1$2$3$abc$short')).toBe(false);
  });
});
