import type { AdapterPayload } from 'oidc-provider';
import type pg from 'pg';
import type { oidcPayloads } from '../db/schema.js';

/** A stored model of the identity provider; the payload is the provider's own. */
export type OidcPayloadRow = Omit<typeof oidcPayloads.$inferSelect, 'payload'> & {
  payload: AdapterPayload;
};

/** The columns a live payload can be looked up by (fixed SQL, never from input). */
const LOOKUP = { id: 'id', uid: 'uid', userCode: 'user_code' } as const;

/**
 * The identity provider's sessions, interactions, grants, codes and tokens (`oidc_payloads`),
 * by model kind and id.
 */
export function createOidcPayloadsRepository(pool: pg.Pool) {
  return {
    /** Stores a model, replacing the one of the same kind and id. */
    async upsert(row: Omit<OidcPayloadRow, 'consumedAt'>): Promise<void> {
      await pool.query(
        `insert into oidc_payloads (id, kind, payload, grant_id, user_code, uid, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (kind, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
           user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
        [
          row.id,
          row.kind,
          JSON.stringify(row.payload),
          row.grantId,
          row.userCode,
          row.uid,
          row.expiresAt,
        ],
      );
    },

    /** A model of `kind` that has not expired, by id, interaction uid or user code. */
    async findLive(
      kind: string,
      by: keyof typeof LOOKUP,
      value: string,
    ): Promise<Pick<OidcPayloadRow, 'payload' | 'consumedAt'> | null> {
      const r = await pool.query<Pick<OidcPayloadRow, 'payload' | 'consumedAt'>>(
        `select payload, consumed_at as "consumedAt" from oidc_payloads
         where kind = $1 and ${LOOKUP[by]} = $2 and (expires_at is null or expires_at > now())`,
        [kind, value],
      );
      return r.rows[0] ?? null;
    },

    async consume(kind: string, id: string): Promise<void> {
      await pool.query('update oidc_payloads set consumed_at = now() where kind = $1 and id = $2', [
        kind,
        id,
      ]);
    },

    async destroy(kind: string, id: string): Promise<void> {
      await pool.query('delete from oidc_payloads where kind = $1 and id = $2', [kind, id]);
    },

    async revokeByGrantId(grantId: string): Promise<void> {
      await pool.query('delete from oidc_payloads where grant_id = $1', [grantId]);
    },

    /** Removes expired rows; returns how many. */
    async purgeExpired(): Promise<number> {
      const r = await pool.query(
        'delete from oidc_payloads where expires_at is not null and expires_at < now()',
      );
      return r.rowCount ?? 0;
    },
  };
}
export type OidcPayloadsRepository = ReturnType<typeof createOidcPayloadsRepository>;
