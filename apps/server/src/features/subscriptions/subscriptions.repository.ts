import type pg from 'pg';
import { subscriptionUsageFilterThreshold } from '@aerie/contract';
import type { accounts } from '../../db/schema.js';
import type {
  deviceDailyUsage,
  devices,
  deviceSubscriptions,
  subscriptionMonthlyUsage,
  subscriptions,
} from '../../db/fleet-schema.js';
import type { AccountScope } from '../../plugins/tenancy.js';
import type { ParsedSubscriptionQuery } from './subscription-query.js';
import { containsPattern } from '../../db/text-match.js';
import { createStatements, isCommonPage, isoText } from '../../db/page-sql.js';

type SubscriptionColumns = typeof subscriptions.$inferSelect;
type DeviceColumns = typeof devices.$inferSelect;
type LinkColumns = typeof deviceSubscriptions.$inferSelect;

type ListColumns = Pick<
  SubscriptionColumns,
  | 'id'
  | 'subscriptionNumber'
  | 'description'
  | 'productCode'
  | 'accountId'
  | 'startDate'
  | 'endDate'
> & { accountName: (typeof accounts.$inferSelect)['name'] };

/**
 * A row of the list: its dates as the ISO 8601 text the answer carries, written by PostgreSQL
 * (`isoText`), so a page does not parse 100 timestamps into Dates and format them again.
 */
export type SubscriptionListRow = Omit<ListColumns, 'startDate' | 'endDate'> & {
  startDate: string;
  endDate: string;
};

export type SubscriptionRow = ListColumns &
  Pick<
    SubscriptionColumns,
    | 'dataLimitInGb'
    | 'salesforceObjectId'
    | 'salesforceAccountId'
    | 'networkIdentifiers'
    | 'nmsId'
    | 'hasSatellite'
    | 'hasCellular'
    | 'pendingTransferEmail'
  > & {
    /** Started and not yet ended at the database's now(). */
    active: boolean;
  };

/**
 * The byte counts are bigint (sums of bigint are numeric), which `pg` answers as strings; the
 * SQL casts them to float8 so they arrive as the numbers the schema's `mode: 'number'` declares
 * (the same value Number() of the text gave).
 */
export type MonthlyUsageRow = Pick<
  typeof subscriptionMonthlyUsage.$inferSelect,
  'year' | 'month' | 'satelliteBytes' | 'cellularBytes'
>;
/** A subscription's usage in one month (0 bytes without a row). */
export type MonthUsageByIdRow = Pick<SubscriptionColumns, 'id' | 'dataLimitInGb'> &
  Pick<MonthlyUsageRow, 'satelliteBytes' | 'cellularBytes'>;
export type DailyUsageRow = Pick<
  typeof deviceDailyUsage.$inferSelect,
  'satelliteBytes' | 'cellularBytes'
> & { date: (typeof deviceDailyUsage.$inferSelect)['day'] };

export type SubscriptionDeviceRow = Pick<DeviceColumns, 'id' | 'name' | 'serial'> &
  Pick<LinkColumns, 'active'>;

export type ActivityRow = Pick<LinkColumns, 'deviceId' | 'startDate' | 'endDate' | 'active'> & {
  deviceName: DeviceColumns['name'];
  deviceSerial: DeviceColumns['serial'];
};

const ORDER: Record<ParsedSubscriptionQuery['sortField'], string> = {
  Id: 's.id',
  SubscriptionNumber: 's.subscription_number',
  Description: 'lower(s.description)',
  ProductCode: 's.product_code',
  AccountId: 's.account_id',
  AccountName: 'lower(a.name)',
  StartDate: 's.start_date',
  EndDate: 's.end_date',
};

const NAME_COLUMNS = `s.id, s.subscription_number as "subscriptionNumber", s.description,
  s.product_code as "productCode", s.account_id as "accountId", a.name as "accountName"`;

/** The list's columns, dates as text (`SubscriptionListRow`). */
const LIST_COLUMNS = `${NAME_COLUMNS}, ${isoText('s.start_date')} as "startDate",
  ${isoText('s.end_date')} as "endDate"`;

