import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Accounts form a tree: the provider at the root, partners, customers, child accounts. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['provider', 'partner', 'customer'] }).notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => accounts.id, {
      onDelete: 'restrict',
    }),
    // Account permissions (spec 002 §3): the configurator and which prices its users see.
    configuratorVisible: boolean('configurator_visible').notNull().default(false),
    msrpPricesVisible: boolean('msrp_prices_visible').notNull().default(false),
    wholesalePricesVisible: boolean('wholesale_prices_visible').notNull().default(false),
    commercialPriceBook: boolean('commercial_price_book').notNull().default(false),
    militaryPriceBook: boolean('military_price_book').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('accounts_parent_idx').on(t.parentId),
    // Only one root (the provider's own account).
    uniqueIndex('accounts_single_root_idx')
      .on(t.kind)
      .where(sql`${t.parentId} is null`),
  ],
);

export const roles = pgTable('roles', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** One of the contract's role keys; the display name is derived from it and the brand. */
  key: text('key').notNull().unique(),
  description: text('description').notNull().default(''),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** "Local" when this portal keeps the password; otherwise the external provider's name. */
    loginType: text('login_type').notNull().default('Local'),
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    disabled: boolean('disabled').notNull().default(false),
    /** Last authenticated portal call, recorded at most hourly (monthly active users). */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Emails are stored as login names (features/users/email.ts normalizeEmail): compared with
    // `=`, never folded in SQL, whose lower() differs from JavaScript's for some letters.
    uniqueIndex('users_email_idx').on(t.email),
    check(
      'users_email_normalized',
      sql`${t.email} = translate(${t.email}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
        and ${t.email} = btrim(${t.email}) and octet_length(${t.email}) = char_length(${t.email})`,
    ),
    index('users_account_idx').on(t.accountId),
    index('users_last_active_idx').on(t.lastActiveAt),
  ],
);

export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').notNull(),
  updatedAt: updatedAt(),
});

/** Storage of the embedded OpenID Connect provider (sessions, grants, codes, tokens). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Signing keys and cookie secrets of the identity provider, and the provider's feature
 * certificate key (`feature-signing`), shared by every instance.
 */
export const identityKeys = pgTable('identity_keys', {
  id: text('id').primaryKey(),
  kind: text('kind', {
    enum: ['signing', 'cookie', 'feature-signing', 'diagnostics-keyring', 'url-signing'],
  }).notNull(),
  material: jsonb('material').notNull(),
  createdAt: createdAt(),
});

/**
 * Throttled guessing of credentials (identity/credential-throttle.ts): one row per bucket, keyed
 * by a hash of what it counts (an address and a login name, an account, a client id).
 */
export const credentialThrottle = pgTable(
  'credential_throttle',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('credential_throttle_last_attempt_idx').on(t.lastAttemptAt)],
);

/** API clients (client-credentials grant, scope partners-api); they act as their creator. */
export const apiClients = pgTable(
  'api_clients',
  {
    clientId: text('client_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** scrypt(secret, salt); the secret itself is never stored. */
    secretHash: text('secret_hash').notNull(),
    secretSalt: text('secret_salt').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('api_clients_user_idx').on(t.userId)],
);

/** A user's notifications (spec 000 §3); the live stream announces new rows by id. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** e.g. SyncRemote, SyncTerminal, Test. */
    name: text('name').notNull(),
    type: text('type').notNull(),
    label: text('label').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);

/** Feedback from the side pane (spec 000 §3); staff read it. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    mood: text('mood', { enum: ['happy', 'meh', 'sad'] }),
    feedback: text('feedback').notNull(),
    browserMeta: jsonb('browser_meta').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_created_idx').on(t.createdAt)],
);

/** Usage telemetry uploaded by the browser in batches (spec 000 §3, §4). */
export const telemetryEvents = pgTable(
  'telemetry_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    categoryName: text('category_name').notNull(),
    eventName: text('event_name').notNull(),
    label: text('label'),
    params: jsonb('params'),
    userAgent: text('user_agent').notNull(),
    locale: text('locale').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('telemetry_events_occurred_idx').on(t.occurredAt),
    // Retention (features/feed/feed.retention.ts): by age, and the newest of each user.
    index('telemetry_events_received_idx').on(t.receivedAt),
    index('telemetry_events_user_received_idx').on(t.userId, t.receivedAt),
  ],
);

/** Unexpected errors seen in browsers, reported to support (spec 000 §8). */
export const errorReports = pgTable(
  'error_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    stack: text('stack'),
    url: text('url').notNull(),
    userAgent: text('user_agent').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('error_reports_created_idx').on(t.createdAt),
    // Retention: the newest of each user (features/feed/feed.retention.ts).
    index('error_reports_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** Installation-wide settings shared by every instance (e.g. maintenance mode). */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** Accounts shared with a user beyond their own account's tree (`/v2/accounts/sharedWith`). */
export const accountShares = pgTable(
  'account_shares',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId] }),
    index('account_shares_user_idx').on(t.userId),
  ],
);

