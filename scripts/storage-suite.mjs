// The storage suite: the API test files that also run on the embedded engine (PGlite) in
// `npm test`. The whole API suite runs on PostgreSQL, the production engine; these files are
// the ones whose subject is storage (repository queries, the demo's seeding, the job queue and
// the live bus on PGlite), so that an SQL feature the embedded engine lacks fails here rather
// than in the demo. `node scripts/sql-coverage.mjs` measures how many of the full suite's
// distinct statements they run (docs/testing.md).
export const storageSuite = [
  // Row types of the raw-SQL repositories against Drizzle's reading of the same rows.
  'apps/server/src/db/repository-rows.api.test.ts',
  // The demo fleet's seeding: what `npm start` runs on PGlite.
  'apps/server/src/demo/seed-fleet.api.test.ts',
  // Account trees (recursive queries) and tenancy scopes.
  'apps/server/src/features/accounts/accounts.api.test.ts',
  // The list queries: filters, sorting, trigram search, paging, counts.
  'apps/server/src/features/devices/devices.api.test.ts',
  'apps/server/src/features/subscriptions/subscriptions-list.api.test.ts',
  // JSON configuration writes and the network mapping.
  'apps/server/src/features/device-config/device-config.api.test.ts',
  // The job queue (pg-boss) and its one-active-job index.
  'apps/server/src/features/device-operations/hub-jobs.api.test.ts',
  // LISTEN/NOTIFY of the live bus.
  'apps/server/src/features/notifications/notifications.api.test.ts',
  // Time series: ingestion writes and downsampling reads.
  'apps/server/src/features/telemetry/telemetry.api.test.ts',
  'apps/server/src/features/metrics/metrics.api.test.ts',
  // The document library: full-text search (tsvector weights, websearch_to_tsquery,
  // ts_headline) and the demo library's seeding, which `npm start` runs on PGlite.
  'apps/server/src/features/resources/resources.api.test.ts',
];
