import type pg from 'pg';
import { createCredentialThrottleRepository } from './credential-throttle.repository.js';
import { THROTTLE_FORGET_AFTER_MS } from './credential-throttle.js';
import { createOidcPayloadsRepository } from './oidc-payloads.repository.js';

const HOUR_MS = 60 * 60 * 1000;

/** Deletes expired identity rows: provider sessions, codes and tokens, and forgotten throttle buckets. */
export async function purgeIdentityRows(
  pool: pg.Pool,
  now: () => number = Date.now,
): Promise<{ payloads: number; throttles: number }> {
  const payloads = await createOidcPayloadsRepository(pool).purgeExpired();
  const throttles = await createCredentialThrottleRepository(pool).purgeStale(
    new Date(now() - THROTTLE_FORGET_AFTER_MS),
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
