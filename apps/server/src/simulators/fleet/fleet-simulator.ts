import type pg from 'pg';
import type { TerminalReport } from '@aerie/contract';
import type { devices, fleetSimulatorTerminals, subscriptions } from '../../db/fleet-schema.js';
import type { IngestionService } from '../../features/telemetry/index.js';
import { Random } from '../demo-fleet/random.js';
import { stepTerminal } from './terminal-step.js';

const LEASE_KEY = 'fleet_simulator_lease';
/** Each terminal is visited about every this many ticks. */
const TICKS_PER_ROUND = 5;
const INGEST_BATCH = 500;
const VACUUM_EVERY_MS = 6 * 3_600_000;

export interface FleetSimulatorOptions {
  pool: pg.Pool;
  ingestion: IngestionService;
  intervalSeconds: number;
  /** PGlite never autovacuums: the simulator's churn is vacuumed now and then. */
  vacuum: boolean;
  log: { info(o: object, msg: string): void; warn(o: object, msg: string): void };
  now?: () => Date;
}

/** A due terminal, read in the shape `stepTerminal` takes (a SimulatedTerminal). */
type TerminalRow = Pick<
  typeof fleetSimulatorTerminals.$inferSelect,
  'kind' | 'headingDeg' | 'speedKmh' | 'liveMetrics' | 'uptimeSeconds' | 'lastTickAt'
> &
  Pick<
    typeof devices.$inferSelect,
    | 'id'
    | 'activated'
    | 'satelliteOnline'
    | 'cellularOnline'
    | 'latitude'
    | 'longitude'
    | 'softwareCurrentVersion'
    | 'softwareTargetVersion'
    | 'softwareLocked'
  > & {
    /** Devices without a serial are not simulated (the query skips them). */
    serial: NonNullable<(typeof devices.$inferSelect)['serial']>;
    /** Of the active subscription; null without one (or a malformed one). */
    dataLimitGb: (typeof subscriptions.$inferSelect)['dataLimitInGb'];
    hasSubscription: boolean;
    hasRouter: boolean;
    /** The digits of the first beam the terminal is on; 0 when there are none. */
    beamNumber: number;
  };

/**
 * SIMULATOR of the terminals of the demo fleet reporting in. On every tick it
 * visits the terminals it has not seen for the longest time (about a fifth of
 * the fleet), lets each take a step (terminal-step.ts) and sends what they
 * report through the same ingestion service as `POST /v2/telemetry/reports`.
 * With several instances, one lease in `app_state` lets only one tick at a time.
 */
export function createFleetSimulator(o: FleetSimulatorOptions) {
  const now = o.now ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let tickCount = 0;
  let lastVacuum = Date.now();

  async function claimLease(): Promise<boolean> {
    const { rowCount } = await o.pool.query(
      `insert into app_state (key, value, updated_at) values ($1, jsonb_build_object('at', now()), now())
       on conflict (key) do update set value = excluded.value, updated_at = now()
       where (app_state.value->>'at')::timestamptz < now() - make_interval(secs => $2)`,
      [LEASE_KEY, Math.max(1, o.intervalSeconds * 0.8)],
    );
    return (rowCount ?? 0) > 0;
  }

  async function due(limit: number): Promise<TerminalRow[]> {
    const { rows } = await o.pool.query<TerminalRow>(
      `select d.id, d.serial, t.kind, t.heading_deg as "headingDeg", t.speed_kmh as "speedKmh",
              t.live_metrics as "liveMetrics", t.uptime_seconds as "uptimeSeconds",
              t.last_tick_at as "lastTickAt", d.activated, d.satellite_online as "satelliteOnline",
              d.cellular_online as "cellularOnline", d.latitude, d.longitude,
              d.software_current_version as "softwareCurrentVersion",
              d.software_target_version as "softwareTargetVersion",
              d.software_locked as "softwareLocked", s.data_limit_gb as "dataLimitGb",
              s.id is not null as "hasSubscription",
              exists (select 1 from device_components c where c.device_id = d.id and c.type = 'HybridRouter') as "hasRouter",
              coalesce((select nullif(regexp_replace(b.network_id, '\\D', '', 'g'), '')::int from device_beams b
                where b.device_id = d.id and b.is_actually_on order by b.network_id limit 1), 0) as "beamNumber"
         from fleet_simulator_terminals t
         join devices d on d.id = t.device_id and d.deleted_at is null and d.serial is not null
         left join lateral (
           select su.id, su.data_limit_gb from device_subscriptions ds
             join subscriptions su on su.id = ds.subscription_id
            where ds.device_id = d.id and ds.active limit 1) s on true
        order by t.last_tick_at nulls first, t.device_id
        limit $1`,
      [limit],
    );
    return rows;
  }

  async function tick(): Promise<{ visited: number; accepted: number }> {
    if (!(await claimLease())) return { visited: 0, accepted: 0 };
    tickCount++;
    const at = now();
    const total = Number(
      (await o.pool.query<{ n: string }>('select count(*) as n from fleet_simulator_terminals'))
        .rows[0]?.n ?? 0,
    );
    const rows = await due(Math.max(50, Math.ceil(total / TICKS_PER_ROUND)));
    const rnd = new Random(at.getTime() & 0x7fffffff);
    const reports: TerminalReport[] = [];
    const updates: { id: string; h: number; u: number }[] = [];
    for (const r of rows) {
      const step = stepTerminal(r, at, rnd);
      reports.push(step.report);
      updates.push({ id: r.id, h: step.headingDeg, u: step.uptimeSeconds });
    }
    let accepted = 0;
    for (let i = 0; i < reports.length; i += INGEST_BATCH) {
      accepted += (await o.ingestion.ingest(reports.slice(i, i + INGEST_BATCH))).accepted;
    }
    if (updates.length) {
      await o.pool.query(
        `update fleet_simulator_terminals t set heading_deg = r.h, uptime_seconds = r.u, last_tick_at = $2
           from jsonb_to_recordset($1::jsonb) as r(id uuid, h real, u int) where t.device_id = r.id`,
        [JSON.stringify(updates), at],
      );
    }
    if (o.vacuum && Date.now() - lastVacuum > VACUUM_EVERY_MS) {
      lastVacuum = Date.now();
      await o.pool.query(
        'vacuum (analyze) devices, metric_series, device_daily_usage, subscription_monthly_usage, fleet_simulator_terminals',
      );
    }
    return { visited: rows.length, accepted };
  }

  return {
    tick,
    get ticks() {
      return tickCount;
    },
    start() {
      if (timer || o.intervalSeconds <= 0) return;
      timer = setInterval(() => {
        if (running) return;
        running = tick()
          .catch((err: unknown) => o.log.warn({ err }, 'fleet simulator tick failed'))
          .finally(() => (running = null));
      }, o.intervalSeconds * 1000);
      timer.unref();
      o.log.info({ intervalSeconds: o.intervalSeconds }, 'fleet simulator started');
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
export type FleetSimulator = ReturnType<typeof createFleetSimulator>;
