import type pg from 'pg';
import { purgeExpiredOidcPayloads } from './oidc-adapter.js';
import { THROTTLE } from './login-throttle.js';

const HOUR_MS = 60 * 60 * 1000;

/** Deletes expired identity rows: provider sessions, codes and tokens, and stale sign-in counters. */
export async function purgeIdentityRows(
  pool: pg.Pool,
): Promise<{ payloads: number; throttles: number }> {
  const payloads = await purgeExpiredOidcPayloads(pool);
  const throttles = await pool.query(
    `delete from login_throttle
     where window_started_at < now() - make_interval(secs => $1::int)
       and (locked_until is null or locked_until < now())`,
    [Math.ceil(THROTTLE.windowMs / 1000)],
  );
  return { payloads, throttles: throttles.rowCount ?? 0 };
}

/**
 * Runs the purge hourly in this process until the job queue takes it over.
 * Returns a stop function.
 */
export function scheduleIdentityHousekeeping(
  pool: pg.Pool,
  onError: (error: unknown) => void,
): () => void {
  const run = () => void purgeIdentityRows(pool).catch(onError);
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
