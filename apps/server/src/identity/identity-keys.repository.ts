import type pg from 'pg';
import type { identityKeys } from '../db/schema.js';

type IdentityKeyRow = typeof identityKeys.$inferSelect;

/** Key material shared by every instance (`identity_keys`), by id. */
export function createIdentityKeysRepository(pool: pg.Pool) {
  return {
    /** The stored material, as the caller stored it; null when there is none. */
    async materialOf<T>(id: string): Promise<T | null> {
      const r = await pool.query<{ material: T }>(
        'select material from identity_keys where id = $1',
        [id],
      );
      return r.rows[0]?.material ?? null;
    },

    /** Stores material unless the id already has some (the first writer wins). */
    async insertIfAbsent(
      id: string,
      kind: IdentityKeyRow['kind'],
      material: unknown,
    ): Promise<void> {
      await pool.query(
        'insert into identity_keys (id, kind, material) values ($1, $2, $3) on conflict (id) do nothing',
        [id, kind, JSON.stringify(material)],
      );
    },
  };
}
