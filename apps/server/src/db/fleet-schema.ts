import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

// Reference data (loaded from the CRM and the hub in production; seeded in the demo).

export const deviceTypes = pgTable('device_types', {
  id: integer('id').primaryKey(),
  type: text('type').notNull(),
});

export const componentModels = pgTable('component_models', {
  shortcode: text('shortcode').primaryKey(),
  name: text('name').notNull(),
  deviceTypeId: integer('device_type_id')
    .notNull()
    .references(() => deviceTypes.id),
  componentType: text('component_type').notNull(),
  /** Modem models only: the family a network template is written for (`/v2/info/basemodemtype`). */
  baseModemType: text('base_modem_type'),
});

export const deviceProducts = pgTable('device_products', {
  productCode: text('product_code').primaryKey(),
  name: text('name').notNull(),
  family: text('family').notNull(),
  antennaModel: text('antenna_model').references(() => componentModels.shortcode),
  geoModemModel: text('geo_modem_model').references(() => componentModels.shortcode),
  leoModemModel: text('leo_modem_model').references(() => componentModels.shortcode),
  bucModel: text('buc_model').references(() => componentModels.shortcode),
  hybridRouterModel: text('hybrid_router_model').references(() => componentModels.shortcode),
});

export const featureTypes = pgTable('feature_types', {
  id: integer('id').primaryKey(),
  shortcode: text('shortcode').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  enabled: boolean('enabled').notNull(),
});

export const softwareVersions = pgTable('software_versions', {
  id: integer('id').primaryKey(),
  version: text('version').notNull().unique(),
  releaseDate: date('release_date').notNull(),
  minimumRequiredVersion: text('minimum_required_version').notNull(),
});

export const hubNetworks = pgTable('hub_networks', {
  networkId: text('network_id').primaryKey(),
  networkName: text('network_name').notNull(),
  displayName: text('display_name').notNull(),
  nmsType: text('nms_type').notNull(),
  nmsId: text('nms_id').notNull(),
});

export const metricProviders = pgTable('metric_providers', {
  shortcode: text('shortcode').primaryKey(),
  name: text('name').notNull(),
});

export const metricTypes = pgTable(
  'metric_types',
  {
    providerShortcode: text('provider_shortcode')
      .notNull()
      .references(() => metricProviders.shortcode),
    shortcode: text('shortcode').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    unit: text('unit').notNull(),
  },
  (t) => [primaryKey({ columns: [t.providerShortcode, t.shortcode] })],
);

/** Connectivity products of the CRM: the data package and the links a subscription includes. */
export const subscriptionProducts = pgTable('subscription_products', {
  productCode: text('product_code').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  /** Monthly data in GB; 9999 means Unlimited (spec 001 §9). */
  dataLimitInGb: integer('data_limit_gb').notNull(),
  hasSatellite: boolean('has_satellite').notNull(),
  hasCellular: boolean('has_cellular').notNull(),
});

/** What is sold: a product for a region, a mobility type and a term, on named networks. */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    planCode: text('plan_code').primaryKey(),
    productCode: text('product_code')
      .notNull()
      .references(() => subscriptionProducts.productCode),
    name: text('name').notNull(),
    region: text('region').notNull(),
    mobilityType: text('mobility_type').notNull(),
    satelliteNetwork: text('satellite_network').notNull(),
    /** Null for satellite-only products. */
    cellularNetwork: text('cellular_network'),
    termMonths: integer('term_months').notNull(),
  },
  (t) => [index('subscription_plans_product_idx').on(t.productCode)],
);

export const networkTemplates = pgTable(
  'network_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nmsType: text('nms_type').notNull(),
    antennaType: text('antenna_type').notNull(),
    modemType: text('modem_type').notNull(),
    beamDisplayName: text('beam_display_name').notNull(),
    template: jsonb('template').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('network_templates_key_idx').on(
      t.nmsType,
      t.antennaType,
      t.modemType,
      t.beamDisplayName,
    ),
  ],
);

// The fleet.

