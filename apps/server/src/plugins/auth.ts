import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PARTNERS_API_SCOPE, PORTAL_API_SCOPE, type RoleKey } from '@aerie/contract';
import type { UsersRepository } from '../features/users/index.js';
import { InvalidTokenError, type TokenVerifier } from '../identity/token-verifier.js';
import type { TtlCache } from './cache.js';
import { UnauthorizedError } from './errors.js';

/** Who is calling: a user, or an API client acting as the user who created it. */
export interface Principal {
  userId: string;
  accountId: string;
  role: RoleKey;
  /** Set when the call comes from an API client (client-credentials token). */
  apiClientId: string | null;
}

/** The caller's credentials, for a response that outlives the request (the live stream). */
export interface Credentials {
  principal: Principal;
  /** When the access token expires (ms since the epoch). */
  expiresAt: number;
  /**
   * Checks the token, the user (active) and the API client (not deleted) again, bypassing every
   * cache: false once they no longer hold. Other failures (the database) reject.
   */
  stillValid(): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller; throws 401 on a route that did not authenticate. */
    principal(): Principal;
    /** The verified caller's credentials; throws 401 on a route that did not authenticate. */
    credentials(): Credentials;
  }
  interface FastifyContextConfig {
    /** Routes that answer without a bearer token (health, status, runtime config). */
    public?: boolean;
  }
}

export interface AuthOptions {
  verify: TokenVerifier;
  users: UsersRepository;
  portalClientId: string;
  /** How an external issuer's token maps to a user: by `sub` as our user id, else by email claim. */
  resolveApiClientOwner(clientId: string): Promise<string | null>;
  /**
   * Whether a user's token's grant (`grant_id`) still exists: signing out destroys it. Without
   * it (an external issuer), or for a token without the claim, only the expiry counts.
   */
  grantActive?: (grantId: string) => Promise<boolean>;
  /** Told of each authenticated user call (not API clients'); must return at once, never throw. */
  recordActivity?: (userId: string) => void;
  /**
   * Users remembered by their exact access token for a few seconds
   * ({@link PRINCIPAL_CACHE_TTL_MS}), so a busy user's calls skip the signature check and the
   * user lookup (API clients' tokens are not remembered: a deleted client stops at once). Register it under the "account" cache kind: clearing that kind (which any
   * change to a user's role, account or status must do) empties it on every instance through
   * the live bus. An entry never outlives its token's `exp`.
   */
  principals?: TtlCache<CachedPrincipal>;
  now?: () => number;
}

/** How long a verified caller is reused without checking the token and the user again. */
export const PRINCIPAL_CACHE_TTL_MS = 5_000;

export interface CachedPrincipal {
  principal: Principal;
  /** The token's `exp` in ms: the entry is not used at or after it. */
  tokenExpiresAt: number;
}

const credentialsKey = Symbol('credentials');
type WithCredentials = FastifyRequest & { [credentialsKey]?: Credentials };

/**
 * Verifies the bearer token on every route of the instance it is registered
 * in, unless the route is marked public. Registered once for all API routes.
 */
export function registerAuthentication(app: FastifyInstance, o: AuthOptions): void {
  const credentialsOf = (request: FastifyRequest) => {
    const c = (request as WithCredentials)[credentialsKey];
    if (!c) throw new UnauthorizedError();
    return c;
  };
  app.decorateRequest('principal', function (this: FastifyRequest) {
    return credentialsOf(this).principal;
  });
  app.decorateRequest('credentials', function (this: FastifyRequest) {
    return credentialsOf(this);
  });

  const now = o.now ?? Date.now;

  /** Verifies a bearer token and loads its user, without any cache; throws 401. */
  async function authenticate(raw: string): Promise<CachedPrincipal & { isClientToken: boolean }> {
    let token;
    try {
      token = await o.verify(raw);
    } catch (error) {
      if (error instanceof InvalidTokenError)
        throw new UnauthorizedError('The access token is invalid or expired.');
      throw error;
    }
    const isClientToken =
      token.clientId !== null &&
      token.clientId !== o.portalClientId &&
      (!token.sub || token.sub === token.clientId);
    let userId: string | null;
    if (isClientToken) {
      if (!token.scopes.includes(PARTNERS_API_SCOPE))
        throw new UnauthorizedError('The access token lacks the partners-api scope.');
      userId = await o.resolveApiClientOwner(token.clientId!);
    } else {
      if (!token.scopes.includes(PORTAL_API_SCOPE) && !token.scopes.includes(PARTNERS_API_SCOPE)) {
        throw new UnauthorizedError('The access token lacks the API scope.');
      }
      if (token.grantId && o.grantActive && !(await o.grantActive(token.grantId)))
        throw new UnauthorizedError('The access token was revoked: its session has ended.');
      userId = await resolveUserId(o.users, token.sub, token.email);
    }
    const user = userId ? await o.users.findById(userId) : null;
    if (!user || user.disabled)
      throw new UnauthorizedError('The access token does not belong to an active user.');
    return {
      principal: {
        userId: user.id,
        accountId: user.accountId,
        role: user.role,
        apiClientId: isClientToken ? token.clientId : null,
      },
      tokenExpiresAt: token.expiresAt,
      isClientToken,
    };
  }

  const remember = (request: FastifyRequest, raw: string, verified: CachedPrincipal) => {
    const { principal } = verified;
    (request as WithCredentials)[credentialsKey] = {
      principal,
      expiresAt: verified.tokenExpiresAt,
      stillValid: () =>
        authenticate(raw).then(
          (again) =>
            again.principal.userId === principal.userId && again.principal.role === principal.role,
          (error: unknown) => {
            if (error instanceof UnauthorizedError) return false;
            throw error;
          },
        ),
    };
    // Monthly active users count people, not integrations acting for them.
    if (principal.apiClientId === null) o.recordActivity?.(principal.userId);
  };

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    const raw = match?.[1];
    if (!raw) throw new UnauthorizedError('A bearer access token is required.');
    const cached = o.principals?.get(raw);
    if (cached) {
      if (cached.tokenExpiresAt > now()) {
        remember(request, raw, cached);
        return;
      }
      o.principals?.delete(raw);
    }
    const { isClientToken, ...verified } = await authenticate(raw);
    // API clients' tokens are checked every time: deleting a client stops its tokens at once.
    if (!isClientToken) o.principals?.set(raw, verified);
    remember(request, raw, verified);
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function resolveUserId(
  users: UsersRepository,
  sub: string | null,
  email: string | null,
): Promise<string | null> {
  if (sub && UUID.test(sub)) return sub;
  if (email) return (await users.findByEmail(email))?.id ?? null;
  return null;
}
