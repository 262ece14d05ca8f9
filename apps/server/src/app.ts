import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from 'helmet';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { responseSerializerCompiler } from './plugins/serialization.js';
import type { EndpointDefinition } from '@aerie/contract';
import type { AppConfig } from './config.js';
import type { Database } from './db/database.js';
import { serverFeatures, type AppServices, type FeatureContext } from './features/index.js';
import { createUsersRepository } from './features/users/index.js';
import { createSharedServices } from './services.js';
import {
  PRINCIPAL_CACHE_TTL_MS,
  registerAuthentication,
  type CachedPrincipal,
} from './plugins/auth.js';
import { createUserActivityRecorder } from './plugins/user-activity.js';
import { announceCredentialsChange, onCredentialsChange } from './plugins/credentials-events.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerRequestLimits, type WriteBudget } from './plugins/request-limits.js';
import { registerSpa } from './plugins/spa.js';
import { loadIdentityKeys, publicJwk } from './identity/keys.js';
import { createProvider } from './identity/provider.js';
import { createApiClientsRepository } from './identity/api-clients.repository.js';
import { identityRoutes } from './identity/identity.routes.js';
import { createCredentialThrottle } from './identity/credential-throttle.js';
import { createCredentialThrottleRepository } from './identity/credential-throttle.repository.js';
import { createKnownBrowsers } from './identity/known-browsers.js';
import { createSignInGuard } from './identity/sign-in-guard.js';
import { createOidcPayloadsRepository } from './identity/oidc-payloads.repository.js';
import {
  createTokenVerifier,
  discoverJwksUri,
  type TokenVerifier,
} from './identity/token-verifier.js';

/** A route Fastify registered, and the contract endpoint it came from (null if none). */
export interface RegisteredRoute {
  method: string;
  url: string;
  endpoint: EndpointDefinition | null;
  /** The write budget it counts against (plugins/request-limits.ts), or false. */
  writeBudget: WriteBudget | false;
  /** Whether it runs as a heavy read: always, for some requests, or never. */
  heavy: boolean | 'request';
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/** How long a closing server lets in-flight requests finish before it drops every connection. */
const SHUTDOWN_GRACE_MS = 5_000;

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Defaults to pino at the configured level; tests pass false. */
  logger?: boolean;
}

