import type pg from 'pg';
import type { loginThrottle } from '../db/schema.js';

type LoginThrottleRow = typeof loginThrottle.$inferSelect;

/** A failed sign-in as the throttle counts it (times from the caller's clock). */
export interface ThrottleFailure {
  at: Date;
  /** A window that started before this is over: the count starts again at 1. */
  windowStart: Date;
  /** Set when this failure reaches `maxFailures` within the window. */
  lockUntil: Date;
  maxFailures: number;
}

/** Failed sign-in counters per hashed login name (`login_throttle`). */
export function createLoginThrottleRepository(pool: pg.Pool) {
  return {
    async lockedUntil(key: string): Promise<Date | null> {
      const r = await pool.query<Pick<LoginThrottleRow, 'lockedUntil'>>(
        'select locked_until as "lockedUntil" from login_throttle where key = $1',
        [key],
      );
      return r.rows[0]?.lockedUntil ?? null;
    },

    /** Counts a failure in one statement, so concurrent failures are all counted. */
    async recordFailure(key: string, f: ThrottleFailure): Promise<void> {
      await pool.query(
        `insert into login_throttle (key, failures, window_started_at) values ($1, 1, $2)
         on conflict (key) do update set
           failures = case when login_throttle.window_started_at < $3 then 1 else login_throttle.failures + 1 end,
           window_started_at = case when login_throttle.window_started_at < $3 then $2 else login_throttle.window_started_at end,
           locked_until = case
             when login_throttle.window_started_at >= $3 and login_throttle.failures + 1 >= $4 then $5::timestamptz
             else login_throttle.locked_until end`,
        [key, f.at, f.windowStart, f.maxFailures, f.lockUntil],
      );
    },

    async remove(key: string): Promise<void> {
      await pool.query('delete from login_throttle where key = $1', [key]);
    },

    /** Deletes counters whose window ended `windowSeconds` ago and that hold no lock; returns how many. */
    async purgeStale(windowSeconds: number): Promise<number> {
      const r = await pool.query(
        `delete from login_throttle
         where window_started_at < now() - make_interval(secs => $1::int)
           and (locked_until is null or locked_until < now())`,
        [windowSeconds],
      );
      return r.rowCount ?? 0;
    },
  };
}
export type LoginThrottleRepository = ReturnType<typeof createLoginThrottleRepository>;
