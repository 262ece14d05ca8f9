import { describe, expect, it } from 'vitest';
import { TEST_FLEET, useApiContext } from '../../test/test-app.js';
import { createFleetSimulator } from './fleet-simulator.js';

const api = useApiContext({
  fleet: {
    seed: 31,
    deviceCount: 80,
    usageDays: 1,
    showcaseDevices: 3,
    showcaseDays: 1,
    metricDays: 0,
  },
});
const quiet = { info: () => undefined, warn: () => undefined };

describe('fleet simulator (SIMULATOR)', () => {
  it('visits the terminals seen least recently and changes the fleet through ingestion', async () => {
    const pool = api.ctx.database.pool;
    const count = async (sql: string) => Number(await api.scalar<string>(sql));
    const terminals = await count('select count(*) from fleet_simulator_terminals');
    // Every device with a serial is simulated; raw factory devices are not.
    expect(terminals).toBe(await count('select count(*) from devices where serial is not null'));
    expect(await count('select count(*) from fleet_simulator_terminals where live_metrics')).toBe(
      3,
    );

    const before = await pool.query<{ id: string; latitude: number; total: string }>(
      `select id, latitude, total_satellite_usage as total from devices order by id`,
    );
    const samplesBefore = await count(
      `select coalesce(sum(cardinality(seconds)), 0) from metric_series`,
    );
    let clock = new Date(TEST_FLEET.now.getTime() + 10 * 60_000);
    const simulator = createFleetSimulator({
      pool,
      ingestion: api.ctx.app.services.ingestion,
      intervalSeconds: 1,
      vacuum: false,
      log: quiet,
      now: () => clock,
    });

    let visited = 0;
    for (let i = 0; i < 5; i++) {
      const result = await simulator.tick();
      visited += result.visited;
      expect(result.accepted).toBe(result.visited);
      clock = new Date(clock.getTime() + 60_000);
      // The lease lets one tick through per interval.
      expect((await simulator.tick()).visited).toBe(0);
      await new Promise((r) => setTimeout(r, 1100));
    }
    // A round of five ticks visits every terminal once.
    expect(visited).toBeGreaterThanOrEqual(terminals);
    expect(
      await count('select count(*) from fleet_simulator_terminals where last_tick_at is null'),
    ).toBe(0);

    const after = new Map(
      (
        await pool.query<{ id: string; latitude: number; total: string }>(
          `select id, latitude, total_satellite_usage as total from devices`,
        )
      ).rows.map((r) => [r.id, r]),
    );
    const moved = before.rows.filter((r) => after.get(r.id)!.latitude !== r.latitude).length;
    const used = before.rows.filter((r) => Number(after.get(r.id)!.total) > Number(r.total)).length;
    expect(moved).toBeGreaterThan(0);
    expect(used).toBeGreaterThan(0);
    // Showcase terminals send their samples live.
    expect(
      await count(`select coalesce(sum(cardinality(seconds)), 0) from metric_series`),
    ).toBeGreaterThan(samplesBefore);
    // Everything the simulator wrote is visible through the read calls' tables, sorted.
    expect(
      await count(
        `select count(*) from metric_series where seconds <> (select array_agg(s order by s) from unnest(seconds) s)`,
      ),
    ).toBe(0);
  }, 60_000);
});
