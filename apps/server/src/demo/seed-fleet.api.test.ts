import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDevice } from '../simulators/demo-fleet/generate-devices.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { seedDemoFleet, type FleetSeedOptions } from './seed-fleet.js';

let ctx: TestContext;
const options: FleetSeedOptions = {
  seed: 77,
  deviceCount: 80,
  accountCount: 12,
  now: new Date('2026-11-22T12:00:00Z'),
  usageDays: 40,
  showcaseDevices: 3,
  showcaseDays: 4,
  metricDays: 2,
};

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoFleet(ctx.database.db, options);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

async function count(sql: string): Promise<number> {
  const r = await ctx.database.pool.query<{ n: number }>(
    `select count(*)::int as n from (${sql}) x`,
  );
  return r.rows[0]!.n;
}

describe('seedDemoFleet', () => {
  it('writes every generated device with its components', async () => {
    expect(await count('select 1 from devices')).toBe(80);
    const generated = Array.from({ length: 80 }, (_, i) =>
      generateDevice(i, { seed: 77, accountCount: 12, now: options.now }),
    );
    const components = generated.reduce((n, d) => n + d.components.length, 0);
    expect(await count('select 1 from device_components')).toBe(components);
    expect(await count('select 1 from devices where serial is null')).toBe(
      generated.filter((d) => d.serial === null).length,
    );
    expect(await count('select 1 from devices where private')).toBe(
      generated.filter((d) => d.private).length,
    );
  });

  it('spreads devices over customer accounts only', async () => {
    expect(
      await count(
        "select 1 from devices d join accounts a on a.id = d.account_id where a.kind <> 'customer'",
      ),
    ).toBe(0);
    expect(await count('select distinct account_id from devices')).toBeGreaterThan(6);
  });

  it('writes usage, monthly subscription usage, metric history and device totals', async () => {
    expect(await count('select 1 from device_daily_usage')).toBeGreaterThan(500);
    expect(await count('select 1 from subscription_monthly_usage')).toBeGreaterThan(10);
    expect(await count('select 1 from metric_series')).toBeGreaterThan(50);
    expect(await count('select 1 from devices where total_satellite_usage > 0')).toBeGreaterThan(
      10,
    );
    const r = await ctx.database.pool.query<{ ok: boolean }>(
      'select bool_and(array_length(seconds, 1) = array_length(values, 1)) as ok from metric_series',
    );
    expect(r.rows[0]!.ok).toBe(true);
  });

  it('does nothing the second time', async () => {
    const again = await seedDemoFleet(ctx.database.db, options);
    expect(again).toEqual({ devices: 80, skipped: true, incomplete: false });
    expect(await count('select 1 from devices')).toBe(80);
  });
});