export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    /**
     * The name as the list sorts it ("Camp 2" before "Camp 10"): lower-cased, every run of digits
     * zero-padded to 20. Kept by PostgreSQL on every write (`natural_sort_key`, migration 0010).
     */
    nameSortKey: text('name_sort_key')
      .notNull()
      .generatedAlwaysAs(sql`natural_sort_key(name)`),
    /** Null for raw test3 devices straight from the factory. */
    serial: text('serial'),
    type: text('type').notNull().default('terminal'),
    productCode: text('product_code').references(() => deviceProducts.productCode),
    private: boolean('private').notNull().default(false),
    provisioned: boolean('provisioned').notNull().default(false),
    activated: boolean('activated').notNull().default(false),
    enableCellTraffic: boolean('enable_cell_traffic').notNull().default(false),
    syncInProgress: boolean('sync_in_progress').notNull().default(false),
    syncStartedAt: ts('sync_started_at'),
    /** Null when the device was never synchronized with the CRM. */
    salesforceAssetId: text('salesforce_asset_id'),
    publicKey: text('public_key'),
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    satelliteOnline: boolean('satellite_online'),
    cellularOnline: boolean('cellular_online'),
    satelliteSignal: real('satellite_signal'),
    cellularSignal: real('cellular_signal'),
    wifi: boolean('wifi'),
    beam: text('beam'),
    satelliteLastUpdated: ts('satellite_last_updated'),
    cellularLastUpdated: ts('cellular_last_updated'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    satelliteLocationUpdatedOn: ts('satellite_location_updated_on'),
    cellularLocationUpdatedOn: ts('cellular_location_updated_on'),
    softwareCurrentVersion: text('software_current_version'),
    softwareTargetVersion: text('software_target_version'),
    softwareLocked: boolean('software_locked').notNull().default(false),
    softwareLastUpdatedOn: ts('software_last_updated_on'),
    softwareLastCheckin: ts('software_last_checkin'),
    hybridProvisioned: boolean('hybrid_provisioned').notNull().default(false),
    hybridActivated: boolean('hybrid_activated').notNull().default(false),
    cellularActivated: boolean('cellular_activated').notNull().default(false),
    totalSatelliteUsage: bigint('total_satellite_usage', { mode: 'number' }).notNull().default(0),
    totalCellularUsage: bigint('total_cellular_usage', { mode: 'number' }).notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
    deletedBy: uuid('deleted_by').references(() => users.id),
  },
  (t) => [
    index('devices_account_name_idx')
      .on(t.accountId, t.nameSortKey)
      .where(sql`${t.deletedAt} is null`),
    index('devices_name_idx')
      .on(t.nameSortKey, t.id)
      .where(sql`${t.deletedAt} is null`),
    // The serial order keeps devices without a serial last in both directions.
    index('devices_serial_asc_idx')
      .on(t.serial.asc().nullsLast(), t.id.asc())
      .where(sql`${t.deletedAt} is null`),
    index('devices_serial_desc_idx')
      .on(t.serial.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('devices_serial_idx')
      .on(t.serial)
      .where(sql`${t.serial} is not null and ${t.deletedAt} is null`),
    index('devices_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('devices_serial_trgm_idx').using('gin', sql`${t.serial} gin_trgm_ops`),
  ],
);

export const deviceComponents = pgTable(
  'device_components',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    modelShortcode: text('model_shortcode').references(() => componentModels.shortcode),
    assetId: text('asset_id'),
    serial: text('serial').notNull(),
  },
  (t) => [
    index('device_components_device_idx').on(t.deviceId),
    // Global search: a component's serial typed in full (an IMEI, an ICCID).
    index('device_components_serial_idx').on(t.serial),
    index('device_components_serial_trgm_idx').using('gin', sql`${t.serial} gin_trgm_ops`),
  ],
);

