import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_BRAND, DIAGNOSTICS_LIMITS } from '@aerie/contract';
import { isKdpError, parseKeyring, type ParsedKeyring } from '@aerie/kdp';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const ADDRESS_OR_RANGE = /^[0-9a-f.:]+(\/\d{1,3})?$/i;

/**
 * TRUST_PROXY: which proxies' X-Forwarded-For to believe for the client's address (rate limits
 * and the sign-in throttle key on it). Empty or `false`: none (the socket's address counts);
 * a number: that many proxies in front; a comma-separated list of addresses and CIDR ranges:
 * those proxies; `true`: every hop (only when nothing can reach the server but the proxy).
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): boolean | number | string[] => {
    const value = (v ?? '').trim();
    if (value === '' || value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    const list = value.split(',').map((a) => a.trim());
    if (list.every((a) => ADDRESS_OR_RANGE.test(a))) return list;
    ctx.addIssue({
      code: 'custom',
      message:
        'must be false, true, a number of proxies, or addresses/CIDR ranges separated by commas',
    });
    return z.NEVER;
  });

/**
 * DIAGNOSTICS_KEYRING: the keys of diagnostic bundles, as docs/formats/kdp.md writes a keyring
 * (`keyId:base64key`, by commas or lines, the current key first). Invalid: a startup error that
 * names the entry, never its key.
 */
const diagnosticsKeyring = z
  .string()
  .optional()
  .transform((v, ctx): ParsedKeyring | null => {
    if (v === undefined || v.trim() === '') return null;
    try {
      return parseKeyring(v);
    } catch (error) {
      if (!isKdpError(error)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message });
      return z.NEVER;
    }
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: trustProxy,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  BRAND: z.string().min(1).max(60).default(DEFAULT_BRAND),
  STAFF_EMAIL_DOMAIN: z.string().min(3).default('aerie.example'),
  OIDC_ISSUER: z.url().optional(),
  /** Client id of the portal at an external OIDC issuer. */
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  /** Expected `aud` of access tokens; defaults to the API's resource indicator. */
  OIDC_AUDIENCE: z.string().min(1).optional(),
  DEMO: booleanFlag,
  /** Devices in the generated demo fleet (0 for none). */
  DEMO_FLEET_SIZE: z.coerce.number().int().min(0).max(1_000_000).default(1500),
  DEMO_SEED: z.coerce.number().int().default(2026),
  /** Diagnostic bundles generated for demo devices at the first start, in the background (0 to 4). */
  DEMO_DIAGNOSTIC_BUNDLES: z.coerce.number().int().min(0).max(4).default(4),
  /** `0` generates the demo fleet without usage and metric history (benchmarks of large fleets). */
  DEMO_FLEET_HISTORY: z.enum(['0', '1']).default('1'),
  /** Lifetime of the portal's access tokens in seconds; the browser renews them silently. */
  PORTAL_ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).max(86_400).default(900),
  /** Lifetime of API clients' access tokens (client credentials) in seconds. */
  API_CLIENT_TOKEN_TTL: z.coerce.number().int().min(1).max(86_400).default(3600),
  /** Seconds between two heartbeats of a live stream, each of which checks its credentials again. */
  LIVE_HEARTBEAT_S: z.coerce.number().int().min(1).max(300).default(25),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /**
   * Where mail goes: `smtp://user:pass@host:587` or `smtps://…`. Without it, messages are kept
   * in the outbox (the mail_messages table and an .eml file each) for staff to read.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The sender of the portal's mail; defaults to "{brand} <no-reply@{staff domain}>". */
  MAIL_FROM: z.string().min(3).max(300).optional(),
  /** Seconds before a failed delivery is tried again; doubles after each attempt. */
  MAIL_RETRY_DELAY_S: z.coerce.number().int().min(1).max(3600).default(30),
  /** Attempts at delivering one message before it is marked failed. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(8),
  /** A JSON file of the ticket form's option lists, replacing the portal's defaults. */
  SUPPORT_CONFIG_FILE: z.string().min(1).optional(),
  SUPPORT_PHONE: z.string().default('+1 800 555 0142'),
  SUPPORT_EMAIL: z.string().default('support@aerie.example'),
  CDN_BASE: z.string().default('/assets/products'),
  MAPS_KEY: z.string().default(''),
  /** How long the hub simulator takes to apply an operation, in ms. */
  HUB_SIMULATOR_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(4000),
  /** Seconds after which a hub job still queued or running is ended as Error (the sweeper). */
  HUB_JOB_TIMEOUT_S: z.coerce.number().int().min(1).max(86_400).default(900),
  /** Seconds between two ticks of the fleet telemetry simulator (demo only); 0 stops it. */
  FLEET_SIMULATOR_INTERVAL_S: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Seconds between the browser's refreshes of live device state (runtime config). */
  STATUS_REFRESH_S: z.coerce.number().int().min(1).max(3600).default(30),
  /** Writes per minute per user or API client on every write route (docs/security.md). */
  WRITE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /** Feedback, browser telemetry and error reports per minute per user, together. */
  FEED_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** Terminal report batches (POST /v2/telemetry/reports) per minute per API client. */
  INGEST_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Heavy reads (metrics, long lists, exports) one user may have running at once. */
  HEAVY_CALLS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(2),
  /** Days browser telemetry events are kept (docs/security.md). */
  TELEMETRY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Days browser error reports are kept. */
  ERROR_REPORT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Newest telemetry events kept per user. */
  TELEMETRY_EVENTS_PER_USER: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
  /** Newest error reports kept per user. */
  ERROR_REPORTS_PER_USER: z.coerce.number().int().min(1).max(10_000_000).default(1_000),
  /** The keys of diagnostic bundles; without it one key is generated and kept in the database. */
  DIAGNOSTICS_KEYRING: diagnosticsKeyring,
  /**
   * The largest diagnostic bundle an upload may carry, in bytes: the spec's 500MB, and only
   * lower (tests send a few bytes over a small limit instead of 500 MB).
   */
  DIAGNOSTICS_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(DIAGNOSTICS_LIMITS.maxFileBytes)
    .default(DIAGNOSTICS_LIMITS.maxFileBytes),
  /**
   * Bytes kept free on the data folder's disk: an upload that would leave less is refused
   * (507), an unpack does not start with less (decision 039, "Disk space"). 1 GiB by default.
   */
  DIAGNOSTICS_MIN_FREE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(1024 ** 3),
});

