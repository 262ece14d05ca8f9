import type pg from 'pg';
import type { SubscriptionChangeAction, SubscriptionEditableField } from '@aerie/contract';
import { inTransaction, type Queryable } from '../../db/transaction.js';
import type { AccountScope } from '../../plugins/tenancy.js';

/** The column of each field a change may set (names are ours, never the caller's). */
const COLUMN: Record<SubscriptionEditableField, string> = {
  description: 'description',
  subscriptionNumber: 'subscription_number',
  dataLimitInGb: 'data_limit_gb',
  startDate: 'start_date',
  endDate: 'end_date',
  networkIdentifiers: 'network_identifiers',
  nmsId: 'nms_id',
  salesforceObjectId: 'salesforce_object_id',
  salesforceAccountId: 'salesforce_account_id',
};

/** A field's value as the change record keeps it (text; dates in ISO form, lists joined). */
export type RecordedValue = string | null;
export interface FieldChange {
  field: string;
  from: RecordedValue;
  to: RecordedValue;
}

export interface Actor {
  userId: string;
}

/** The subscription's values of the editable fields, as recorded. */
type EditableValues = Record<SubscriptionEditableField, RecordedValue>;

const EDITABLE_SELECT = `s.description, s.subscription_number as "subscriptionNumber",
  s.data_limit_gb::text as "dataLimitInGb",
  to_char(s.start_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "startDate",
  to_char(s.end_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "endDate",
  array_to_string(s.network_identifiers, ', ') as "networkIdentifiers", s.nms_id as "nmsId",
  s.salesforce_object_id as "salesforceObjectId", s.salesforce_account_id as "salesforceAccountId"`;

/** `and <column> = any(scope)` unless the scope is every account. */
function scoped(scope: AccountScope, column: string, params: unknown[]): string {
  if (scope.all) return '';
  params.push(scope.accountIds);
  return `and ${column} = any($${params.length}::uuid[])`;
}

/** Records a change: who (the user's name as it is now), when (now), what. */
async function record(
  db: Queryable,
  subscriptionId: string,
  action: SubscriptionChangeAction,
  actor: Actor,
  changes: readonly FieldChange[],
): Promise<void> {
  await db.query(
    `insert into subscription_changes (subscription_id, action, actor_user_id, actor_name, details)
     select $1, $2, u.id, u.first_name || ' ' || u.last_name, $4::jsonb
       from users u where u.id = $3`,
    [subscriptionId, action, actor.userId, JSON.stringify(changes)],
  );
}

export type EditOutcome =
  { kind: 'changed'; changes: FieldChange[] } | { kind: 'missing' } | { kind: 'endBeforeStart' };

/** A recorded change as the repository reads it. */
export interface ChangeRow {
  id: string;
  action: SubscriptionChangeAction;
  at: Date;
  actorName: string;
  details: FieldChange[];
}

export type TransferRecipient = { userId: string; accountId: string; email: string; name: string };

/**
 * SQL of subscription changes. Every statement is limited to the caller's accounts; a change
 * that depends on the row's state is one conditional statement, or a transaction that locks
 * the row first (docs/decisions/036-subscription-changes.md).
 */