export const deviceNetworkConfigs = pgTable('device_network_configs', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  eth0IpAddress: text('eth0_ip_address'),
  eth0SubnetMask: text('eth0_subnet_mask'),
  sat0IpAddress: text('sat0_ip_address'),
  sat0SubnetMask: text('sat0_subnet_mask'),
  mgmtIpAddress: text('mgmt_ip_address'),
  mgmtSubnetMask: text('mgmt_subnet_mask'),
  dhcpGateway: text('dhcp_gateway'),
  dhcpClientIpRangeStart: text('dhcp_client_ip_range_start'),
  dhcpClientIpRangeEnd: text('dhcp_client_ip_range_end'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const simConfigurations = pgTable('sim_configurations', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  eid: text('eid'),
  msisdn: text('msisdn'),
  cubicLteImsi: text('cubic_lte_imsi'),
  tele2LteImsi: text('tele2_lte_imsi'),
  cubicDkImsi: text('cubic_dk_imsi'),
  cubicFrImsi: text('cubic_fr_imsi'),
  batch: text('batch'),
  profile: text('profile'),
  formFactor: text('form_factor'),
  grade: text('grade'),
  simVendor: text('sim_vendor'),
  checkedOutTo: text('checked_out_to'),
});

/** Required versus actual beams per device on the hub (the hub state). */
export const deviceBeams = pgTable(
  'device_beams',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    networkId: text('network_id')
      .notNull()
      .references(() => hubNetworks.networkId),
    isRequired: boolean('is_required').notNull(),
    isActuallyOn: boolean('is_actually_on').notNull(),
    provisionedOn: ts('provisioned_on'),
    activatedOn: ts('activated_on'),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.networkId] })],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    subscriptionNumber: text('subscription_number'),
    description: text('description').notNull(),
    productCode: text('product_code').notNull(),
    startDate: ts('start_date').notNull(),
    endDate: ts('end_date').notNull(),
    /** Null, like networkIdentifiers and nmsId, marks a malformed subscription (spec 001 §3). */
    dataLimitInGb: integer('data_limit_gb'),
    salesforceObjectId: text('salesforce_object_id'),
    salesforceAccountId: text('salesforce_account_id'),
    networkIdentifiers: text('network_identifiers').array(),
    nmsId: text('nms_id'),
    hasSatellite: boolean('has_satellite').notNull().default(true),
    hasCellular: boolean('has_cellular').notNull().default(false),
    canProvision: boolean('can_provision').notNull().default(true),
    canActivate: boolean('can_activate').notNull().default(true),
    pendingTransferEmail: text('pending_transfer_email'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_account_end_idx').on(t.accountId, t.endDate),
    // INCLUDE (account_id, subscription_number, description, product_code, start_date): the
    // list's default page from the index alone (migration 0019; Drizzle cannot say INCLUDE, so
    // a change here must keep it in its migration).
    index('subscriptions_end_idx').on(t.endDate, t.id),
    index('subscriptions_start_idx').on(t.startDate, t.id),
    index('subscriptions_description_idx').on(sql`lower(${t.description})`, t.id),
    // Global search: a subscription number typed in full.
    index('subscriptions_number_idx').on(t.subscriptionNumber),
    // The list's free text matches number, description and product code.
    index('subscriptions_number_trgm_idx').using('gin', sql`${t.subscriptionNumber} gin_trgm_ops`),
    index('subscriptions_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
    index('subscriptions_product_code_trgm_idx').using('gin', sql`${t.productCode} gin_trgm_ops`),
  ],
);

/**
 * Changes made to subscriptions through the portal (issue 17: "recorded with who and when",
 * docs/decisions/036-subscription-changes.md): one row per change, newest read first.
 */
export const subscriptionChanges = pgTable(
  'subscription_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** create, edit, cancel, transfer, cancelTransfer, pool. */
    action: text('action').notNull(),
    /** Null when the user has since been deleted (the name stays). */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** What changed: field names with their old and new values, or the pool's devices. */
    details: jsonb('details').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('subscription_changes_subscription_idx').on(t.subscriptionId, t.createdAt)],
);

/** Which subscription a device had when: the device's subscription history. */
export const deviceSubscriptions = pgTable(
  'device_subscriptions',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    startDate: ts('start_date').notNull(),
    endDate: ts('end_date'),
    active: boolean('active').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.subscriptionId] }),
    index('device_subscriptions_subscription_idx').on(t.subscriptionId),
  ],
);

