import type pg from 'pg';
import type { RoleKey } from '@aerie/contract';
import type { subscriptions } from '../../db/fleet-schema.js';
import type { ReachedUsageAlert, UsageAlertKey } from './telemetry.repository.js';

type SubscriptionColumns = typeof subscriptions.$inferSelect;

/** An alert a worker has taken to notify, with what its notification says. */
export type ClaimedUsageAlert = ReachedUsageAlert &
  Pick<SubscriptionColumns, 'description' | 'subscriptionNumber' | 'accountId'>;

const KEY = `subscription_id = $1 and year = $2 and month = $3 and threshold = $4`;
const keyParams = (k: UsageAlertKey) => [k.subscriptionId, k.year, k.month, k.threshold];

/**
 * The outbox side of `subscription_usage_alerts` (the ingestion records the rows): the worker
 * takes one alert at a time under a lease, notifies, and marks it notified.
 */
export function createUsageAlertsRepository(pool: pg.Pool) {
  return {
    /**
     * Takes the oldest alert still to notify whose lease (if any) is older than `leaseSeconds`,
     * or null. A row another worker holds is skipped, not waited for.
     */
    async claimNext(leaseSeconds: number): Promise<ClaimedUsageAlert | null> {
      const r = await pool.query<ClaimedUsageAlert>(
        `with next as (
           select subscription_id, year, month, threshold from subscription_usage_alerts
            where notified_at is null
              and (claimed_at is null or claimed_at < now() - make_interval(secs => $1::float8))
            order by reached_at
            limit 1
            for update skip locked
         )
         update subscription_usage_alerts a set claimed_at = now()
           from next n, subscriptions s
          where a.subscription_id = n.subscription_id and a.year = n.year
            and a.month = n.month and a.threshold = n.threshold and s.id = a.subscription_id
         returning a.subscription_id as "subscriptionId", a.year, a.month, a.threshold,
                   a.data_limit_gb as "dataLimitInGb", s.description,
                   s.subscription_number as "subscriptionNumber", s.account_id as "accountId"`,
        [leaseSeconds],
      );
      return r.rows[0] ?? null;
    },

    /** Gives a taken alert back (its notifying failed or the worker is stopping). */
    async release(key: UsageAlertKey): Promise<void> {
      await pool.query(
        `update subscription_usage_alerts set claimed_at = null where ${KEY} and notified_at is null`,
        keyParams(key),
      );
    },

    async markNotified(key: UsageAlertKey): Promise<void> {
      await pool.query(
        `update subscription_usage_alerts set notified_at = now() where ${KEY}`,
        keyParams(key),
      );
    },

    /** Whether any alert is still to notify (taken or not). */
    async hasPending(): Promise<boolean> {
      const r = await pool.query(
        'select 1 from subscription_usage_alerts where notified_at is null limit 1',
      );
      return r.rowCount === 1;
    },

    /**
     * Who sees a subscription of `accountId` with a role in `staffRoles` (every account) or
     * `accountRoles` (their account's tree and the trees shared with them, decision 007): users
     * of those roles whose account, or an account shared with them, is the subscription's
     * account or one above it. Disabled users are left out.
     */
    async recipients(
      accountId: string,
      staffRoles: readonly RoleKey[],
      accountRoles: readonly RoleKey[],
    ): Promise<string[]> {
      const r = await pool.query<{ id: string }>(
        `with recursive up as (
           select id, parent_id from accounts where id = $1
           union
           select a.id, a.parent_id from accounts a join up on a.id = up.parent_id
         )
         select u.id from users u join roles r on r.id = u.role_id
          where not u.disabled
            and (r.key = any($2::text[])
                 or (r.key = any($3::text[])
                     and (u.account_id in (select id from up)
                          or exists (select 1 from account_shares sh
                                      where sh.user_id = u.id
                                        and sh.account_id in (select id from up)))))
          order by u.id`,
        [accountId, staffRoles, accountRoles],
      );
      return r.rows.map((row) => row.id);
    },
  };
}
export type UsageAlertsRepository = ReturnType<typeof createUsageAlertsRepository>;
