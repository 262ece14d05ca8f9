import {
  UNLIMITED_DATA_LIMIT_GB,
  USAGE_ALERT_THRESHOLDS,
  usageThresholdBytes,
  type TerminalReport,
  type UsageAlertThreshold,
} from '@aerie/contract';
import type pg from 'pg';

/** The newest state of one device out of a batch of reports. */
export interface DeviceStateUpdate {
  id: string;
  t: string;
  /** Only the status fields the terminal sent (a missing key leaves the stored value). */
  s: NonNullable<TerminalReport['status']>;
  lat: number | null;
  lon: number | null;
  loc_source: 'satellite' | 'cellular' | null;
  sw: string | null;
}
export interface UsageIncrement {
  id: string;
  day: string;
  sb: number;
  cb: number;
}
/** A subscription's month after a batch's usage was added to it, past an alert not recorded. */
export interface MonthUsage {
  subscriptionId: string;
  year: number;
  month: number;
  /** Satellite plus cellular bytes of the month (text: a bigint sum). */
  bytes: string;
  /** Null: the subscription has no limit (malformed). */
  dataLimitInGb: number | null;
}
/** A usage alert the batch reached: the key of `subscription_usage_alerts` and the limit. */
export interface UsageAlertKey {
  subscriptionId: string;
  year: number;
  month: number;
  threshold: UsageAlertThreshold;
}
export type ReachedUsageAlert = UsageAlertKey & { dataLimitInGb: number };

export interface MetricAppend {
  id: string;
  p: string;
  m: string;
  day: string;
  s: number[];
  v: number[];
}

const STATE_SQL = `
  update devices d set
    satellite_online = case when r.s ? 'satelliteOnline' then (r.s->>'satelliteOnline')::boolean else d.satellite_online end,
    cellular_online = case when r.s ? 'cellularOnline' then (r.s->>'cellularOnline')::boolean else d.cellular_online end,
    satellite_signal = case when r.s ? 'satelliteSignal' then (r.s->>'satelliteSignal')::real else d.satellite_signal end,
    cellular_signal = case when r.s ? 'cellularSignal' then (r.s->>'cellularSignal')::real else d.cellular_signal end,
    wifi = case when r.s ? 'wifi' then (r.s->>'wifi')::boolean else d.wifi end,
    beam = case when r.s ? 'beam' then r.s->>'beam' else d.beam end,
    satellite_last_updated = case when r.s ?| array['satelliteOnline', 'satelliteSignal'] then r.t else d.satellite_last_updated end,
    cellular_last_updated = case when r.s ?| array['cellularOnline', 'cellularSignal'] then r.t else d.cellular_last_updated end,
    latitude = coalesce(r.lat, d.latitude),
    longitude = coalesce(r.lon, d.longitude),
    satellite_location_updated_on = case when r.loc_source = 'satellite' then r.t else d.satellite_location_updated_on end,
    cellular_location_updated_on = case when r.loc_source = 'cellular' then r.t else d.cellular_location_updated_on end,
    software_current_version = coalesce(r.sw, d.software_current_version),
    software_last_checkin = case when r.sw is not null then r.t else d.software_last_checkin end,
    software_last_updated_on = case when r.sw is distinct from d.software_current_version and r.sw is not null
      then r.t else d.software_last_updated_on end,
    -- A scheduled update is done once the terminal runs the target version.
    software_target_version = case when r.sw = d.software_target_version then null else d.software_target_version end,
    updated_at = now()
  from jsonb_to_recordset($1::jsonb)
    as r(id uuid, t timestamptz, s jsonb, lat float8, lon float8, loc_source text, sw text)
  where d.id = r.id
    -- A report older than what the device last told us does not roll its state back.
    and r.t >= coalesce(greatest(d.satellite_last_updated, d.cellular_last_updated, d.software_last_checkin), '-infinity')`;

