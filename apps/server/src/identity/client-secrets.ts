import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { API_CLIENT_SECRET_MAX_LENGTH } from '@aerie/contract';

// API client secrets are checked on every token request: a lighter cost than passwords.
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 128 * 1024 * 1024 } as const;

export function newSecretSalt(): string {
  return randomBytes(16).toString('base64url');
}

/** The stored form of an API client secret: scrypt with the client's salt. */
export function deriveClientSecret(secret: string, salt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    scryptCb(secret, Buffer.from(salt, 'base64url'), 32, PARAMS, (error, key) =>
      error ? reject(error) : resolve(key.toString('base64url')),
    );
  });
}

/** What is stored of a secret (`api_clients.secret_hash`, `secret_salt`). */
export interface StoredClientSecret {
  secretHash: string;
  secretSalt: string;
}

/**
 * The one check of a presented API client secret (the identity provider's client
 * authentication calls it for every token endpoint): the clear secret is derived with the
 * client's salt and compared in constant time with the stored hash. The stored hash itself is
 * therefore no secret: presented, it is derived again and does not match.
 */
export async function verifyClientSecret(
  presented: string,
  stored: StoredClientSecret | null,
): Promise<boolean> {
  if (!stored || presented.length === 0 || presented.length > API_CLIENT_SECRET_MAX_LENGTH)
    return false;
  const expected = Buffer.from(stored.secretHash, 'base64url');
  const derived = Buffer.from(await deriveClientSecret(presented, stored.secretSalt), 'base64url');
  return derived.length === expected.length && timingSafeEqual(derived, expected);
}
