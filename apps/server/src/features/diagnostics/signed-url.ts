import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed download URLs of stored files (`POST /v2/storage/blob`, decision 039): a token that
 * names the container, the path, inline or attachment and an expiry, with an HMAC-SHA256 of
 * them under the server's key. It needs no bearer token, so a plain link downloads.
 *
 * Token: base64url(JSON claims) `.` base64url(HMAC(key, "aerie-blob-url/1." + first part)).
 */
export interface BlobClaims {
  container: string;
  path: string;
  /** True: inline; false: an attachment. */
  view: boolean;
  /** Seconds since the epoch after which the token is refused. */
  expiresAt: number;
}

const CONTEXT = 'aerie-blob-url/1.';

function mac(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(CONTEXT).update(payload).digest();
}

export function signBlobToken(key: Buffer, claims: BlobClaims): string {
  const payload = Buffer.from(
    JSON.stringify({ c: claims.container, p: claims.path, v: claims.view, e: claims.expiresAt }),
  ).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/**
 * The claims of a token signed with `key` and not expired at `now` (ms), else null: altered,
 * forged, malformed or expired tokens all answer null (the caller's 403).
 */
export function verifyBlobToken(key: Buffer, token: string, now = Date.now()): BlobClaims | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [payload, signature] = parts as [string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || !/^[A-Za-z0-9_-]+$/.test(signature)) return null;
  // NOTE: the encodings are compared, not the decoded bytes: base64url's last character carries
  // spare bits, and a decoder ignores them, so a changed token could decode to the same MAC.
  const given = Buffer.from(signature);
  const expected = Buffer.from(mac(key, payload).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const { c, p, v, e } = (claims ?? {}) as Record<string, unknown>;
  if (typeof c !== 'string' || typeof p !== 'string' || typeof v !== 'boolean') return null;
  if (typeof e !== 'number' || !Number.isFinite(e) || e * 1000 <= now) return null;
  return { container: c, path: p, view: v, expiresAt: e };
}