export async function buildApp({
  config,
  database,
  logger = true,
}: BuildAppOptions): Promise<FastifyInstance> {
  const { trustProxy } = config;
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    // Bounded: the largest JSON body the contract allows elsewhere (a zone of 1,000 points, a
    // template, settings) is well under it; the feed routes have smaller limits, terminal report
    // batches a larger one (docs/security.md).
    bodyLimit: 256 * 1024,
    // Who may say which address a request came from (TRUST_PROXY, docs/security.md). A number
    // of proxies is the hop test Fastify would build from it (its types take no number).
    trustProxy:
      typeof trustProxy === 'number'
        ? (_address: string, hop: number) => hop < trustProxy
        : trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  if (config.publicUrl.startsWith('https://') && trustProxy === false) {
    app.log.warn(
      'PUBLIC_URL is https but TRUST_PROXY is not set: behind a proxy that terminates TLS, every ' +
        "client counts as the proxy's address in rate limits and the sign-in throttle",
    );
  }
  // Every route as Fastify registered it, for the route-table test (routes.api.test.ts).
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) {
      registeredRoutes.push({
        method: String(method),
        url: options.url,
        endpoint: options.config?.endpoint ?? null,
        writeBudget: options.config?.writeBudget ?? false,
        heavy: options.config?.heavy ?? false,
      });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written by serializers compiled from the response schemas (plugins/serialization.ts).
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandling(app);

  const identityOrigin = new URL(config.identity.issuer).origin;
  const selfOrigin = new URL(config.publicUrl).origin;
  const externalIdentity = identityOrigin !== selfOrigin ? [identityOrigin] : [];
  // The security headers (CSP, frame and referrer policies, HSTS behind HTTPS…), one middleware
  // built at start and run on every request. NOTE: @fastify/helmet 13.2 built helmet's
  // middleware again on every request (parsing the CSP each time: ~10 µs, 16% of /status);
  // these options are the same for every route, so it is built once (docs/performance.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...externalIdentity],
        frameSrc: ["'self'", ...externalIdentity],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'self'"],
        formAction: ["'self'", ...externalIdentity],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
    // The silent-renew iframe and the sign-in pages share one origin.
    frameguard: { action: 'sameorigin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });

  // JSON answers above 4 KiB go out gzipped (level 1, the cheapest): a page of 50 devices
  // shrinks from ~55 KB to ~12 KB for about 0.3 ms of CPU (bench/api-compression.bench.mjs,
  // docs/performance.md). Files and streams are left alone: built assets are precompressed,
  // file answers (`media` endpoints) opt out, the live stream is hijacked.
  await app.register(compress, {
    global: true,
    encodings: ['gzip'],
    threshold: 4096,
    zlibOptions: { level: 1 },
  });

  const users = createUsersRepository(database.pool);
  const apiClients = createApiClientsRepository(database.pool);

  const { services, providers, close } = await createSharedServices({
    config,
    database,
    log: app.log,
  });

  // Under "account": clearing the account cache (and any change to a user) drops it; so does an
  // announced change of credentials (a sign-out), which the entries cannot be found by.
  const principals = services.caches.register<CachedPrincipal>(
    'account',
    'authenticated-principals',
    { ttlMs: PRINCIPAL_CACHE_TTL_MS, maxEntries: 10_000 },
  );
  const stopClearingPrincipals = onCredentialsChange(services.bus, () => principals.clear());
  app.addHook('onClose', async () => stopClearingPrincipals());

  let verify: TokenVerifier;
  let grantActive: ((grantId: string) => Promise<boolean>) | undefined;
  if (config.identity.mode === 'embedded') {
    const keys = await loadIdentityKeys(database.pool);
    const payloads = createOidcPayloadsRepository(database.pool);
    const provider = createProvider({
      issuer: config.identity.issuer,
      publicUrl: config.publicUrl,
      brand: config.brand,
      portalClientId: config.identity.clientId,
      audience: config.identity.audience,
      keys,
      users,
      apiClients,
      payloads,
      portalAccessTokenTtl: config.identity.portalAccessTokenTtl,
      clientAccessTokenTtl: config.identity.clientAccessTokenTtl,
    });
    provider.on('server_error', (_ctx, error) =>
      app.log.error({ err: error }, 'identity provider error'),
    );
    // Signing out destroys the session's grant: its access tokens stop at once, everywhere.
    provider.on('grant.revoked', (ctx, _grantId) => {
      // At once here (the next request may come before the bus delivers), then everywhere.
      principals.clear();
      announceCredentialsChange(services.bus, ctx.oidc.session?.accountId ?? null).catch(
        (error: unknown) => app.log.warn({ err: error }, 'could not announce a sign-out'),
      );
    });
    grantActive = async (grantId) => (await payloads.findLive('Grant', 'id', grantId)) !== null;
    const throttle = createCredentialThrottle(createCredentialThrottleRepository(database.pool));
    const knownBrowsers = createKnownBrowsers(
      keys.cookieKeys[0]!,
      config.publicUrl.startsWith('https://'),
    );
    await app.register(identityRoutes, {
      provider,
      brand: config.brand,
      publicUrl: config.publicUrl,
      users,
      guard: createSignInGuard({ users, throttle, knownBrowsers }),
      knownBrowsers,
      throttle,
    });
    verify = createTokenVerifier({
      issuer: config.identity.issuer,
      audience: config.identity.audience,
      localKeys: [publicJwk(keys.signing)],
    });
  } else {
    verify = createTokenVerifier({
      issuer: config.identity.issuer,
      audience: config.identity.audience,
      jwksUri: await discoverJwksUri(config.identity.issuer),
    });
  }

  app.decorate('services', services);
  app.addHook('preClose', async () => {
    // NOTE: connections that never send a request (e.g. a client's spare pre-connect) hold
    // close() open indefinitely: in-flight requests get a grace period, then all are closed.
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
  });
  app.addHook('onClose', close);

  // Every feature, built once: a feature that provides a shared service already is.
  const context: FeatureContext = { config, pool: database.pool, database, log: app.log, services };
  const features = serverFeatures.map((create) => providers.get(create) ?? create(context));
  for (const feature of features) {
    const { start, beforeClose, stop } = feature;
    if (start) app.addHook('onReady', async () => start());
    if (beforeClose) app.addHook('preClose', async () => beforeClose());
    if (stop) app.addHook('onClose', async () => stop());
  }

  // First, so its hook for pages that share a path with an API call sees every route.
  await registerSpa(app, config.webDist, config.brand);

  const recordActivity = createUserActivityRecorder({
    write: (userId, at) => users.recordActivity(userId, at),
    onError: (error) => app.log.warn({ err: error }, 'could not record user activity'),
  });

  // Every route in this scope needs a valid bearer token unless it is marked public.
  await app.register(async (api) => {
    registerAuthentication(api, {
      verify,
      users,
      portalClientId: config.identity.clientId,
      resolveApiClientOwner: (clientId) => apiClients.ownerOf(clientId),
      recordActivity,
      ...(grantActive ? { grantActive } : {}),
      principals,
    });
    registerInputGuard(api);
    await registerRequestLimits(api, config.limits);
    for (const feature of features) await api.register(feature.routes);
  });

  return app;
}
