import type { FastifyBaseLogger } from 'fastify';
import { createFilesystemBlobStore } from './adapters/blob-store.js';
import type { NmsType } from './adapters/hub-adapter.js';
import type { AppConfig } from './config.js';
import type { Database } from './db/database.js';
import {
  createAccountsFeature,
  createDevicesFeature,
  createDiagnosticsFeature,
  createJobsFeature,
  createMailFeature,
  createNotificationsFeature,
  createResourcesFeature,
  createTelemetryFeature,
  type AppServices,
  type FeatureFactory,
  type ServerFeature,
} from './features/index.js';
import { createCacheRegistry } from './plugins/cache.js';
import { createLiveBus } from './plugins/live-bus.js';
import { HubSimulator } from './simulators/hub/hub-simulator.js';
import { createPgHubRemoteStore } from './simulators/hub/pg-hub-remote-store.js';

export interface SharedServices {
  services: AppServices;
  /**
   * The features that provide a shared service, built here (once, before the others, in the
   * order they depend on each other): the app registers these instances in their place in
   * `serverFeatures` instead of building them again.
   */
  providers: ReadonlyMap<FeatureFactory, ServerFeature>;
  /** Closes the cache registry and the live bus (after every feature has stopped). */
  close: () => Promise<void>;
}

/** Composes the services features share (features never import each other). */
export async function createSharedServices({
  config,
  database,
  log,
}: {
  config: AppConfig;
  database: Database;
  log: FastifyBaseLogger;
}): Promise<SharedServices> {
  const bus = createLiveBus(database, log);
  await bus.ready();
  const caches = createCacheRegistry(bus, log);
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
    onError: (err) => log.error({ err }, 'hub simulator failed to apply an operation'),
  });

  const base = { config, pool: database.pool, database, log };
  const accounts = createAccountsFeature({ ...base, services: { caches } });
  const { authorize, tenancy } = accounts;
  const withAuthorize = { ...base, services: { bus, caches, authorize } };
  const notifications = createNotificationsFeature(withAuthorize);
  const telemetry = createTelemetryFeature({
    ...base,
    services: { caches, authorize, publishNotification: notifications.publishNotification },
  });
  const devices = createDevicesFeature(withAuthorize);
  const jobs = createJobsFeature(withAuthorize);
  const mail = createMailFeature(withAuthorize);
  const blobs = createFilesystemBlobStore(config.blobDir);
  const resources = createResourcesFeature({ ...base, services: { authorize, blobs } });
  const diagnostics = createDiagnosticsFeature({
    ...base,
    services: {
      authorize,
      deviceInScope: devices.deviceInScope,
      jobs: jobs.jobs,
      blobs,
      documents: resources.documents,
    },
  });

  return {
    services: {
      hub,
      ingestion: telemetry.ingestion,
      bus,
      caches,
      tenancy,
      authorize,
      deviceInScope: devices.deviceInScope,
      publishNotification: notifications.publishNotification,
      jobs: jobs.jobs,
      mailer: mail.mailer,
      blobs,
      diagnostics: diagnostics.diagnostics,
      documents: resources.documents,
    },
    providers: new Map<FeatureFactory, ServerFeature>([
      [createAccountsFeature, accounts],
      [createNotificationsFeature, notifications],
      [createTelemetryFeature, telemetry],
      [createDevicesFeature, devices],
      [createJobsFeature, jobs],
      [createMailFeature, mail],
      [createResourcesFeature, resources],
      [createDiagnosticsFeature, diagnostics],
    ]),
    close: async () => {
      caches.close();
      await bus.close();
    },
  };
}
