import type pg from 'pg';
import type { metricSeries } from '../../db/fleet-schema.js';
import type { AccountScope } from '../../plugins/tenancy.js';

export type MetricDayRow = Pick<typeof metricSeries.$inferSelect, 'day' | 'seconds' | 'values'>;

export function createMetricsRepository(pool: pg.Pool) {
  return {
    /** The ids among `ids` of devices the scope sees (deleted devices are not seen). */
    async visibleDeviceIds(scope: AccountScope, ids: readonly string[]): Promise<Set<string>> {
      const params: unknown[] = [ids];
      let clause = '';
      if (!scope.all) {
        params.push(scope.accountIds);
        clause = 'and account_id = any($2::uuid[])';
      }
      const { rows } = await pool.query<{ id: string }>(
        `select id from devices where id = any($1::uuid[]) and deleted_at is null ${clause}`,
        params,
      );
      return new Set(rows.map((r) => r.id));
    },

    /** Units of the provider's metric types; an unknown provider has none. */
    async metricUnits(provider: string): Promise<Map<string, string>> {
      const { rows } = await pool.query<{ shortcode: string; unit: string }>(
        'select shortcode, unit from metric_types where provider_shortcode = $1',
        [provider],
      );
      return new Map(rows.map((r) => [r.shortcode, r.unit]));
    },

    /** The stored days of one series between two UTC dates, oldest first. */
    async seriesDays(
      deviceId: string,
      provider: string,
      metric: string,
      fromDay: string,
      toDay: string,
    ): Promise<MetricDayRow[]> {
      const { rows } = await pool.query<MetricDayRow>(
        `select to_char(day, 'YYYY-MM-DD') as day, seconds, values
           from metric_series
          where device_id = $1 and provider_shortcode = $2 and metric_shortcode = $3
            and day between $4::date and $5::date
          order by day`,
        [deviceId, provider, metric, fromDay, toDay],
      );
      return rows;
    },
  };
}
export type MetricsRepository = ReturnType<typeof createMetricsRepository>;