/** Global search history per user, newest at position 0 (spec 000 §4, §9). */
export const searchHistory = pgTable(
  'search_history',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    term: text('term').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.position] })],
);

/** Recently opened search results per user, newest at position 0 (spec 000 §3, §9). */
export const recentResults = pgTable(
  'recent_results',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type', { enum: ['device', 'remote', 'subscription', 'doc'] }).notNull(),
    itemId: text('item_id').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.position] })],
);

/** Recently visited devices, remotes and subscriptions per user and kind (spec 000 §3, §9). */
export const recentItems = pgTable(
  'recent_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['device', 'remote', 'subscription'] }).notNull(),
    itemId: text('item_id').notNull(),
    name: text('name').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.itemId] })],
);

/**
 * Mail the portal sends (docs/decisions/033-mail.md): one row per message, queued in the
 * request and delivered by a background job with retries, over SMTP when `SMTP_URL` is set and
 * otherwise into the outbox (this table and an `.eml` file per message) that staff read.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the message is about (`support-ticket`…), for the outbox's reader. */
    kind: text('kind').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddresses: text('to_addresses').array().notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /**
     * queued: waiting for (another) attempt; sent: accepted by the SMTP server; stored: written
     * to the outbox (no SMTP configured); failed: refused for good, or out of attempts.
     */
    status: text('status', { enum: ['queued', 'sent', 'stored', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The SMTP server's Message-ID, or the outbox file's name. */
    messageId: text('message_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_messages_created_idx').on(t.createdAt, t.id),
    index('mail_messages_queued_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'queued'`),
  ],
);

/** Ticket numbers (TCK-000123): one sequence, never reused. */
export const supportTicketNumbers = pgSequence('support_ticket_numbers');

/**
 * Support tickets (spec 000 §3, §5; docs/decisions/034-support-tickets.md): filed from the
 * support pane, mailed to the support address, answered by staff.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown as TCK-000123; from the support_ticket_numbers sequence. */
    number: integer('number')
      .notNull()
      .default(sql`nextval('support_ticket_numbers')`),
    status: text('status', { enum: ['open', 'answered', 'closed'] })
      .notNull()
      .default('open'),
    type: text('type').notNull(),
    subType: text('sub_type').notNull(),
    priority: text('priority').notNull(),
    otherExplanation: text('other_explanation').notNull().default(''),
    impact: text('impact').notNull().default(''),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    deviceId: uuid('device_id'),
    deviceName: text('device_name'),
    antennaSerial: text('antenna_serial').notNull().default(''),
    modemSerial: text('modem_serial').notNull().default(''),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdByEmail: text('created_by_email').notNull(),
    mailId: uuid('mail_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('support_tickets_number_idx').on(t.number),
    index('support_tickets_created_idx').on(t.createdAt, t.id),
    index('support_tickets_status_created_idx').on(t.status, t.createdAt, t.id),
  ],
);

/** PostgreSQL's full-text document type (read as its text form; only SQL reads it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The document library (spec 002 "Resources"; docs/decisions/040-document-library.md): one row
 * per file of the `documents` and `software-downloads` containers, for listing and search. The
 * bytes are in the blob store at the path without its leading slash. `content` is the text
 * extracted from a PDF (capped); `search_vector` weighs title (A, with the file name's words),
 * tags (B), description (C) and content (D), written by the repository with the row.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    container: text('container', { enum: ['documents', 'software-downloads'] }).notNull(),
    /** `/{container}/{folders…}/{fileName}`. */
    path: text('path').notNull(),
    fileName: text('file_name').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    contentType: text('content_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** MD5 of the bytes, lower-case hex. */
    fileHash: text('file_hash').notNull(),
    modifiedOn: timestamp('modified_on', { withTimezone: true }).notNull(),
    content: text('content').notNull().default(''),
    searchVector: tsvector('search_vector').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The listing pages through a container (or a folder of it) by path.
    uniqueIndex('documents_container_path_uq').on(t.container, t.path),
    index('documents_search_idx').using('gin', t.searchVector),
    // Any part of a file name or title (part numbers, words the text search would stem).
    index('documents_file_name_trgm_idx').using('gin', sql`${t.fileName} gin_trgm_ops`),
    index('documents_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    check('documents_container_check', sql`${t.container} in ('documents', 'software-downloads')`),
    check('documents_path_check', sql`starts_with(${t.path}, '/' || ${t.container} || '/')`),
  ],
);
