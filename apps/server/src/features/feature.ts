import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import type { BlobStore } from '../adapters/blob-store.js';
import type { HubAdapter } from '../adapters/hub-adapter.js';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/database.js';
import type { Authorize } from '../plugins/authorization.js';
import type { CacheRegistry } from '../plugins/cache.js';
import type { LiveBus } from '../plugins/live-bus.js';
import type { DeviceInScope, Tenancy } from '../plugins/tenancy.js';
import type { DiagnosticsPort } from './diagnostics/index.js';
import type { JobsService } from './jobs/index.js';
import type { Mailer } from './mail/index.js';
import type { PublishNotification } from './notifications/index.js';
import type { DocumentsPort } from './resources/index.js';
import type { IngestionService } from './telemetry/index.js';

/** Services shared across features, composed by services.ts (features never import each other). */
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
  /** Jobs and their state machine (the jobs feature's), for features that run jobs. */
  jobs: JobsService;
  /** Sends mail in the background (the mail feature's; SMTP or the outbox). */
  mailer: Mailer;
  /** Where files are kept (adapters/blob-store.ts): the filesystem under DATA_DIR by default. */
  blobs: BlobStore;
  /** Diagnostic bundles' keyring and storage (the diagnostics feature's), e.g. for the demo. */
  diagnostics: DiagnosticsPort;
  /** The document library (the resources feature's): signed downloads, search, the demo's files. */
  documents: DocumentsPort;
}

/**
 * What a feature is built from. `S` names the shared services it uses, so a feature's factory
 * shows what it depends on.
 */
export interface FeatureContext<S extends keyof AppServices = keyof AppServices> {
  readonly config: AppConfig;
  /** The one access path to the data: repositories write SQL on it (decision 022). */
  readonly pool: pg.Pool;
  readonly database: Pick<Database, 'kind' | 'version'>;
  readonly log: FastifyBaseLogger;
  readonly services: Pick<AppServices, S>;
}

/** A feature as the app registers it: its routes, and what it does while the app runs. */
export interface ServerFeature {
  readonly name: string;
  /** Registered in the authenticated scope (a route is public only if its endpoint says so). */
  readonly routes: FastifyPluginAsync;
  /** When the app is ready (onReady): background work starts. */
  readonly start?: () => Promise<void> | void;
  /** Before the server stops taking requests (preClose): long-lived responses end. */
  readonly beforeClose?: () => Promise<void> | void;
  /** When the app closes (onClose), before the database does: background work stops. */
  readonly stop?: () => Promise<void> | void;
}

/** Every feature folder's index.ts exports one; features/index.ts lists them in order. */
export type FeatureFactory<S extends keyof AppServices = keyof AppServices> = (
  context: FeatureContext<S>,
) => ServerFeature;
