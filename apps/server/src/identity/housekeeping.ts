import type pg from 'pg';
import { createLoginThrottleRepository } from './login-throttle.repository.js';
import { createOidcPayloadsRepository } from './oidc-payloads.repository.js';
import { THROTTLE } from './login-throttle.js';

const HOUR_MS = 60 * 60 * 1000;

/** Deletes expired identity rows: provider sessions, codes and tokens, and stale sign-in counters. */
export async function purgeIdentityRows(
  pool: pg.Pool,
): Promise<{ payloads: number; throttles: number }> {
  const payloads = await createOidcPayloadsRepository(pool).purgeExpired();
  const throttles = await createLoginThrottleRepository(pool).purgeStale(
    Math.ceil(THROTTLE.windowMs / 1000),
  );
  return { payloads, throttles };
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
