import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { parseConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { DataDirLockedError } from './db/lock.js';
import { seedDemoIdentity, seedReferenceIdentity } from './demo/seed-identity.js';
import { scheduleIdentityHousekeeping } from './identity/housekeeping.js';
import { seedDemoDiagnostics } from './demo/seed-diagnostics.js';
import { seedDemoDocuments } from './demo/seed-documents.js';
import { defaultFleetSeed, seedDemoFleet } from './demo/seed-fleet.js';
import { importFleetIntoHubSimulator } from './simulators/hub/pg-hub-remote-store.js';
import { createFleetSimulator } from './simulators/fleet/fleet-simulator.js';

async function main(): Promise<void> {
  const config = parseConfig(process.env);
  config.webDist ??= fileURLToPath(new URL('../../web/dist', import.meta.url));
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  const app = await buildApp({ config, database });
  if (config.demo) {
    await seedDemoIdentity(database.db, config.brand);
    if (config.demoFleet.size > 0) {
      const started = Date.now();
      const result = await seedDemoFleet(database.db, {
        ...defaultFleetSeed,
        seed: config.demoFleet.seed,
        deviceCount: config.demoFleet.size,
        ...(config.demoFleet.history ? {} : { usageDays: 0, metricDays: 0, showcaseDevices: 0 }),
        now: new Date(),
        onProgress: (message) => app.log.info(message),
      });
      if (result.incomplete) {
        app.log.warn(
          'the demo fleet in this data directory is incomplete (an earlier start was interrupted); remove DATA_DIR to generate it again',
        );
      }
      if (!result.skipped) {
        app.log.info(
          `demo fleet of ${result.devices} devices ready in ${Math.round((Date.now() - started) / 1000)} s`,
        );
      }
      // SIMULATOR: the simulated hub starts out holding the fleet's remotes.
      await importFleetIntoHubSimulator(database.pool);
    }
    // The document library of Resources: seconds, before the server answers.
    await seedDemoDocuments({
      documents: app.services.documents,
      now: new Date(),
      seed: config.demoFleet.seed,
      log: app.log,
    });
  } else {
    await seedReferenceIdentity(database.db, config.brand);
  }

  // SIMULATOR: the demo fleet's terminals report in; a real terminal feed uses POST /v2/telemetry/reports.
  const fleetSimulator = createFleetSimulator({
    pool: database.pool,
    ingestion: app.services.ingestion,
    intervalSeconds:
      config.demo && config.demoFleet.size > 0 ? config.fleetSimulator.intervalSeconds : 0,
    vacuum: database.kind === 'pglite',
    log: app.log,
  });
  fleetSimulator.start();

  const stopHousekeeping = scheduleIdentityHousekeeping(database.pool, (error) =>
    app.log.warn({ err: error }, 'identity housekeeping failed'),
  );
  // Demo diagnostic bundles: generated at the first start, after the server listens (below).
  const stopSeeding = new AbortController();
  let seedingDiagnostics: Promise<unknown> = Promise.resolve();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      stopSeeding.abort();
      await seedingDiagnostics;
      stopHousekeeping();
      await fleetSimulator.stop();
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: config.publicUrl,
      database: database.kind,
      identity: config.identity.mode,
      demo: config.demo,
    },
    `${config.brand} is ready at ${config.publicUrl}`,
  );
  if (config.demo && config.demoFleet.size > 0 && config.demoFleet.diagnosticBundles > 0) {
    seedingDiagnostics = seedDemoDiagnostics({
      pool: database.pool,
      diagnostics: app.services.diagnostics,
      count: config.demoFleet.diagnosticBundles,
      seed: config.demoFleet.seed,
      now: new Date(),
      signal: stopSeeding.signal,
      log: app.log,
    }).catch((error: unknown) => app.log.warn({ err: error }, 'demo diagnostic bundles failed'));
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
