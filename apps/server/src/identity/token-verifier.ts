import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWK,
  type JWTPayload,
} from 'jose';

/** Only asymmetric algorithms; `none` and HMAC are refused. */
export const ALLOWED_ALGORITHMS = ['RS256', 'PS256', 'ES256'];

export interface VerifiedToken {
  sub: string | null;
  clientId: string | null;
  scopes: string[];
  email: string | null;
  /** When the token expires (ms since the epoch, from `exp`). */
  expiresAt: number;
  /** The embedded provider's grant of a user's token (`grant_id`), destroyed at sign-out. */
  grantId: string | null;
}

export class InvalidTokenError extends Error {}

export interface TokenVerifierOptions {
  issuer: string;
  audience: string | null;
  /** Public keys of the embedded issuer; omitted for an external issuer (keys come from its JWKS URI). */
  localKeys?: JWK[];
  jwksUri?: string;
}

export type TokenVerifier = (token: string) => Promise<VerifiedToken>;

export function createTokenVerifier(o: TokenVerifierOptions): TokenVerifier {
  const keySet = o.localKeys
    ? createLocalJWKSet({ keys: o.localKeys })
    : createRemoteJWKSet(new URL(o.jwksUri ?? `${o.issuer}/.well-known/jwks.json`));
  return async (token) => {
    let payload: JWTPayload;
    try {
      const result = await jwtVerify(token, keySet, {
        issuer: o.issuer,
        algorithms: ALLOWED_ALGORITHMS,
        ...(o.audience ? { audience: o.audience } : {}),
        requiredClaims: ['exp'],
      });
      payload = result.payload;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw new InvalidTokenError(error.code);
      throw error;
    }
    const scope = typeof payload['scope'] === 'string' ? payload['scope'] : '';
    const clientId = typeof payload['client_id'] === 'string' ? payload['client_id'] : null;
    return {
      sub: payload.sub ?? null,
      clientId,
      scopes: scope.split(' ').filter(Boolean),
      email: typeof payload['email'] === 'string' ? payload['email'] : null,
      // `exp` is a required claim: jwtVerify refuses a token without it.
      expiresAt: (payload.exp ?? 0) * 1000,
      grantId: typeof payload['grant_id'] === 'string' ? payload['grant_id'] : null,
    };
  };
}

/** Reads the JWKS URI from an external issuer's discovery document. */
export async function discoverJwksUri(issuer: string): Promise<string> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`OIDC discovery at ${issuer} answered ${response.status}`);
  const document = (await response.json()) as { jwks_uri?: unknown; issuer?: unknown };
  if (typeof document.jwks_uri !== 'string')
    throw new Error(`OIDC discovery at ${issuer} has no jwks_uri`);
  return document.jwks_uri;
}
