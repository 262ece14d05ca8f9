import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { responseSerializerCompiler } from './plugins/serialization.js';
import { PORTAL_SCOPES, type EndpointDefinition } from '@aerie/contract';
import type { AppConfig } from './config.js';
import type { Database } from './db/database.js';
import { createUsersRepository } from './features/users/users.repository.js';
import { createUsersService } from './features/users/users.service.js';
import { usersRoutes } from './features/users/users.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import {
  databaseProbe,
  fileStoreProbe,
  identityProbe,
  type HealthProbe,
} from './features/health/health.probes.js';
import { createHealthRepository } from './features/health/health.repository.js';
import { createHealthService } from './features/health/health.service.js';
import { createCachesService } from './features/health/caches.service.js';
import { createAccountsFeature } from './features/accounts/index.js';
import { createDevicesFeature } from './features/devices/index.js';
import { createDeviceFeaturesFeature } from './features/device-features/index.js';
import { createDeviceOperationsFeature } from './features/device-operations/index.js';
import { createDeviceConfigFeature } from './features/device-config/index.js';
import { createMetricsFeature } from './features/metrics/index.js';
import { createHubFeature } from './features/hub/index.js';
import { createTelemetryFeature } from './features/telemetry/index.js';
import type { IngestionService } from './features/telemetry/ingestion.service.js';
import type { HubAdapter, NmsType } from './adapters/hub-adapter.js';
import { HubSimulator } from './simulators/hub/hub-simulator.js';
import { createPgHubRemoteStore } from './simulators/hub/pg-hub-remote-store.js';
import { createZonesFeature } from './features/zones/index.js';
import { createJobsFeature } from './features/jobs/index.js';
import { createDocsFeature } from './features/docs/index.js';
import { createSubscriptionsFeature } from './features/subscriptions/index.js';
import { createReferenceFeature } from './features/reference/index.js';
import { createApiClientsService } from './features/api-clients/api-clients.service.js';
import { apiClientsRoutes } from './features/api-clients/api-clients.routes.js';
import { createNotificationsFeature } from './features/notifications/index.js';
import type { PublishNotification } from './features/notifications/notifications.service.js';
import { createFeedRepository } from './features/feed/feed.repository.js';
import { createFeedService } from './features/feed/feed.service.js';
import { feedRoutes } from './features/feed/feed.routes.js';
import { createRecentRepository } from './features/shell/recent.repository.js';
import { createRecentService } from './features/shell/recent.service.js';
import { recentRoutes } from './features/shell/recent.routes.js';
import { createLiveBus, type LiveBus } from './plugins/live-bus.js';
import { createCacheRegistry, type CacheRegistry } from './plugins/cache.js';
import type { DeviceInScope, Tenancy } from './plugins/tenancy.js';
import type { Authorize } from './plugins/authorization.js';
import { runtimeConfigRoutes } from './features/shell/config.routes.js';
import {
  PRINCIPAL_CACHE_TTL_MS,
  registerAuthentication,
  type CachedPrincipal,
} from './plugins/auth.js';
import { createUserActivityRecorder } from './plugins/user-activity.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerSpa } from './plugins/spa.js';
import { loadIdentityKeys, publicJwk } from './identity/keys.js';
import { createProvider } from './identity/provider.js';
import { createApiClientsRepository } from './identity/api-clients.repository.js';
import { identityRoutes } from './identity/identity.routes.js';
import { createLoginThrottle } from './identity/login-throttle.js';
import { createLoginThrottleRepository } from './identity/login-throttle.repository.js';
import { createOidcPayloadsRepository } from './identity/oidc-payloads.repository.js';
import {
  createTokenVerifier,
  discoverJwksUri,
  type TokenVerifier,
} from './identity/token-verifier.js';
import { APP_VERSION } from './version.js';

/** Services shared across features, composed here (features never import each other). */
export interface AppServices {
  bus: LiveBus;
  caches: CacheRegistry;
  tenancy: Tenancy;
  /** The one authorization step every service takes (docs/decisions/023-authorization.md). */
  authorize: Authorize;
  /** The one lookup of a device within the caller's accounts (the devices feature's). */
  deviceInScope: DeviceInScope;
  publishNotification: PublishNotification;
  /** The satellite network hub: the simulator until a real adapter is configured. */
  hub: HubAdapter;
  /** The write path of terminal reports (the API call and the fleet simulator). */
  ingestion: IngestionService;
}

