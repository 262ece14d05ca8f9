import type { Adapter, AdapterPayload } from 'oidc-provider';
import type pg from 'pg';

/**
 * Stores the identity provider's models (sessions, interactions, grants,
 * codes, tokens) in PostgreSQL so they survive restarts and are shared by
 * every server instance.
 */
export function createOidcAdapterFactory(pool: pg.Pool) {
  return (kind: string): Adapter => ({
    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      await pool.query(
        `insert into oidc_payloads (id, kind, payload, grant_id, user_code, uid, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (kind, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
           user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
        [
          id,
          kind,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.userCode ?? null,
          payload.uid ?? null,
          expiresAt,
        ],
      );
    },
    async find(id: string) {
      return findWhere(pool, kind, 'id = $2', id);
    },
    async findByUid(uid: string) {
      return findWhere(pool, kind, 'uid = $2', uid);
    },
    async findByUserCode(userCode: string) {
      return findWhere(pool, kind, 'user_code = $2', userCode);
    },
    async consume(id: string) {
      await pool.query('update oidc_payloads set consumed_at = now() where kind = $1 and id = $2', [
        kind,
        id,
      ]);
    },
    async destroy(id: string) {
      await pool.query('delete from oidc_payloads where kind = $1 and id = $2', [kind, id]);
    },
    async revokeByGrantId(grantId: string) {
      await pool.query('delete from oidc_payloads where grant_id = $1', [grantId]);
    },
  });
}

async function findWhere(pool: pg.Pool, kind: string, condition: string, value: string) {
  const result = await pool.query<{ payload: AdapterPayload; consumed_at: Date | null }>(
    `select payload, consumed_at from oidc_payloads
     where kind = $1 and ${condition} and (expires_at is null or expires_at > now())`,
    [kind, value],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  return row.consumed_at
    ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
    : row.payload;
}

/** Removes expired rows; run on a schedule. */
export async function purgeExpiredOidcPayloads(pool: pg.Pool): Promise<number> {
  const result = await pool.query(
    'delete from oidc_payloads where expires_at is not null and expires_at < now()',
  );
  return result.rowCount ?? 0;
}
