import type pg from 'pg';
import type { credentialThrottle } from '../db/schema.js';
import type { BucketState } from './credential-throttle.js';

type CredentialThrottleRow = typeof credentialThrottle.$inferSelect;

const SELECT = `select attempts, last_attempt_at as "lastAttemptAt", next_attempt_at as "nextAttemptAt"
  from credential_throttle`;

/** The throttle's buckets by hashed key (`credential_throttle`). */
export function createCredentialThrottleRepository(pool: pg.Pool) {
  return {
    async get(key: string): Promise<BucketState | null> {
      const r = await pool.query<Omit<CredentialThrottleRow, 'key'>>(`${SELECT} where key = $1`, [
        key,
      ]);
      return r.rows[0] ?? null;
    },

    /**
     * Writes `next` (null deletes) only while the stored bucket is still `expected` (null:
     * none): false when another attempt changed it first. One statement, so concurrent
     * attempts on any instance are all counted.
     */
    async replace(
      key: string,
      expected: BucketState | null,
      next: BucketState | null,
    ): Promise<boolean> {
      if (!expected && !next) return true;
      if (!expected) {
        const r = await pool.query(
          `insert into credential_throttle (key, attempts, last_attempt_at, next_attempt_at)
           values ($1, $2, $3, $4) on conflict (key) do nothing`,
          [key, next!.attempts, next!.lastAttemptAt, next!.nextAttemptAt],
        );
        return r.rowCount === 1;
      }
      const same = `key = $1 and attempts = $2 and last_attempt_at = $3 and next_attempt_at = $4`;
      const was = [key, expected.attempts, expected.lastAttemptAt, expected.nextAttemptAt];
      const r = next
        ? await pool.query(
            `update credential_throttle set attempts = $5, last_attempt_at = $6, next_attempt_at = $7
             where ${same}`,
            [...was, next.attempts, next.lastAttemptAt, next.nextAttemptAt],
          )
        : await pool.query(`delete from credential_throttle where ${same}`, was);
      return r.rowCount === 1;
    },

    async remove(key: string): Promise<void> {
      await pool.query('delete from credential_throttle where key = $1', [key]);
    },

    /** Deletes buckets with no attempt since `before` and no wait left; returns how many. */
    async purgeStale(before: Date): Promise<number> {
      const r = await pool.query(
        `delete from credential_throttle where last_attempt_at < $1 and next_attempt_at < now()`,
        [before],
      );
      return r.rowCount ?? 0;
    },
  };
}
export type CredentialThrottleRepository = ReturnType<typeof createCredentialThrottleRepository>;
