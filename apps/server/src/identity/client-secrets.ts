import { randomBytes, scrypt as scryptCb } from 'node:crypto';

// API client secrets are checked on every token request: a lighter cost than passwords.
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 128 * 1024 * 1024 } as const;

export function newSecretSalt(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Derives the stored form of an API client secret. The identity provider only
 * ever sees this derived value: the token endpoint replaces the presented
 * secret with it before client authentication.
 */
export function deriveClientSecret(secret: string, salt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    scryptCb(secret, Buffer.from(salt, 'base64url'), 32, PARAMS, (error, key) =>
      error ? reject(error) : resolve(key.toString('base64url')),
    );
  });
}
