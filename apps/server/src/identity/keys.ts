import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type pg from 'pg';
import { createIdentityKeysRepository } from './identity-keys.repository.js';

export interface IdentityKeys {
  /** Private signing key (JWK) for ID and access tokens. */
  signing: JWK;
  /** Secrets that sign the identity provider's cookies. */
  cookieKeys: string[];
}

/**
 * Key material stored once for every instance (`identity_keys`): created on first use, and
 * the first of several instances starting together wins. Also holds the provider's feature
 * certificate key (docs/formats/feature-certificate.md), the diagnostic bundles' generated key
 * and the key of signed download URLs (docs/decisions/039-diagnostic-bundles.md).
 */
export async function loadOrCreateKeyMaterial<T>(
  pool: pg.Pool,
  id: string,
  kind: 'signing' | 'cookie' | 'feature-signing' | 'diagnostics-keyring' | 'url-signing',
  create: () => Promise<T>,
): Promise<T> {
  const keys = createIdentityKeysRepository(pool);
  const existing = await keys.materialOf<T>(id);
  if (existing !== null) return existing;
  // Several instances may start at once: the first insert wins, everyone reads it back.
  await keys.insertIfAbsent(id, kind, await create());
  return (await keys.materialOf<T>(id))!;
}

/** Loads the identity provider's keys from the database, creating them on first start. */
export async function loadIdentityKeys(pool: pg.Pool): Promise<IdentityKeys> {
  const signing = await loadOrCreateKeyMaterial(pool, 'signing-1', 'signing', async () => {
    const { privateKey } = await generateKeyPair('RS256', {
      modulusLength: 2048,
      extractable: true,
    });
    const jwk = await exportJWK(privateKey);
    return { ...jwk, alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') };
  });
  const cookie = await loadOrCreateKeyMaterial(pool, 'cookie-1', 'cookie', async () => ({
    keys: [randomBytes(32).toString('base64url')],
  }));
  return { signing, cookieKeys: cookie.keys };
}

/** The public half of a private JWK (drops the private members). */
export function publicJwk(jwk: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...pub } = jwk;
  return pub;
}
