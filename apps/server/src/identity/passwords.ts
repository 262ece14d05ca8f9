import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) => {
    scryptCb(password, salt, keylen, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

// OWASP's scrypt minimum is N=2^17, r=8, p=1; memory cost 128 MiB per hash.
const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}
const KEY_LENGTH = 32;
const MAX_PASSWORD_LENGTH = 1024;

/**
 * Hashes a password as `scrypt$N$r$p$salt$hash` (base64url parts). The parameters are
 * stored with the hash, so verification follows them; only tests pass weaker ones.
 */
export async function hashPassword(
  password: string,
  params: ScryptParams = PARAMS,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...params, maxmem: 256 * 1024 * 1024 });
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** Constant-time check of a password against a stored hash; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, hashText] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hashText, 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const key = await scrypt(password, Buffer.from(saltText, 'base64url'), KEY_LENGTH, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 1024 * 1024,
  });
  return timingSafeEqual(key, expected);
}

/** A hash of a random password: used to spend equal time when the user does not exist. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}

export const PASSWORD_RULES = { minLength: 10, maxLength: 128 } as const;
