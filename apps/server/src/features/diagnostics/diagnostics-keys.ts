import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { ParsedKeyring } from '@aerie/kdp';
import { loadOrCreateKeyMaterial } from '../../identity/keys.js';

/** The key id of the generated bundle key (used when DIAGNOSTICS_KEYRING is not set). */
export const GENERATED_KEY_ID = 'kdp-1';

interface StoredBundleKey {
  keyId: string;
  /** Base64 of the 32-byte master key. */
  key: string;
}

/**
 * The keyring bundles are read (and the demo's written) with: DIAGNOSTICS_KEYRING when it is
 * configured, else one key generated at first use and kept with the server's other key
 * material (`identity_keys`), the same for every instance.
 */
export async function loadBundleKeyring(
  pool: pg.Pool,
  configured: ParsedKeyring | null,
): Promise<ParsedKeyring> {
  if (configured) return configured;
  const stored = await loadOrCreateKeyMaterial<StoredBundleKey>(
    pool,
    'diagnostics-keyring-1',
    'diagnostics-keyring',
    async () => ({ keyId: GENERATED_KEY_ID, key: randomBytes(32).toString('base64') }),
  );
  return {
    keyring: { [stored.keyId]: Buffer.from(stored.key, 'base64') },
    currentKeyId: stored.keyId,
  };
}

/** The server's key for signed download URLs (HMAC-SHA256), created at first use. */
export async function loadUrlSigningKey(pool: pg.Pool): Promise<Buffer> {
  const stored = await loadOrCreateKeyMaterial<{ key: string }>(
    pool,
    'diagnostics-url-signing-1',
    'url-signing',
    async () => ({ key: randomBytes(32).toString('base64') }),
  );
  return Buffer.from(stored.key, 'base64');
}

/** A value loaded once and kept; a failed load is tried again on the next call. */
export function memo<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () => {
    value ??= load().catch((error: unknown) => {
      value = null;
      throw error;
    });
    return value;
  };
}