/** A route Fastify registered, and the contract endpoint it came from (null if none). */
export interface RegisteredRoute {
  method: string;
  url: string;
  endpoint: EndpointDefinition | null;
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
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    // Generous but bounded; uploads get their own limits where they stream.
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  // Every route as Fastify registered it, for the route-table test (routes.api.test.ts).
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) {
      registeredRoutes.push({
        method: String(method),
        url: options.url,
        endpoint: options.config?.endpoint ?? null,
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
  await app.register(helmet, {
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

  const users = createUsersRepository(database.pool);
  const apiClients = createApiClientsRepository(database.pool);

  let verify: TokenVerifier;
  if (config.identity.mode === 'embedded') {
    const keys = await loadIdentityKeys(database.pool);
    const provider = createProvider({
      issuer: config.identity.issuer,
      publicUrl: config.publicUrl,
      brand: config.brand,
      portalClientId: config.identity.clientId,
      audience: config.identity.audience,
      keys,
      users,
      apiClients,
      payloads: createOidcPayloadsRepository(database.pool),
      portalAccessTokenTtl: config.identity.portalAccessTokenTtl,
    });
    provider.on('server_error', (_ctx, error) =>
      app.log.error({ err: error }, 'identity provider error'),
    );
    await app.register(identityRoutes, {
      provider,
      brand: config.brand,
      publicUrl: config.publicUrl,
      users,
      throttle: createLoginThrottle(createLoginThrottleRepository(database.pool)),
      apiClients,
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

  // Add probes for the job queue, hub and mail here when those services exist.
  const probes: HealthProbe[] = [
    databaseProbe(() => database.version()),
    identityProbe(
      config.identity.mode === 'embedded' ? `embedded ${APP_VERSION}` : config.identity.issuer,
    ),
    fileStoreProbe(config.dataDir),
  ];

  const bus = createLiveBus(database, app.log);
  await bus.ready();
  const caches = createCacheRegistry(bus, app.log);
  const accounts = createAccountsFeature(database.pool, caches);
  const { authorize } = accounts;
  const notifications = createNotificationsFeature(database.pool, bus, app.log, authorize);
  const hub = new HubSimulator({
    store: createPgHubRemoteStore(database.pool),
    delayMs: config.hub.simulatorDelayMs,
    networks: async () =>
      (
        await database.pool.query<{ networkId: string; nmsType: NmsType; displayName: string }>(
          `select network_id as "networkId", nms_type as "nmsType", display_name as "displayName"
             from hub_networks`,
        )
      ).rows,
    onError: (err) => app.log.error({ err }, 'hub simulator failed to apply an operation'),
  });
  const telemetry = createTelemetryFeature(database.pool, caches, authorize);
  const devices = createDevicesFeature(database.pool, authorize, caches, {
    preparedStatements: database.kind === 'postgres',
  });
  // The one lookup of a device within the caller's accounts, for every feature acting on one.
  const deviceInScope = devices.findDevice;
  app.decorate('services', {
    hub,
    ingestion: telemetry.ingestion,
    bus,
    caches,
    tenancy: accounts.tenancy,
    authorize,
    deviceInScope,
    publishNotification: notifications.publishNotification,
  });
  app.addHook('preClose', async () => {
    // Open event streams would keep the server from closing.
    notifications.close();
    // NOTE: connections that never send a request (e.g. a client's spare pre-connect) hold
    // close() open indefinitely: in-flight requests get a grace period, then all are closed.
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
  });
  app.addHook('onClose', async () => {
    caches.close();
    await bus.close();
  });

  // First, so its hook for pages that share a path with an API call sees every route.
  await registerSpa(app, config.webDist);

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
      // Under "account": clearing the account cache (and any change to a user) drops it.
      principals: caches.register<CachedPrincipal>('account', 'authenticated-principals', {
        ttlMs: PRINCIPAL_CACHE_TTL_MS,
        maxEntries: 10_000,
      }),
    });
    await api.register(
      createDocsFeature({
        brand: config.brand,
        version: APP_VERSION,
        openIdConnectUrl: `${config.identity.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
      }).routes,
    );
    await api.register(
      healthRoutes(
        createHealthService(createHealthRepository(database.pool), probes, authorize),
        createCachesService(caches, authorize),
      ),
    );
    await api.register(
      runtimeConfigRoutes({
        brand: config.brand,
        apiUrl: '',
        liveUrl: '/live',
        authority: config.identity.issuer,
        clientId: config.identity.clientId,
        scope: PORTAL_SCOPES,
        mapsKey: config.mapsKey,
        cdnBase: config.cdnBase,
        support: config.support,
      }),
    );
    await api.register(usersRoutes(createUsersService(users, config.brand, authorize)));
    await api.register(
      apiClientsRoutes(createApiClientsService(apiClients, [config.identity.clientId], authorize)),
    );
    await api.register(accounts.routes);
    await api.register(notifications.routes);
    await api.register(
      feedRoutes(createFeedService(createFeedRepository(database.pool), app.log, authorize)),
    );
    await api.register(
      recentRoutes(createRecentService(createRecentRepository(database.pool), authorize)),
    );
    await api.register(devices.routes);
    await api.register(
      createDeviceFeaturesFeature({
        pool: database.pool,
        authorize,
        deviceInScope,
        publicUrl: config.publicUrl,
        brand: config.brand,
      }).routes,
    );
    await api.register(
      createDeviceConfigFeature(database.pool, { authorize, deviceInScope }).routes,
    );
    await api.register(createMetricsFeature(database.pool, authorize).routes);
    await api.register(telemetry.routes);
    await api.register(
      createHubFeature({
        pool: database.pool,
        hub,
        authorize,
        deviceInScope,
        brand: config.brand,
        log: app.log,
      }).routes,
    );
    await api.register(createZonesFeature(database.pool, authorize).routes);
    const jobs = createJobsFeature(database.pool, authorize);
    await api.register(jobs.routes);
    const operations = createDeviceOperationsFeature({
      pool: database.pool,
      jobs: jobs.service,
      hub,
      findDevice: deviceInScope,
      publishNotification: notifications.publishNotification,
      authorize,
      caches,
      jobTimeoutSeconds: config.hub.jobTimeoutSeconds,
      hubPollMs: Math.min(1_000, Math.max(50, Math.round(config.hub.simulatorDelayMs / 4))),
      log: app.log,
    });
    await api.register(operations.routes);
    // The hub job worker runs while the app does: started when it is ready, stopped (quickly,
    // its jobs handed back to the queue) before the database closes.
    app.addHook('onReady', () => operations.start());
    app.addHook('onClose', () => operations.stop());
    await api.register(createSubscriptionsFeature(database.pool, authorize, caches).routes);
    await api.register(
      createReferenceFeature({
        pool: database.pool,
        caches,
        authorize,
        brand: config.brand,
        staffEmailDomain: config.staffEmailDomain,
      }).routes,
    );
  });

  return app;
}
