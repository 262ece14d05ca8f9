/**
 * The feature certificate: a compact JWS (EdDSA over Ed25519) signed with the provider's key,
 * binding a device's features to the device's own public key. Format and verification:
 * docs/formats/feature-certificate.md.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import type pg from 'pg';
import { SignJWT, type JWK } from 'jose';
import type { FeatureCertificateKeySet } from '@aerie/contract';
import { loadOrCreateKeyMaterial } from '../../identity/keys.js';

/** The JWS `typ` header of a feature certificate (RFC 8725 §3.11: explicit typing). */
export const FEATURE_CERTIFICATE_TYPE = 'feature-certificate+jwt';
/** Version of the claims below; a terminal refuses a version it does not know. */
export const FEATURE_CERTIFICATE_VERSION = 1;

export interface FeatureSigningKey {
  kid: string;
  privateKey: KeyObject;
  publicJwk: FeatureCertificateKeySet['keys'][number];
}

interface StoredKey {
  kid: string;
  /** PKCS #8 PEM of the Ed25519 private key. */
  pem: string;
}

/**
 * Loads the provider's feature certificate key from `identity_keys` (kind `feature-signing`),
 * creating it on first use. It never leaves the database: only its public half is published.
 */
export async function loadFeatureSigningKey(pool: pg.Pool): Promise<FeatureSigningKey> {
  const stored = await loadOrCreateKeyMaterial<StoredKey>(
    pool,
    'feature-signing-1',
    'feature-signing',
    async () => {
      const { privateKey } = generateKeyPairSync('ed25519');
      const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
      return { kid: `feature-${randomUUID().slice(0, 8)}`, pem };
    },
  );
  const privateKey = createPrivateKey(stored.pem);
  const { x } = createPublicKey(privateKey).export({ format: 'jwk' });
  return {
    kid: stored.kid,
    privateKey,
    publicJwk: { kty: 'OKP', crv: 'Ed25519', x: x!, kid: stored.kid, alg: 'EdDSA', use: 'sig' },
  };
}

/**
 * The device's public key as a JWK: the key is base64 of an Ed25519 SubjectPublicKeyInfo
 * (DER), as terminals report it. Null when it is not such a key.
 */
export function devicePublicJwk(publicKey: string): JWK | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(publicKey) || publicKey.length > 200) return null;
  try {
    const key = createPublicKey({
      key: Buffer.from(publicKey, 'base64'),
      format: 'der',
      type: 'spki',
    });
    if (key.asymmetricKeyType !== 'ed25519') return null;
    const { kty, crv, x } = key.export({ format: 'jwk' });
    return { kty: kty!, crv: crv!, x: x! };
  } catch {
    return null;
  }
}

export interface CertificateSubject {
  deviceId: string;
  serial: string | null;
  antennaSerial: string | null;
  deviceKey: JWK;
  features: readonly string[];
}

/** Signs a feature certificate; `issuer` is the portal's public address. */
export async function signFeatureCertificate(
  subject: CertificateSubject,
  key: FeatureSigningKey,
  issuer: string,
  issuedAt: Date,
): Promise<string> {
  return new SignJWT({
    ver: FEATURE_CERTIFICATE_VERSION,
    serial: subject.serial,
    antennaSerial: subject.antennaSerial,
    features: [...subject.features],
    cnf: { jwk: subject.deviceKey },
  })
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: FEATURE_CERTIFICATE_TYPE })
    .setIssuer(issuer)
    .setSubject(subject.deviceId)
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .setJti(randomUUID())
    .sign(key.privateKey);
}
