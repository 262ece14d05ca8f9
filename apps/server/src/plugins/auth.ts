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

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller; throws 401 on a route that did not authenticate. */
    principal(): Principal;
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

const principalKey = Symbol('principal');
type WithPrincipal = FastifyRequest & { [principalKey]?: Principal };

/**
 * Verifies the bearer token on every route of the instance it is registered
 * in, unless the route is marked public. Registered once for all API routes.
 */
export function registerAuthentication(app: FastifyInstance, o: AuthOptions): void {
  app.decorateRequest('principal', function (this: FastifyRequest) {
    const p = (this as WithPrincipal)[principalKey];
    if (!p) throw new UnauthorizedError();
    return p;
  });

  const now = o.now ?? Date.now;
  const remember = (request: FastifyRequest, principal: Principal) => {
    (request as WithPrincipal)[principalKey] = principal;
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
        remember(request, cached.principal);
        return;
      }
      o.principals?.delete(raw);
    }
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
      userId = await resolveUserId(o.users, token.sub, token.email);
    }
    const user = userId ? await o.users.findById(userId) : null;
    if (!user || user.disabled)
      throw new UnauthorizedError('The access token does not belong to an active user.');
    const principal: Principal = {
      userId: user.id,
      accountId: user.accountId,
      role: user.role,
      apiClientId: isClientToken ? token.clientId : null,
    };
    // API clients' tokens are checked every time: deleting a client stops its tokens at once.
    if (!isClientToken) o.principals?.set(raw, { principal, tokenExpiresAt: token.expiresAt });
    remember(request, principal);
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