export type AppConfig = ReturnType<typeof parseConfig>;

/** Resource indicator (audience) of the portal API at the embedded issuer. */
export const EMBEDDED_API_AUDIENCE = 'urn:aerie:api';

/**
 * Reads and validates the environment once at start. Throws with every
 * problem listed when the environment is invalid.
 */
export function parseConfig(env: NodeJS.ProcessEnv) {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = result.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const production = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    trustProxy: e.TRUST_PROXY,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    brand: e.BRAND,
    staffEmailDomain: e.STAFF_EMAIL_DOMAIN,
    /** Demo data: always outside production, and in production only with DEMO=1. */
    demo: production || env['DEMO'] ? e.DEMO : true,
    demoFleet: {
      size: e.DEMO_FLEET_SIZE,
      seed: e.DEMO_SEED,
      history: e.DEMO_FLEET_HISTORY === '1',
      diagnosticBundles: e.DEMO_DIAGNOSTIC_BUNDLES,
    },
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : null,
    identity: e.OIDC_ISSUER
      ? {
          mode: 'external' as const,
          issuer: e.OIDC_ISSUER.replace(/\/$/, ''),
          clientId: e.OIDC_CLIENT_ID ?? 'aerie-portal',
          audience: e.OIDC_AUDIENCE ?? null,
        }
      : {
          mode: 'embedded' as const,
          issuer: `${publicUrl}/auth`,
          clientId: 'aerie-portal',
          audience: e.OIDC_AUDIENCE ?? EMBEDDED_API_AUDIENCE,
          portalAccessTokenTtl: e.PORTAL_ACCESS_TOKEN_TTL,
          clientAccessTokenTtl: e.API_CLIENT_TOKEN_TTL,
        },
    support: { phone: e.SUPPORT_PHONE, email: e.SUPPORT_EMAIL },
    supportConfigFile: e.SUPPORT_CONFIG_FILE ? path.resolve(e.SUPPORT_CONFIG_FILE) : null,
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? `${e.BRAND} <no-reply@${e.STAFF_EMAIL_DOMAIN}>`,
      outboxDir: path.join(path.resolve(e.DATA_DIR), 'outbox'),
      retryDelaySeconds: e.MAIL_RETRY_DELAY_S,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
    },
    cdnBase: e.CDN_BASE,
    mapsKey: e.MAPS_KEY,
    statusRefreshSeconds: e.STATUS_REFRESH_S,
    live: { heartbeatSeconds: e.LIVE_HEARTBEAT_S },
    hub: { simulatorDelayMs: e.HUB_SIMULATOR_DELAY_MS, jobTimeoutSeconds: e.HUB_JOB_TIMEOUT_S },
    fleetSimulator: { intervalSeconds: e.FLEET_SIMULATOR_INTERVAL_S },
    limits: {
      writesPerMinute: e.WRITE_RATE_LIMIT_PER_MINUTE,
      feedPerMinute: e.FEED_RATE_LIMIT_PER_MINUTE,
      ingestPerMinute: e.INGEST_RATE_LIMIT_PER_MINUTE,
      heavyPerCaller: e.HEAVY_CALLS_PER_USER,
    },
    /** The blob store's folder (adapters/blob-store.ts): uploaded files and their contents. */
    blobDir: path.join(path.resolve(e.DATA_DIR), 'blobs'),
    diagnostics: {
      /** Null: the generated key kept in the database is used (features/diagnostics). */
      keyring: e.DIAGNOSTICS_KEYRING,
      maxFileBytes: e.DIAGNOSTICS_MAX_FILE_BYTES,
      minFreeBytes: e.DIAGNOSTICS_MIN_FREE_BYTES,
      /** Where bundles are unpacked before they are published (one folder per file). */
      quarantineDir: path.join(path.resolve(e.DATA_DIR), 'diagnostics-quarantine'),
      /**
       * The log search's match lists (decision 042): this process's cache, emptied at start.
       */
      searchCacheDir: path.join(path.resolve(e.DATA_DIR), 'diagnostics-search-cache'),
    },
    feedRetention: {
      telemetryDays: e.TELEMETRY_RETENTION_DAYS,
      errorReportDays: e.ERROR_REPORT_RETENTION_DAYS,
      telemetryEventsPerUser: e.TELEMETRY_EVENTS_PER_USER,
      errorReportsPerUser: e.ERROR_REPORTS_PER_USER,
    },
  };
}