const SUBSCRIPTION_COLUMNS = `${NAME_COLUMNS}, s.start_date as "startDate", s.end_date as "endDate",
  s.data_limit_gb as "dataLimitInGb",
  s.salesforce_object_id as "salesforceObjectId", s.salesforce_account_id as "salesforceAccountId",
  s.network_identifiers as "networkIdentifiers", s.nms_id as "nmsId",
  s.has_satellite as "hasSatellite", s.has_cellular as "hasCellular",
  s.pending_transfer_email as "pendingTransferEmail",
  (s.start_date <= now() and s.end_date > now()) as active`;

/** Collects positional parameters while a statement is built. */
function parameters() {
  const params: unknown[] = [];
  const add = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  return { params, add };
}

/** `and <column> = any(scope)` unless the scope is every account. */
function scoped(scope: AccountScope, column: string, add: (v: unknown) => string): string {
  return scope.all ? '' : `and ${column} = any(${add(scope.accountIds)}::uuid[])`;
}

/** A device is seen on a subscription when it is not deleted and in the caller's accounts. */
function visibleDevices(scope: AccountScope, add: (v: unknown) => string): string {
  return `d.deleted_at is null ${scoped(scope, 'd.account_id', add)}`;
}

/**
 * The list pages most asked for run as prepared statements (decision 019): PostgreSQL parses and
 * plans each shape (sort, direction, which filters, page) once per connection instead of on
 * every call. Only for a caller who sees every account (provider staff) and no account filter:
 * a statement with the accounts as a parameter serves every tree, and once PostgreSQL settles on
 * its generic plan (walk the end-date index, keep the tree's rows) a tree with few subscriptions
 * reads the whole index (72 ms against 0.2 ms for an account without any, of 120,809). Free text
 * and an end-date range are planned for their values: how many rows they keep decides the plan.
 */
function isPreparedPage(scope: AccountScope, q: ParsedSubscriptionQuery): boolean {
  const f = q.filters;
  return scope.all && f.accountIds.length === 0 && !f.endDate && !q.text && isCommonPage(q);
}

export interface SubscriptionsRepositoryOptions {
  /**
   * Run the most asked-for pages as prepared statements (PostgreSQL only: PGlite is one session
   * that outlives the pool's client, which forgets what it prepared).
   */
  preparedStatements?: boolean;
}

/**
 * SQL of the subscriptions feature: every query is limited to the caller's accounts unless the
 * scope is every account; devices shown on a subscription are limited the same way.
 */
