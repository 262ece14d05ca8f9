import type pg from 'pg';

const MAINTENANCE_KEY = 'maintenance';

/** Installation-wide state in `app_state`, shared by every instance. */
export function createHealthRepository(pool: pg.Pool) {
  return {
    async maintenance(): Promise<boolean> {
      const r = await pool.query<{ value: unknown }>(
        'select value from app_state where key = $1 limit 1',
        [MAINTENANCE_KEY],
      );
      return r.rows[0]?.value === true;
    },

    async setMaintenance(on: boolean): Promise<void> {
      await pool.query(
        `insert into app_state (key, value) values ($1, $2::jsonb)
         on conflict (key) do update set value = excluded.value, updated_at = now()`,
        [MAINTENANCE_KEY, JSON.stringify(on)],
      );
    },
  };
}
export type HealthRepository = ReturnType<typeof createHealthRepository>;
