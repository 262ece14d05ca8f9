import { createHash } from 'node:crypto';
import type pg from 'pg';

export const THROTTLE = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 5 * 60_000 } as const;

function keyFor(login: string): string {
  return createHash('sha256').update(login.trim().toLowerCase()).digest('base64url');
}

/**
 * Counts failed sign-ins per login name (existing or not, so the lock reveals
 * nothing) and locks the name for a while after too many.
 */
export function createLoginThrottle(pool: pg.Pool, now: () => number = Date.now) {
  return {
    async isLocked(login: string): Promise<boolean> {
      const r = await pool.query<{ locked_until: Date | null }>(
        'select locked_until from login_throttle where key = $1',
        [keyFor(login)],
      );
      const until = r.rows[0]?.locked_until;
      return !!until && until.getTime() > now();
    },

    async recordFailure(login: string): Promise<void> {
      const at = new Date(now());
      const windowStart = new Date(now() - THROTTLE.windowMs);
      const lockUntil = new Date(now() + THROTTLE.lockMs);
      await pool.query(
        `insert into login_throttle (key, failures, window_started_at) values ($1, 1, $2)
         on conflict (key) do update set
           failures = case when login_throttle.window_started_at < $3 then 1 else login_throttle.failures + 1 end,
           window_started_at = case when login_throttle.window_started_at < $3 then $2 else login_throttle.window_started_at end,
           locked_until = case
             when login_throttle.window_started_at >= $3 and login_throttle.failures + 1 >= $4 then $5::timestamptz
             else login_throttle.locked_until end`,
        [keyFor(login), at, windowStart, THROTTLE.maxFailures, lockUntil],
      );
    },

    async reset(login: string): Promise<void> {
      await pool.query('delete from login_throttle where key = $1', [keyFor(login)]);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