export function createSubscriptionsRepository(
  pool: pg.Pool,
  { preparedStatements = false }: SubscriptionsRepositoryOptions = {},
) {
  const statement = createStatements();

  function where(scope: AccountScope, q: ParsedSubscriptionQuery) {
    const p = parameters();
    const conditions = ['true'];
    if (!scope.all) conditions.push(`s.account_id = any(${p.add(scope.accountIds)}::uuid[])`);
    if (q.filters.accountIds.length > 0)
      conditions.push(`s.account_id = any(${p.add(q.filters.accountIds)}::uuid[])`);
    if (q.filters.endDate) {
      conditions.push(
        `s.end_date between ${p.add(q.filters.endDate.from)} and ${p.add(q.filters.endDate.to)}`,
      );
    }
    if (q.filters.usage) {
      // This UTC month's usage alerts of the threshold (docs/decisions/038-usage-alerts.md): a
      // range of subscription_usage_alerts_month_idx, not a scan of the months' usage.
      conditions.push(
        `s.id in (select ua.subscription_id from subscription_usage_alerts ua
                   where ua.year = extract(year from now() at time zone 'UTC')::int
                     and ua.month = extract(month from now() at time zone 'UTC')::int
                     and ua.threshold = ${p.add(subscriptionUsageFilterThreshold[q.filters.usage])})`,
      );
    }
    if (q.text) {
      const t = p.add(containsPattern(q.text));
      conditions.push(
        `(s.subscription_number ilike ${t} or s.description ilike ${t} or s.product_code ilike ${t})`,
      );
    }
    return { clause: conditions.join(' and '), params: p.params };
  }

  async function pageAndCount<T extends pg.QueryResultRow>(
    page: { sql: string; params: unknown[] },
    count: { sql: string; params: unknown[] },
  ): Promise<{ rows: T[]; count: number }> {
    const [rows, total] = await Promise.all([
      pool.query<T>(page.sql, page.params),
      pool.query<{ n: number }>(count.sql, count.params),
    ]);
    return { rows: rows.rows, count: total.rows[0]?.n ?? 0 };
  }

  return {
    /** One page of the list. */
    async page(scope: AccountScope, q: ParsedSubscriptionQuery): Promise<SubscriptionListRow[]> {
      const { clause, params } = where(scope, q);
      const direction = q.sortDirection === 'desc' ? 'desc' : 'asc';
      const nulls = direction === 'asc' ? 'nulls last' : 'nulls first';
      const order = `${ORDER[q.sortField]} ${direction} ${nulls}, s.id ${direction}`;
      // The page is chosen on the subscriptions table (the account is joined first only when it
      // is the sort key), then only its rows are joined to their account.
      const sortJoin =
        q.sortField === 'AccountName' ? 'join accounts a on a.id = s.account_id' : '';
      // Limit and offset are literals, not parameters (decision 019: with a parameter for the
      // limit PostgreSQL never settles on a cached plan).
      const text = `with page as (
           select s.* from subscriptions s ${sortJoin} where ${clause} order by ${order}
           limit ${q.take} offset ${q.skip}
         )
         select ${LIST_COLUMNS}
         from page s join accounts a on a.id = s.account_id
         order by ${order}`;
      const r = await pool.query<SubscriptionListRow>(
        preparedStatements && isPreparedPage(scope, q)
          ? statement('subscriptions_page', text, params)
          : { text, values: params },
      );
      return r.rows;
    },

    /** How many subscriptions match the list's filters and text; reads the subscriptions table alone. */
    async count(scope: AccountScope, q: ParsedSubscriptionQuery): Promise<number> {
      const { clause, params } = where(scope, q);
      const r = await pool.query<{ n: number }>(
        `select count(*)::int as n from subscriptions s where ${clause}`,
        params,
      );
      return r.rows[0]?.n ?? 0;
    },

    /** One subscription, or null when it is missing or outside the scope. */
    async findById(scope: AccountScope, id: string): Promise<SubscriptionRow | null> {
      const p = parameters();
      const r = await pool.query<SubscriptionRow>(
        `select ${SUBSCRIPTION_COLUMNS} from subscriptions s join accounts a on a.id = s.account_id
         where s.id = ${p.add(id)} ${scoped(scope, 's.account_id', p.add)}`,
        p.params,
      );
      return r.rows[0] ?? null;
    },

    /** The subscriptions among `ids` the scope holds, newest start first. */
    async findByIds(scope: AccountScope, ids: readonly string[]): Promise<SubscriptionRow[]> {
      if (ids.length === 0) return [];
      const p = parameters();
      const r = await pool.query<SubscriptionRow>(
        `select ${SUBSCRIPTION_COLUMNS} from subscriptions s join accounts a on a.id = s.account_id
         where s.id = any(${p.add(ids)}::uuid[]) ${scoped(scope, 's.account_id', p.add)}
         order by s.start_date desc, s.id`,
        p.params,
      );
      return r.rows;
    },

    /**
     * One UTC month's usage of those of `ids` in the scope, in the order of `ids`: 0 bytes for
     * a subscription without a row that month.
     */
    async monthUsageByIds(
      scope: AccountScope,
      ids: readonly string[],
      year: number,
      month: number,
    ): Promise<MonthUsageByIdRow[]> {
      if (ids.length === 0) return [];
      const p = parameters();
      const list = p.add(ids);
      const r = await pool.query<MonthUsageByIdRow>(
        `select s.id, s.data_limit_gb as "dataLimitInGb",
                coalesce(u.satellite_bytes, 0)::float8 as "satelliteBytes",
                coalesce(u.cellular_bytes, 0)::float8 as "cellularBytes"
         from subscriptions s
         left join subscription_monthly_usage u
           on u.subscription_id = s.id and u.year = ${p.add(year)} and u.month = ${p.add(month)}
         where s.id = any(${list}::uuid[]) ${scoped(scope, 's.account_id', p.add)}
         order by array_position(${list}::uuid[], s.id)`,
        p.params,
      );
      return r.rows;
    },

    /** A page of one account's subscriptions by end date; `active`: started and not ended. */
    async byAccount(
      accountId: string,
      active: boolean,
      skip: number,
      take: number,
    ): Promise<{ rows: SubscriptionRow[]; count: number }> {
      const clause = `s.account_id = $1 ${active ? 'and s.start_date <= now() and s.end_date > now()' : ''}`;
      return pageAndCount<SubscriptionRow>(
        {
          sql: `select ${SUBSCRIPTION_COLUMNS} from subscriptions s join accounts a on a.id = s.account_id
                where ${clause} order by s.end_date, s.id limit ${take} offset ${skip}`,
          params: [accountId],
        },
        {
          sql: `select count(*)::int as n from subscriptions s where ${clause}`,
          params: [accountId],
        },
      );
    },

    async accountExists(accountId: string): Promise<boolean> {
      const r = await pool.query('select 1 from accounts where id = $1', [accountId]);
      return r.rowCount === 1;
    },

    /** Stored monthly usage, oldest first. */
    async monthlyUsage(subscriptionId: string): Promise<MonthlyUsageRow[]> {
      const r = await pool.query<MonthlyUsageRow>(
        `select year, month, satellite_bytes::float8 as "satelliteBytes",
                cellular_bytes::float8 as "cellularBytes"
         from subscription_monthly_usage where subscription_id = $1 order by year, month`,
        [subscriptionId],
      );
      return r.rows;
    },

    /**
     * Daily usage of every device while it was on the subscription (from its link's start day,
     * before its link's end day) and within the subscription's period (start to end day), in
     * UTC days, oldest first. Deleted devices count: the traffic was the subscription's.
     */
    async dailyUsage(subscriptionId: string): Promise<DailyUsageRow[]> {
      const r = await pool.query<DailyUsageRow>(
        `select to_char(u.day, 'YYYY-MM-DD') as date,
                sum(u.satellite_bytes)::float8 as "satelliteBytes",
                sum(u.cellular_bytes)::float8 as "cellularBytes"
         from device_subscriptions ds
         join subscriptions s on s.id = ds.subscription_id
         join device_daily_usage u on u.device_id = ds.device_id
           and u.day >= (ds.start_date at time zone 'UTC')::date
           and (ds.end_date is null or u.day < (ds.end_date at time zone 'UTC')::date)
           and u.day >= (s.start_date at time zone 'UTC')::date
           and u.day <= (s.end_date at time zone 'UTC')::date
         where ds.subscription_id = $1
         group by u.day order by u.day`,
        [subscriptionId],
      );
      return r.rows;
    },

    /**
     * A page of the devices the caller sees on the subscription, by name in the device list's
     * natural order ("Camp 2" before "Camp 10": `name_sort_key`, migration 0010).
     */
    async devices(
      scope: AccountScope,
      subscriptionId: string,
      skip: number,
      take: number,
    ): Promise<{ rows: SubscriptionDeviceRow[]; count: number }> {
      const p = parameters();
      const from = `from device_subscriptions ds join devices d on d.id = ds.device_id
        where ds.subscription_id = ${p.add(subscriptionId)} and ${visibleDevices(scope, p.add)}`;
      return pageAndCount<SubscriptionDeviceRow>(
        {
          sql: `select d.id, d.name, d.serial, ds.active ${from}
                order by d.name_sort_key, d.id limit ${take} offset ${skip}`,
          params: p.params,
        },
        { sql: `select count(*)::int as n ${from}`, params: p.params },
      );
    },

    /** The device history of a subscription the caller sees, newest first. */
    async activity(
      scope: AccountScope,
      subscriptionId: string,
      limit: number,
    ): Promise<ActivityRow[]> {
      const p = parameters();
      const r = await pool.query<ActivityRow>(
        `select d.id as "deviceId", d.name as "deviceName", d.serial as "deviceSerial",
                ds.start_date as "startDate", ds.end_date as "endDate", ds.active
         from device_subscriptions ds join devices d on d.id = ds.device_id
         where ds.subscription_id = ${p.add(subscriptionId)} and ${visibleDevices(scope, p.add)}
         order by ds.start_date desc, d.id limit ${limit}`,
        p.params,
      );
      return r.rows;
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
