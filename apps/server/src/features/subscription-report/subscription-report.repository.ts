import type pg from 'pg';
import type { accounts } from '../../db/schema.js';
import type { subscriptions } from '../../db/fleet-schema.js';
import type { AccountScope } from '../../plugins/tenancy.js';

type SubscriptionColumns = typeof subscriptions.$inferSelect;

/** A calendar month as instants: from its first instant up to (not including) the next month's. */
export interface MonthWindow {
  year: number;
  month: number;
  from: Date;
  to: Date;
}

/** An account with subscriptions active in the month, and how many. */
export interface ReportAccount {
  id: (typeof accounts.$inferSelect)['id'];
  count: number;
}

/** One subscription of the report with its month's usage and devices. */
export type ReportRow = Pick<
  SubscriptionColumns,
  | 'id'
  | 'subscriptionNumber'
  | 'salesforceObjectId'
  | 'salesforceAccountId'
  | 'description'
  | 'productCode'
  | 'startDate'
  | 'endDate'
  | 'dataLimitInGb'
> & {
  accountName: (typeof accounts.$inferSelect)['name'];
  /** The month's bytes (0 without a usage record); float8, exact below 2^53. */
  satelliteBytes: number;
  cellularBytes: number;
  /** Devices linked to the subscription at some time in the month, in the caller's accounts. */
  devices: number;
};

/** Where a batch resumes: after this row in (account's place, number, id) order. */
export interface ReportKey {
  accountOrder: number;
  numberMissing: boolean;
  number: string;
  id: string;
}

export type ReportBatchRow = ReportRow & { key: ReportKey };

/** Active at some time in the month: started before it ended and ended at or after it began. */
const ACTIVE_IN_MONTH = 's.start_date < $2 and s.end_date >= $1';

/**
 * SQL of the monthly report (decision 037). Reads in short batches by keyset, never a cursor:
 * on the embedded database the pool has one connection, and a cursor would hold it for the
 * whole download.
 */
export function createSubscriptionReportRepository(pool: pg.Pool) {
  return {
    /**
     * The accounts of the scope with subscriptions active in the month and their counts, by
     * account name (case-insensitive), then id. As many rows as accounts, at most.
     */
    async accounts(scope: AccountScope, window: MonthWindow): Promise<ReportAccount[]> {
      const params: unknown[] = [window.from, window.to];
      let inScope = '';
      if (!scope.all) {
        params.push(scope.accountIds);
        inScope = 'and s.account_id = any($3::uuid[])';
      }
      const r = await pool.query<ReportAccount>(
        `select a.id, c.n as count
         from (select s.account_id, count(*)::int as n from subscriptions s
               where ${ACTIVE_IN_MONTH} ${inScope} group by s.account_id) c
         join accounts a on a.id = c.account_id
         order by lower(a.name), a.name, a.id`,
        params,
      );
      return r.rows;
    },

    /**
     * Up to `limit` subscriptions of `accountIds` active in the month, in the order of the
     * accounts in `accountIds`, then by number (missing last), then id; after `after` when
     * given. `deviceScope` limits which devices count (a device may have moved to an account
     * the caller does not see).
     */
    async batch(
      accountIds: readonly string[],
      window: MonthWindow,
      deviceScope: AccountScope,
      after: ReportKey | null,
      limit: number,
    ): Promise<ReportBatchRow[]> {
      const params: unknown[] = [window.from, window.to, accountIds, window.year, window.month];
      const add = (value: unknown): string => {
        params.push(value);
        return `$${params.length}`;
      };
      const devicesInScope = deviceScope.all
        ? ''
        : `and exists (select 1 from devices d where d.id = ds.device_id
             and d.account_id = any(${add(deviceScope.accountIds)}::uuid[]))`;
      // NOTE: numbers compare bytewise (COLLATE "C"): the same order on every database and
      // locale, and a fifth of the sort's time of a linguistic collation.
      const orderKey = `array_position($3::uuid[], s.account_id), s.subscription_number is null,
        coalesce(s.subscription_number, '') collate "C", s.id`;
      const resume = after
        ? `and (${orderKey}) > (${add(after.accountOrder)}::int, ${add(after.numberMissing)}::boolean,
             ${add(after.number)}::text collate "C", ${add(after.id)}::uuid)`
        : '';
      // The batch is chosen on the subscriptions table alone; only its rows are joined to their
      // account, usage and devices (so a planner with stale statistics cannot join them all).
      // `limit 1` keeps the usage lookup a probe of its primary key per row: flattened into a
      // join, PostgreSQL hashed the month's every usage row for each batch.
      const r = await pool.query<
        ReportRow & { accountOrder: number; numberMissing: boolean; number: string }
      >(
        `with batch as (
           select s.*, array_position($3::uuid[], s.account_id) as account_order
           from subscriptions s
           where s.account_id = any($3::uuid[]) and ${ACTIVE_IN_MONTH} ${resume}
           order by ${orderKey}
           limit ${Math.trunc(limit)}
         )
         select s.id, s.subscription_number as "subscriptionNumber",
                s.salesforce_object_id as "salesforceObjectId",
                s.salesforce_account_id as "salesforceAccountId",
                s.description, s.product_code as "productCode",
                s.start_date as "startDate", s.end_date as "endDate",
                s.data_limit_gb as "dataLimitInGb", a.name as "accountName",
                coalesce(u.satellite_bytes, 0)::float8 as "satelliteBytes",
                coalesce(u.cellular_bytes, 0)::float8 as "cellularBytes",
                (select count(*)::int from device_subscriptions ds
                 where ds.subscription_id = s.id and ds.start_date < $2
                   and (ds.end_date is null or ds.end_date > $1) ${devicesInScope}) as devices,
                s.account_order as "accountOrder",
                s.subscription_number is null as "numberMissing",
                coalesce(s.subscription_number, '') as number
         from batch s
         join accounts a on a.id = s.account_id
         left join lateral (
           select m.satellite_bytes, m.cellular_bytes from subscription_monthly_usage m
           where m.subscription_id = s.id and m.year = $4 and m.month = $5 limit 1
         ) u on true
         order by s.account_order, s.subscription_number is null,
                  coalesce(s.subscription_number, '') collate "C", s.id`,
        params,
      );
      return r.rows.map(({ accountOrder, numberMissing, number, ...row }) => ({
        ...row,
        key: { accountOrder, numberMissing, number, id: row.id },
      }));
    },
  };
}
export type SubscriptionReportRepository = ReturnType<typeof createSubscriptionReportRepository>;
