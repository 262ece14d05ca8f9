import Provider, {
  errors,
  type Adapter,
  type AdapterPayload,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { PARTNERS_API_SCOPE, PORTAL_API_SCOPE } from '@aerie/contract';
import type { UsersRepository } from '../features/users/index.js';
import { randomBytes } from 'node:crypto';
import type { ApiClientsRepository } from './api-clients.repository.js';
import { verifyClientSecret } from './client-secrets.js';
import type { IdentityKeys } from './keys.js';
import { createOidcAdapterFactory } from './oidc-adapter.js';
import type { OidcPayloadsRepository } from './oidc-payloads.repository.js';
import { errorPage, logoutPage } from './pages.js';

export interface ProviderOptions {
  issuer: string;
  publicUrl: string;
  brand: string;
  portalClientId: string;
  audience: string;
  keys: IdentityKeys;
  users: UsersRepository;
  apiClients: ApiClientsRepository;
  payloads: OidcPayloadsRepository;
  /** Seconds; the portal renews silently well before expiry. */
  portalAccessTokenTtl?: number;
  /** Seconds; API clients' (client credentials) access tokens. */
  clientAccessTokenTtl?: number;
}

/** The access token claim that names the token's grant (revoked at sign-out). */
export const GRANT_ID_CLAIM = 'grant_id';

/** Seconds. */
const TTL = {
  portalAccessToken: 15 * 60,
  clientAccessToken: 60 * 60,
  session: 12 * 60 * 60,
  interaction: 60 * 60,
  grant: 14 * 24 * 60 * 60,
  idToken: 60 * 60,
  code: 60,
};

/**
 * The embedded OpenID Connect provider: authorization code + PKCE for the
 * portal, client credentials (scope partners-api) for API clients, JWT access
 * tokens for one resource server (the portal API).
 */
export function createProvider(o: ProviderOptions): Provider {
  const baseAdapter = createOidcAdapterFactory(o.payloads);
  const portalTtl = o.portalAccessTokenTtl ?? TTL.portalAccessToken;
  const clientTtl = o.clientAccessTokenTtl ?? TTL.clientAccessToken;

  const configuration: Configuration = {
    adapter: (kind: string) =>
      kind === 'Client' ? apiClientAdapter(o.apiClients, baseAdapter(kind)) : baseAdapter(kind),
    clients: [
      {
        client_id: o.portalClientId,
        client_name: `${o.brand} portal`,
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [
          `${o.publicUrl}/auth/signinwin/main`,
          `${o.publicUrl}/auth/signinsilent`,
          `${o.publicUrl}/auth/signinpop`,
        ],
        post_logout_redirect_uris: [`${o.publicUrl}/`, `${o.publicUrl}/auth/signoutpop`],
        scope: 'openid profile offline_access',
      },
    ],
    // Secrets are only ever presented, never used as keys (no client_secret_jwt, no HS*).
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    jwks: { keys: [o.keys.signing] },
    cookies: { keys: o.keys.cookieKeys },
    pkce: { required: () => true },
    responseTypes: ['code'],
    // OIDC scopes only: 'api' and 'partners-api' are the resource server's scopes.
    scopes: ['openid', 'profile', 'offline_access'],
    claims: { openid: ['sub'], profile: ['name', 'given_name', 'family_name', 'email'] },
    // A user's access token names its grant, which signing out destroys: the API refuses the
    // token from then on (plugins/auth.ts), not only once it expires.
    extraTokenClaims: (_ctx, token) =>
      token.kind === 'AccessToken' && token.grantId
        ? { [GRANT_ID_CLAIM]: token.grantId }
        : undefined,
    conformIdTokenClaims: false,
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? portalTtl,
      ClientCredentials: clientTtl,
      Session: TTL.session,
      Interaction: TTL.interaction,
      Grant: TTL.grant,
      IdToken: TTL.idToken,
      AuthorizationCode: TTL.code,
    },
    async findAccount(_ctx, sub) {
      const user = await o.users.findById(sub).catch(() => null);
      if (!user || user.disabled) return undefined;
      return {
        accountId: user.id,
        async claims() {
          return {
            sub: user.id,
            email: user.email,
            given_name: user.firstName,
            family_name: user.lastName,
            name: `${user.firstName} ${user.lastName}`,
          };
        },
      };
    },
    interactions: { url: (_ctx, interaction) => `/auth/interaction/${interaction.uid}` },
    // The portal is a first-party application: its users are not asked for consent.
    async loadExistingGrant(ctx) {
      const oidc = ctx.oidc;
      const client = oidc.client;
      const session = oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const found = await oidc.provider.Grant.find(grantId);
        if (found) return found;
      }
      if (client.clientId !== o.portalClientId) return undefined;
      const grant = new oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid profile offline_access');
      grant.addResourceScope(o.audience, PORTAL_API_SCOPE);
      await grant.save();
      return grant;
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx: KoaContextWithOIDC, form: string) {
          ctx.type = 'html';
          ctx.body = logoutPage(o.brand, form);
        },
        postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          ctx.type = 'html';
          ctx.body = errorPage(
            o.brand,
            'Signed out',
            'You have been signed out.',
            `${o.publicUrl}/`,
          );
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx, _client, oneOf) => oneOf ?? o.audience,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resource, client) {
          if (resource !== o.audience) throw new errors.InvalidTarget();
          const portal = client.clientId === o.portalClientId;
          return {
            scope: portal ? PORTAL_API_SCOPE : PARTNERS_API_SCOPE,
            audience: o.audience,
            accessTokenTTL: portal ? portalTtl : clientTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // Refresh tokens rotate and are issued to the portal (offline_access) only.
    issueRefreshToken: (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
    renderError(ctx, out) {
      ctx.type = 'html';
      const message =
        out.error === 'invalid_request' || out.error === 'invalid_client'
          ? 'The sign-in request was not valid. Please start again from the portal.'
          : 'Something went wrong while signing in. Please start again from the portal.';
      ctx.body = errorPage(o.brand, 'Sign-in problem', message, `${o.publicUrl}/`);
    },
  };
  const provider = new Provider(o.issuer, configuration);
  // NOTE: oidc-provider compares a presented secret with the client record's client_secret;
  // API client secrets are stored hashed, so the comparison is replaced by the one check in
  // client-secrets.ts (the way the library's author suggests for hashed secrets, issue #631).
  provider.Client.prototype.compareClientSecret = async function (
    this: { clientId: string },
    actual,
  ) {
    return verifyClientSecret(actual, await o.apiClients.credentialsOf(this.clientId));
  };
  return provider;
}

/**
 * The client_secret of API client records: the provider requires one for the secret-based
 * methods, but never compares it (compareClientSecret above) nor uses it as a key
 * (clientAuthMethods). Random per process, so it can match nothing.
 */
const UNUSED_CLIENT_SECRET = randomBytes(32).toString('base64url');

/** API clients are registered in `api_clients`; they use the client-credentials grant only. */
function apiClientAdapter(apiClients: ApiClientsRepository, fallback: Adapter): Adapter {
  return {
    ...fallback,
    async find(id: string): Promise<AdapterPayload | undefined> {
      const client = await apiClients.credentialsOf(id);
      if (!client) return undefined;
      return {
        client_id: client.clientId,
        client_secret: UNUSED_CLIENT_SECRET,
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: 'client_secret_post',
      };
    },
  };
}
