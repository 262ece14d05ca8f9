import type pg from 'pg';
import type { ZonePoint } from '@aerie/contract';
import type { accounts } from '../../db/schema.js';
import type { zones } from '../../db/fleet-schema.js';
import type { AccountScope } from '../../plugins/tenancy.js';
import { inTransaction } from '../../db/transaction.js';

export type ZoneRow = Pick<
  typeof zones.$inferSelect,
  'id' | 'accountId' | 'name' | 'createdBy' | 'createdAt' | 'updatedAt'
> & {
  accountName: (typeof accounts.$inferSelect)['name'];
  /** The jsonb column holds the polygon as written from the contract's points. */
  coordinates: ZonePoint[];
};

export interface ZoneValues {
  accountId: string;
  name: string;
  coordinates: readonly ZonePoint[];
}

/** Why a write did not happen: the services turn these into 404 and 409 answers. */
export type ZoneWriteOutcome = ZoneRow | 'not-found' | 'no-account' | 'duplicate';

const SELECT = `select z.id, z.account_id as "accountId", a.name as "accountName", z.name,
                       z.coordinates, z.created_by as "createdBy", z.created_at as "createdAt",
                       z.updated_at as "updatedAt"
                from zones z join accounts a on a.id = z.account_id`;

/**
 * Serialises the writes of one account's zones until the transaction ends, so two requests
 * cannot both find a name free and both take it.
 */
async function lockAccountZones(c: pg.PoolClient, accountId: string): Promise<void> {
  await c.query(`select pg_advisory_xact_lock(hashtextextended('zones:' || $1, 0))`, [accountId]);
}

async function nameTaken(
  c: pg.PoolClient,
  accountId: string,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  const r = await c.query(
    `select 1 from zones where account_id = $1 and lower(name) = lower($2)
     and ($3::uuid is null or id <> $3::uuid) limit 1`,
    [accountId, name, exceptId],
  );
  return (r.rowCount ?? 0) > 0;
}

/** SQL of the zones table; reads and writes are limited to the caller's accounts. */
export function createZonesRepository(pool: pg.Pool) {
  function scoped(scope: AccountScope, params: unknown[]): string {
    if (scope.all) return 'true';
    params.push(scope.accountIds);
    return `z.account_id = any($${params.length}::uuid[])`;
  }

  async function byId(c: pg.Pool | pg.PoolClient, id: string): Promise<ZoneRow | null> {
    const r = await c.query<ZoneRow>(`${SELECT} where z.id = $1`, [id]);
    return r.rows[0] ?? null;
  }

  return {
    async list(
      scope: AccountScope,
      q: { skip: number; take: number; accountId?: string | undefined },
    ): Promise<{ rows: ZoneRow[]; total: number }> {
      const params: unknown[] = [];
      const conditions = [scoped(scope, params)];
      if (q.accountId) {
        params.push(q.accountId);
        conditions.push(`z.account_id = $${params.length}`);
      }
      const where = conditions.join(' and ');
      const [page, total] = await Promise.all([
        pool.query<ZoneRow>(
          `${SELECT} where ${where} order by lower(z.name), z.id limit ${q.take} offset ${q.skip}`,
          params,
        ),
        pool.query<{ n: number }>(`select count(*)::int as n from zones z where ${where}`, params),
      ]);
      return { rows: page.rows, total: total.rows[0]?.n ?? 0 };
    },

    /** A zone, or null when it does not exist or is outside the scope. */
    async findById(scope: AccountScope, id: string): Promise<ZoneRow | null> {
      const params: unknown[] = [id];
      const r = await pool.query<ZoneRow>(
        `${SELECT} where z.id = $1 and ${scoped(scope, params)}`,
        params,
      );
      return r.rows[0] ?? null;
    },

    async create(values: ZoneValues, createdBy: string): Promise<ZoneWriteOutcome> {
      return inTransaction(pool, async (c) => {
        await lockAccountZones(c, values.accountId);
        if (await nameTaken(c, values.accountId, values.name, null)) return 'duplicate';
        const inserted = await c.query<{ id: string }>(
          `insert into zones (account_id, name, coordinates, created_by)
           select $1, $2, $3::jsonb, $4 where exists (select 1 from accounts where id = $1)
           returning id`,
          [values.accountId, values.name, JSON.stringify(values.coordinates), createdBy],
        );
        const id = inserted.rows[0]?.id;
        return id ? ((await byId(c, id)) ?? 'not-found') : 'no-account';
      });
    },

    /** Replaces a zone's name and polygon, and moves it when `accountId` differs. */
    async update(scope: AccountScope, id: string, values: ZoneValues): Promise<ZoneWriteOutcome> {
      return inTransaction(pool, async (c) => {
        await lockAccountZones(c, values.accountId);
        const params: unknown[] = [id];
        const current = await c.query(
          `select 1 from zones z where z.id = $1 and ${scoped(scope, params)} for update`,
          params,
        );
        if (current.rowCount === 0) return 'not-found';
        if (await nameTaken(c, values.accountId, values.name, id)) return 'duplicate';
        const updated = await c.query(
          `update zones set account_id = $2, name = $3, coordinates = $4::jsonb, updated_at = now()
           where id = $1 and exists (select 1 from accounts where id = $2)`,
          [id, values.accountId, values.name, JSON.stringify(values.coordinates)],
        );
        if (updated.rowCount === 0) return 'no-account';
        return (await byId(c, id)) ?? 'not-found';
      });
    },

    /** The account a zone in the scope belongs to, or null. */
    async accountOf(scope: AccountScope, id: string): Promise<string | null> {
      const params: unknown[] = [id];
      const r = await pool.query<{ account_id: string }>(
        `select z.account_id from zones z where z.id = $1 and ${scoped(scope, params)}`,
        params,
      );
      return r.rows[0]?.account_id ?? null;
    },

    /** Deletes a zone in the scope; false when there was none. */
    async remove(scope: AccountScope, id: string): Promise<boolean> {
      const params: unknown[] = [id];
      const r = await pool.query(
        `delete from zones z where z.id = $1 and ${scoped(scope, params)}`,
        params,
      );
      return (r.rowCount ?? 0) > 0;
    },
  };
}
export type ZonesRepository = ReturnType<typeof createZonesRepository>;