const USAGE_SQL = `
  with r as (
    select id, day, sum(sb)::bigint as sb, sum(cb)::bigint as cb
      from jsonb_to_recordset($1::jsonb) as x(id uuid, day date, sb bigint, cb bigint)
     group by id, day
  ), daily as (
    insert into device_daily_usage (device_id, day, satellite_bytes, cellular_bytes)
    select id, day, sb, cb from r
    on conflict (device_id, day) do update set
      satellite_bytes = device_daily_usage.satellite_bytes + excluded.satellite_bytes,
      cellular_bytes = device_daily_usage.cellular_bytes + excluded.cellular_bytes
  ), totals as (
    update devices d set
      total_satellite_usage = d.total_satellite_usage + t.sb,
      total_cellular_usage = d.total_cellular_usage + t.cb
    from (select id, sum(sb) as sb, sum(cb) as cb from r group by id) t
    where d.id = t.id
  ), monthly as (
    insert into subscription_monthly_usage (subscription_id, year, month, satellite_bytes, cellular_bytes)
    select ds.subscription_id, extract(year from r.day)::int, extract(month from r.day)::int, sum(r.sb), sum(r.cb)
      from r join device_subscriptions ds on ds.device_id = r.id and ds.active
     group by 1, 2, 3
    on conflict (subscription_id, year, month) do update set
      satellite_bytes = subscription_monthly_usage.satellite_bytes + excluded.satellite_bytes,
      cellular_bytes = subscription_monthly_usage.cellular_bytes + excluded.cellular_bytes
    returning subscription_id, year, month, satellite_bytes, cellular_bytes
  )
  -- The months whose new totals (this transaction's, taken under the row lock) reach an alert's
  -- bytes per GB of their limit ($2 for the thresholds $3, lowest first) not recorded yet (as of
  -- this statement: a shortcut only, the alerts' key keeps a concurrent batch from recording one
  -- twice), never an Unlimited one ($4). The service decides which alerts they reached.
  select m.subscription_id as "subscriptionId", m.year, m.month,
         (m.satellite_bytes::numeric + m.cellular_bytes)::text as bytes,
         s.data_limit_gb as "dataLimitInGb"
    from monthly m
    cross join lateral (select data_limit_gb from subscriptions where id = m.subscription_id) s
   where s.data_limit_gb <> $4
     -- Most months are below the lowest alert: one comparison, before the subquery.
     and m.satellite_bytes + m.cellular_bytes >= s.data_limit_gb * ($2::bigint[])[1]
     and exists (
       select 1 from unnest($2::bigint[], $3::smallint[]) as t(per_gb, threshold)
        where m.satellite_bytes + m.cellular_bytes >= s.data_limit_gb * t.per_gb
          and not exists (select 1 from subscription_usage_alerts a
                           where a.subscription_id = m.subscription_id and a.year = m.year
                             and a.month = m.month and a.threshold = t.threshold))`;

// One conditional statement: an alert already recorded (by this or a concurrent report) is left
// as it is, and only those this statement recorded come back to be notified.
const ALERTS_SQL = `
  insert into subscription_usage_alerts (subscription_id, year, month, threshold, data_limit_gb)
  select id, y, m, t, gb
    from jsonb_to_recordset($1::jsonb) as r(id uuid, y smallint, m smallint, t smallint, gb int)
  on conflict (subscription_id, year, month, threshold) do nothing
  returning subscription_id as "subscriptionId", year, month, threshold`;

// Samples merge into the day's arrays in time order; a second sample at the same second replaces the first.
const METRICS_SQL = `
  insert into metric_series (device_id, provider_shortcode, metric_shortcode, day, seconds, values)
  select id, p, m, day, s, v
    from jsonb_to_recordset($1::jsonb) as r(id uuid, p text, m text, day date, s int[], v real[])
  on conflict (device_id, provider_shortcode, metric_shortcode, day) do update set
    (seconds, values) = (
      select array_agg(x.s order by x.s), array_agg(x.v order by x.s)
        from (select distinct on (u.s) u.s, u.v
                from unnest(metric_series.seconds || excluded.seconds, metric_series.values || excluded.values)
                     with ordinality as u(s, v, o)
               order by u.s, u.o desc) x)`;

export function createTelemetryRepository(pool: pg.Pool) {
  return {
    async deviceIdsBySerial(serials: readonly string[]): Promise<Map<string, string>> {
      const { rows } = await pool.query<{ id: string; serial: string }>(
        'select id, serial from devices where serial = any($1::text[]) and deleted_at is null',
        [serials],
      );
      return new Map(rows.map((r) => [r.serial, r.id]));
    },

    async metricTypes(): Promise<Set<string>> {
      const { rows } = await pool.query<{ key: string }>(
        `select provider_shortcode || '/' || shortcode as key from metric_types`,
      );
      return new Set(rows.map((r) => r.key));
    },

    /**
     * Applies one batch in a single transaction: all of it or none. `alertsReached` picks, from
     * the subscription months the usage went to that are past an alert they have not recorded,
     * the usage alerts they have reached; those not recorded yet are recorded in the same
     * transaction and returned.
     */
    async apply(
      states: DeviceStateUpdate[],
      usage: UsageIncrement[],
      metrics: MetricAppend[],
      alertsReached: (months: MonthUsage[]) => ReachedUsageAlert[] = () => [],
    ): Promise<UsageAlertKey[]> {
      const client = await pool.connect();
      try {
        await client.query('begin');
        let recorded: UsageAlertKey[] = [];
        if (states.length) await client.query(STATE_SQL, [JSON.stringify(states)]);
        if (usage.length) {
          const months = await client.query<MonthUsage>(USAGE_SQL, [
            JSON.stringify(usage),
            USAGE_ALERT_THRESHOLDS.map((t) => String(usageThresholdBytes(1, t))),
            USAGE_ALERT_THRESHOLDS,
            UNLIMITED_DATA_LIMIT_GB,
          ]);
          const reached = alertsReached(months.rows).map((a) => ({
            id: a.subscriptionId,
            y: a.year,
            m: a.month,
            t: a.threshold,
            gb: a.dataLimitInGb,
          }));
          if (reached.length) {
            const r = await client.query<UsageAlertKey>(ALERTS_SQL, [JSON.stringify(reached)]);
            recorded = r.rows;
          }
        }
        if (metrics.length) await client.query(METRICS_SQL, [JSON.stringify(metrics)]);
        await client.query('commit');
        return recorded;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}
export type TelemetryRepository = ReturnType<typeof createTelemetryRepository>;