export function createSubscriptionChangesRepository(pool: pg.Pool) {
  return {
    /** Whether the subscription exists within the scope (the 404 before a role's 403). */
    async exists(scope: AccountScope, id: string): Promise<boolean> {
      const params: unknown[] = [id];
      const r = await pool.query(
        `select 1 from subscriptions s where s.id = $1 ${scoped(scope, 's.account_id', params)}`,
        params,
      );
      return (r.rowCount ?? 0) > 0;
    },

    /**
     * Sets fields in one transaction: the row locked, its old values read, the new ones
     * written (the dates checked against each other as they will be), the change recorded.
     */
    async edit(
      scope: AccountScope,
      id: string,
      values: Partial<Record<SubscriptionEditableField, unknown>>,
      actor: Actor,
    ): Promise<EditOutcome> {
      return inTransaction<EditOutcome>(pool, async (db) => {
        const params: unknown[] = [id];
        const found = await db.query<EditableValues>(
          `select ${EDITABLE_SELECT} from subscriptions s
            where s.id = $1 ${scoped(scope, 's.account_id', params)} for update`,
          params,
        );
        const before = found.rows[0];
        if (!before) return { kind: 'missing' };
        const fields = Object.keys(values) as SubscriptionEditableField[];
        const set: unknown[] = [id];
        const assignments = fields.map((field) => {
          set.push(values[field] ?? null);
          return `${COLUMN[field]} = $${set.length}`;
        });
        const updated = await db.query<EditableValues>(
          `update subscriptions s set ${assignments.join(', ')}
            where s.id = $1 returning ${EDITABLE_SELECT}, s.start_date < s.end_date as ordered`,
          set,
        );
        const after = updated.rows[0] as EditableValues & { ordered: boolean };
        if (!after.ordered) {
          // The transaction rolls back: nothing was changed.
          throw new EndBeforeStart();
        }
        const changes = fields
          .filter((field) => before[field] !== after[field])
          .map((field) => ({ field, from: before[field], to: after[field] }));
        if (changes.length > 0) await record(db, id, 'edit', actor, changes);
        return { kind: 'changed', changes };
      }).catch((error: unknown) => {
        if (error instanceof EndBeforeStart) return { kind: 'endBeforeStart' as const };
        throw error;
      });
    },

    /** A new subscription of a product (its name and data limit unless given); null: no product. */
    async create(
      values: {
        accountId: string;
        productCode: string;
        description: string | null;
        startDate: string;
        endDate: string;
        dataLimitInGb: number | null;
        subscriptionNumber: string | null;
        networkIdentifiers: string[] | null;
        nmsId: string | null;
        salesforceObjectId: string | null;
        salesforceAccountId: string | null;
      },
      actor: Actor,
    ): Promise<string | null> {
      return inTransaction(pool, async (db) => {
        const r = await db.query<{ id: string }>(
          `insert into subscriptions (account_id, product_code, description, start_date, end_date,
             data_limit_gb, subscription_number, network_identifiers, nms_id,
             salesforce_object_id, salesforce_account_id, has_satellite, has_cellular)
           select $1, p.product_code, coalesce($3, p.name), $4, $5, coalesce($6, p.data_limit_gb),
             $7, $8, $9, $10, $11, p.has_satellite, p.has_cellular
             from subscription_products p where p.product_code = $2
           returning id`,
          [
            values.accountId,
            values.productCode,
            values.description,
            values.startDate,
            values.endDate,
            values.dataLimitInGb,
            values.subscriptionNumber,
            values.networkIdentifiers,
            values.nmsId,
            values.salesforceObjectId,
            values.salesforceAccountId,
          ],
        );
        const id = r.rows[0]?.id;
        if (!id) return null;
        await record(db, id, 'create', actor, [
          { field: 'productCode', from: null, to: values.productCode },
        ]);
        return id;
      });
    },

    /**
     * Cancels now: the end moves to now and its terminals leave it, if it has not ended yet
     * (one conditional update). 'missing' outside the scope; 'ended' when it had ended.
     */
    async cancel(
      scope: AccountScope,
      id: string,
      actor: Actor,
    ): Promise<'cancelled' | 'ended' | 'missing'> {
      return inTransaction(pool, async (db) => {
        const params: unknown[] = [id];
        const scopeSql = scoped(scope, 's.account_id', params);
        const r = await db.query<{ endDate: string }>(
          `with old as (
             select s.id, s.end_date from subscriptions s
              where s.id = $1 ${scopeSql} for update
           )
           update subscriptions s set end_date = now()
             from old where s.id = old.id and old.end_date > now()
           returning to_char(old.end_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "endDate"`,
          params,
        );
        const ended = r.rows[0];
        if (!ended) {
          const exists = await db.query(
            `select 1 from subscriptions s where s.id = $1 ${scopeSql}`,
            params,
          );
          return exists.rowCount ? 'ended' : 'missing';
        }
        await db.query(
          `update device_subscriptions set active = false, end_date = now()
            where subscription_id = $1 and active`,
          [id],
        );
        await record(db, id, 'cancel', actor, [
          { field: 'endDate', from: ended.endDate, to: new Date().toISOString() },
        ]);
        return 'cancelled';
      });
    },

    /**
     * Deletes a subscription that never had terminals or usage (one conditional statement).
     * 'used' when it had; 'missing' outside the scope.
     */
    async delete(scope: AccountScope, id: string): Promise<'deleted' | 'used' | 'missing'> {
      const params: unknown[] = [id];
      const scopeSql = scoped(scope, 's.account_id', params);
      const r = await pool.query(
        `delete from subscriptions s where s.id = $1 ${scopeSql}
           and not exists (select 1 from device_subscriptions ds where ds.subscription_id = s.id)
           and not exists (select 1 from subscription_monthly_usage u where u.subscription_id = s.id)`,
        params,
      );
      if (r.rowCount) return 'deleted';
      const exists = await pool.query(
        `select 1 from subscriptions s where s.id = $1 ${scopeSql}`,
        params,
      );
      return exists.rowCount ? 'used' : 'missing';
    },

    /** Whether the account exists (staff see every account, even one that does not). */
    async accountExists(id: string): Promise<boolean> {
      const r = await pool.query('select 1 from accounts where id = $1', [id]);
      return (r.rowCount ?? 0) > 0;
    },

    /** The active user with this (normalised) email, and their account. */
    async userByEmail(email: string): Promise<TransferRecipient | null> {
      const r = await pool.query<TransferRecipient>(
        `select u.id as "userId", u.account_id as "accountId", u.email,
                u.first_name || ' ' || u.last_name as name
           from users u where u.email = $1 and not u.disabled`,
        [email],
      );
      return r.rows[0] ?? null;
    },

    /**
     * Offers the subscription to `email` unless a transfer is pending (one conditional update).
     * 'pending' when one is; 'missing' outside the scope.
     */
    async startTransfer(
      scope: AccountScope,
      id: string,
      email: string,
      actor: Actor,
    ): Promise<'started' | 'pending' | 'missing'> {
      return inTransaction(pool, async (db) => {
        const params: unknown[] = [id];
        const scopeSql = scoped(scope, 's.account_id', params);
        const r = await db.query(
          `update subscriptions s set pending_transfer_email = $${params.length + 1}
            where s.id = $1 ${scopeSql} and s.pending_transfer_email is null`,
          [...params, email],
        );
        if (!r.rowCount) {
          const exists = await db.query(
            `select 1 from subscriptions s where s.id = $1 ${scopeSql}`,
            params,
          );
          return exists.rowCount ? 'pending' : 'missing';
        }
        await record(db, id, 'transfer', actor, [
          { field: 'pendingTransferEmail', from: null, to: email },
        ]);
        return 'started';
      });
    },

    /** Clears a pending transfer (one conditional update); 'none' when none is pending. */
    async cancelTransfer(
      scope: AccountScope,
      id: string,
      actor: Actor,
    ): Promise<'cancelled' | 'none' | 'missing'> {
      return inTransaction(pool, async (db) => {
        const params: unknown[] = [id];
        const scopeSql = scoped(scope, 's.account_id', params);
        const r = await db.query<{ email: string }>(
          `with old as (
             select s.id, s.pending_transfer_email from subscriptions s
              where s.id = $1 ${scopeSql} and s.pending_transfer_email is not null for update
           )
           update subscriptions s set pending_transfer_email = null from old where s.id = old.id
           returning old.pending_transfer_email as email`,
          params,
        );
        const cleared = r.rows[0];
        if (!cleared) {
          const exists = await db.query(
            `select 1 from subscriptions s where s.id = $1 ${scopeSql}`,
            params,
          );
          return exists.rowCount ? 'none' : 'missing';
        }
        await record(db, id, 'cancelTransfer', actor, [
          { field: 'pendingTransferEmail', from: cleared.email, to: null },
        ]);
        return 'cancelled';
      });
    },

    /**
     * Completes a pending transfer: the subscription and the terminals on it now move to the
     * recipient's account, the offer is cleared. 'none' when none is pending; 'gone' when the
     * recipient no longer exists (the offer stays, to be cancelled).
     */
    async completeTransfer(
      scope: AccountScope,
      id: string,
      actor: Actor,
    ): Promise<'completed' | 'none' | 'gone' | 'missing'> {
      return inTransaction(pool, async (db) => {
        const params: unknown[] = [id];
        const scopeSql = scoped(scope, 's.account_id', params);
        const r = await db.query<{ email: string | null; accountName: string }>(
          `select s.pending_transfer_email as email, a.name as "accountName"
             from subscriptions s join accounts a on a.id = s.account_id
            where s.id = $1 ${scopeSql} for update of s`,
          params,
        );
        const row = r.rows[0];
        if (!row) return 'missing';
        if (!row.email) return 'none';
        const to = await db.query<{ accountId: string; accountName: string }>(
          `select u.account_id as "accountId", a.name as "accountName"
             from users u join accounts a on a.id = u.account_id
            where u.email = $1 and not u.disabled`,
          [row.email],
        );
        const target = to.rows[0];
        if (!target) return 'gone';
        await db.query(
          `update subscriptions set account_id = $2, pending_transfer_email = null where id = $1`,
          [id, target.accountId],
        );
        await db.query(
          `update devices set account_id = $2
            where id in (select device_id from device_subscriptions
                          where subscription_id = $1 and active)`,
          [id, target.accountId],
        );
        await record(db, id, 'acceptTransfer', actor, [
          { field: 'account', from: row.accountName, to: target.accountName },
        ]);
        return 'completed';
      });
    },

    /**
     * Sets the terminals on the subscription: those listed join it (leaving the one they were
     * on), the others leave it. In one transaction with the subscription's row locked, so two
     * pools set at once apply one after the other. The devices must be in `scope`, not deleted
     * and of the subscription's account; checked here, inside the lock.
     */
    async setPool(
      scope: AccountScope,
      id: string,
      deviceIds: readonly string[],
      actor: Actor,
    ): Promise<
      | { kind: 'set'; added: string[]; removed: string[] }
      | { kind: 'missing' }
      | { kind: 'ended' }
      | { kind: 'unknownDevice'; id: string }
      | { kind: 'otherAccount'; name: string }
    > {
      return inTransaction(pool, async (db) => {
        const params: unknown[] = [id];
        const sub = await db.query<{ accountId: string; ended: boolean }>(
          `select s.account_id as "accountId", s.end_date <= now() as ended from subscriptions s
            where s.id = $1 ${scoped(scope, 's.account_id', params)} for update`,
          params,
        );
        const subscription = sub.rows[0];
        if (!subscription) return { kind: 'missing' };
        if (subscription.ended) return { kind: 'ended' };
        const deviceParams: unknown[] = [deviceIds];
        const found = await db.query<{ id: string; name: string; accountId: string }>(
          `select d.id, d.name, d.account_id as "accountId" from devices d
            where d.id = any($1::uuid[]) and d.deleted_at is null
              ${scoped(scope, 'd.account_id', deviceParams)}`,
          deviceParams,
        );
        const byId = new Map(found.rows.map((d) => [d.id, d]));
        for (const deviceId of deviceIds) {
          const device = byId.get(deviceId);
          if (!device) return { kind: 'unknownDevice', id: deviceId };
          if (device.accountId !== subscription.accountId)
            return { kind: 'otherAccount', name: device.name };
        }
        const current = await db.query<{ deviceId: string; name: string }>(
          `select ds.device_id as "deviceId", d.name from device_subscriptions ds
             join devices d on d.id = ds.device_id
            where ds.subscription_id = $1 and ds.active`,
          [id],
        );
        const now = new Set(current.rows.map((r) => r.deviceId));
        const names = new Map([
          ...current.rows.map((r) => [r.deviceId, r.name] as const),
          ...found.rows.map((d) => [d.id, d.name] as const),
        ]);
        const wanted = new Set(deviceIds);
        const added = deviceIds.filter((d) => !now.has(d));
        const removed = [...now].filter((d) => !wanted.has(d));
        if (removed.length > 0)
          await db.query(
            `update device_subscriptions set active = false, end_date = now()
              where subscription_id = $1 and device_id = any($2::uuid[]) and active`,
            [id, removed],
          );
        if (added.length > 0) {
          // A terminal has one subscription at a time: it leaves the one it was on.
          await db.query(
            `update device_subscriptions set active = false, end_date = now()
              where device_id = any($1::uuid[]) and active and subscription_id <> $2`,
            [added, id],
          );
          await db.query(
            `insert into device_subscriptions (device_id, subscription_id, start_date, active)
             select d, $2, now(), true from unnest($1::uuid[]) d
             on conflict (device_id, subscription_id)
             do update set active = true, start_date = now(), end_date = null`,
            [added, id],
          );
        }
        const name = (d: string) => names.get(d) ?? d;
        if (added.length > 0 || removed.length > 0)
          await record(db, id, 'pool', actor, [
            ...added.map((d) => ({ field: 'terminal', from: null, to: name(d) })),
            ...removed.map((d) => ({ field: 'terminal', from: name(d), to: null })),
          ]);
        return { kind: 'set', added, removed };
      });
    },

    /** The changes of a subscription, newest first, and how many there are. */
    async changes(
      id: string,
      skip: number,
      take: number,
    ): Promise<{ rows: ChangeRow[]; count: number }> {
      const [rows, count] = await Promise.all([
        pool.query<ChangeRow>(
          `select id, action, created_at as at, actor_name as "actorName", details
             from subscription_changes where subscription_id = $1
            order by created_at desc, id desc limit $2 offset $3`,
          [id, take, skip],
        ),
        pool.query<{ n: number }>(
          `select count(*)::int as n from subscription_changes where subscription_id = $1`,
          [id],
        ),
      ]);
      return { rows: rows.rows, count: count.rows[0]?.n ?? 0 };
    },
  };
}

/** Thrown inside the edit's transaction to roll it back. */
class EndBeforeStart extends Error {}

export type SubscriptionChangesRepository = ReturnType<typeof createSubscriptionChangesRepository>;
