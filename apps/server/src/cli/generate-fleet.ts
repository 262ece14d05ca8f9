/**
 * Generates the demo fleet into a data directory or a PostgreSQL database,
 * without starting the portal (benchmarks use 100,000 and 1,000,000 devices).
 *
 *   npm run fleet:generate -- --devices 100000 [--seed 2026] [--accounts 25] [--history 0|1]
 *
 * The target comes from the environment as for the server: DATABASE_URL, or
 * DATA_DIR (default ./data). An existing fleet is left as it is.
 */
import { parseArgs } from 'node:util';
import { parseConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { defaultFleetSeed, seedDemoFleet } from '../demo/seed-fleet.js';
import { seedDemoIdentity } from '../demo/seed-identity.js';
import { importFleetIntoHubSimulator } from '../simulators/hub/pg-hub-remote-store.js';

const USAGE =
  'usage: npm run fleet:generate -- --devices <n> [--seed <n>] [--accounts <n>] [--history 0|1]';

function count(value: string | undefined, name: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new Error(`--${name} must be a whole number from 1 to ${max}.\n${USAGE}`);
  }
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string' },
      seed: { type: 'string' },
      accounts: { type: 'string' },
      history: { type: 'string' },
    },
  });
  const config = parseConfig(process.env);
  const devices = count(values.devices, 'devices', defaultFleetSeed.deviceCount, 1_000_000);
  const seed = count(values.seed, 'seed', defaultFleetSeed.seed, 2 ** 31 - 1);
  const accounts = count(values.accounts, 'accounts', defaultFleetSeed.accountCount, 10_000);
  if (values.history !== undefined && !['0', '1'].includes(values.history)) {
    throw new Error(`--history is 0 or 1.\n${USAGE}`);
  }
  const history = values.history !== '0';
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    const started = Date.now();
    await seedDemoIdentity(database.db, config.brand);
    const result = await seedDemoFleet(database.db, {
      ...defaultFleetSeed,
      seed,
      deviceCount: devices,
      accountCount: accounts,
      ...(history ? {} : { usageDays: 0, metricDays: 0, showcaseDevices: 0 }),
      now: new Date(),
      onProgress: (message) => console.log(message),
    });
    await importFleetIntoHubSimulator(database.pool);
    console.log(
      result.skipped
        ? `a fleet of ${result.devices} devices is already there; nothing generated`
        : `generated ${result.devices} devices in ${Math.round((Date.now() - started) / 1000)} s (${database.kind})`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