export const subscriptionMonthlyUsage = pgTable(
  'subscription_monthly_usage',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    satelliteBytes: bigint('satellite_bytes', { mode: 'number' }).notNull(),
    cellularBytes: bigint('cellular_bytes', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.year, t.month] })],
);

/**
 * Usage alerts (docs/decisions/038-usage-alerts.md): a subscription's month reached 80 or 100
 * percent of its data limit. Recorded once by the key, in the transaction that adds the usage;
 * `notifiedAt` null means its notifications are still to be sent (an outbox the worker drains).
 */
export const subscriptionUsageAlerts = pgTable(
  'subscription_usage_alerts',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    /** 80 or 100 (percent of the data limit). */
    threshold: smallint('threshold').notNull(),
    /** The limit the usage reached, as it was then (the notification names it). */
    dataLimitInGb: integer('data_limit_gb').notNull(),
    reachedAt: ts('reached_at').notNull().defaultNow(),
    /** When a worker took it to notify (a lease: another may take it over once it is old). */
    claimedAt: ts('claimed_at'),
    notifiedAt: ts('notified_at'),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.year, t.month, t.threshold] }),
    // The list's usage filter: this month's alerts of one threshold.
    index('subscription_usage_alerts_month_idx').on(t.year, t.month, t.threshold, t.subscriptionId),
    // Alerts still to notify (the worker's queue).
    index('subscription_usage_alerts_pending_idx')
      .on(t.reachedAt)
      .where(sql`${t.notifiedAt} is null`),
  ],
);

/** Daily usage per device; monthly figures are sums over it. */
export const deviceDailyUsage = pgTable(
  'device_daily_usage',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    satelliteBytes: bigint('satellite_bytes', { mode: 'number' }).notNull(),
    cellularBytes: bigint('cellular_bytes', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] })],
);

/**
 * Metric samples stored as one row per device, metric and UTC day: seconds
 * since midnight and values as parallel arrays. Compact enough for months of
 * 5-minute data on the embedded database; ranges are read day by day.
 */
export const metricSeries = pgTable(
  'metric_series',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    providerShortcode: text('provider_shortcode').notNull(),
    metricShortcode: text('metric_shortcode').notNull(),
    day: date('day').notNull(),
    seconds: integer('seconds').array().notNull(),
    values: real('values').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.providerShortcode, t.metricShortcode, t.day] })],
);

export const zones = pgTable(
  'zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    /** [[lat, lon], ...], drawn as a closed polygon after reversing each pair (spec 001 §3). */
    coordinates: jsonb('coordinates').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('zones_account_name_uq').on(t.accountId, sql`lower(${t.name})`)],
);

/**
 * The feature certificate last issued for a device (decision 018), kept so every download
 * answers the same token until what it binds changes.
 */
export const deviceFeatureCertificates = pgTable('device_feature_certificates', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  /** The signed certificate (compact JWS). */
  token: text('token').notNull(),
  /** The provider key that signed it. */
  kid: text('kid').notNull(),
  issuedAt: ts('issued_at').notNull(),
  features: text('features').array().notNull(),
  publicKey: text('public_key').notNull(),
  serial: text('serial'),
  antennaSerial: text('antenna_serial'),
  /** The user who saved the features; null when issued on a first download. */
  issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
});

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    createdBy: uuid('created_by').references(() => users.id),
    createdOn: ts('created_on').notNull().defaultNow(),
    status: text('status').notNull(),
    payload: jsonb('payload').notNull().default({}),
    result: jsonb('result'),
    finishedOn: ts('finished_on'),
    /** How far a running job is, 0 to 1, for jobs that report it (a bundle's unpacking). */
    progress: real('progress'),
  },
  (t) => [
    index('jobs_account_created_idx').on(t.accountId, t.createdOn),
    index('jobs_device_idx').on(t.deviceId),
    check(
      'jobs_status_check',
      sql`${t.status} in ('Queued', 'Running', 'Success', 'Error', 'PartialSuccess')`,
    ),
    check('jobs_progress_check', sql`${t.progress} between 0 and 1`),
    // The Active Jobs list stays fast however many finished jobs pile up.
    index('jobs_active_created_idx')
      .on(t.createdOn.desc(), t.id.desc())
      .where(sql`${t.status} in ('Queued', 'Running')`),
    index('jobs_active_account_created_idx')
      .on(t.accountId, t.createdOn.desc(), t.id.desc())
      .where(sql`${t.status} in ('Queued', 'Running')`),
    // One hub operation at a time per device (docs/decisions/016-device-operations.md): two
    // users who synchronize at once get one job, and no hub command starts while another runs.
    uniqueIndex('jobs_one_active_hub_job_per_device_uq')
      .on(t.deviceId)
      .where(
        sql`${t.status} in ('Queued', 'Running') and ${t.kind} in ('provision', 'activate', 'deactivate', 'enableCellTraffic', 'disableCellTraffic', 'syncToHub')`,
      ),
  ],
);

/**
 * Diagnostic bundles as uploaded (docs/decisions/039-diagnostic-bundles.md): one per antenna
 * serial and file name. The bundle is kept in the blob store at `diagnostics/{serial}/{name}`,
 * its published contents under `diagnostics-content/{id}/` once it is Ready.
 */
export const diagnosticFiles = pgTable(
  'diagnostic_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    antennaSerial: text('antenna_serial').notNull(),
    fileName: text('file_name').notNull(),
    /** MD5 of the bundle as uploaded, lower-case hex. */
    fileHash: text('file_hash').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** The time in the file name (UTC). */
    diagnosticCreatedOn: ts('diagnostic_created_on').notNull(),
    /** The account of the device that carried the serial at upload, else the provider's. */
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedOn: ts('uploaded_on').notNull().defaultNow(),
    status: text('status').notNull().default('Queued'),
    /** Why it was rejected (Rejected only). */
    statusMessage: text('status_message'),
    /** The processing job; null once it is gone. */
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('diagnostic_files_serial_name_uq').on(t.antennaSerial, t.fileName),
    // The browser's list: a serial's files, newest first.
    index('diagnostic_files_serial_created_idx').on(
      t.antennaSerial,
      t.diagnosticCreatedOn.desc(),
      t.id.desc(),
    ),
    // The analyze screen opens a file by its hash.
    index('diagnostic_files_hash_idx').on(t.fileHash),
    index('diagnostic_files_device_idx').on(t.deviceId),
    check(
      'diagnostic_files_status_check',
      sql`${t.status} in ('Queued', 'Processing', 'Ready', 'Rejected')`,
    ),
  ],
);

/** The files of a Ready bundle's published contents (what the reports read). */
export const diagnosticEntries = pgTable(
  'diagnostic_entries',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => diagnosticFiles.id, { onDelete: 'cascade' }),
    /** The entry's normalised path in the archive (`logs/syslog`). */
    path: text('path').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mtime: ts('mtime').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.path] })],
);

/**
 * SIMULATOR state: the remotes of the simulated hub (its own view, not the
 * portal's). A real hub adapter keeps nothing here.
 */
export const hubSimulatorRemotes = pgTable('hub_simulator_remotes', {
  remoteId: text('remote_id').primaryKey(),
  state: jsonb('state').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * SIMULATOR state: how each demo terminal moves (the fleet simulator's own
 * model; real terminals report their positions instead).
 */
export const fleetSimulatorTerminals = pgTable('fleet_simulator_terminals', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['maritime', 'landMobile', 'fixed'] }).notNull(),
  headingDeg: real('heading_deg').notNull(),
  speedKmh: real('speed_kmh').notNull(),
  /** Reports every metric sample live (the showcase devices with 30 days of history). */
  liveMetrics: boolean('live_metrics').notNull().default(false),
  /** Uptime counter reported by the hybrid router, in seconds. */
  uptimeSeconds: integer('uptime_seconds').notNull().default(0),
  lastTickAt: ts('last_tick_at'),
});
