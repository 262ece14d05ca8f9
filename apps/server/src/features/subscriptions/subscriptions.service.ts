import {
  LIST_PARAM_NAMES,
  api,
  SUBSCRIPTION_ACTIVITY_MAX,
  SUBSCRIPTION_REMOTE_NAMES_MAX,
  subscriptionListV21ParamNames,
  type ListParamNames,
  type ListQuery,
  type Subscription,
  type SubscriptionAccountList,
  type SubscriptionAccountQueryV21,
  type SubscriptionDeviceList,
  type SubscriptionDevicesQuery,
  type SubscriptionList,
  type SubscriptionListQuery,
  type SubscriptionListQueryV21,
  type SubscriptionSummaryList,
  type SubscriptionUsage,
  type SubscriptionUsageQuery,
  type SubscriptionsUsage,
  type SubscriptionsUsageBody,
  type SubscriptionV21,
} from '@aerie/contract';
import { can, type Authorize } from '../../plugins/authorization.js';
import type { Principal } from '../../plugins/auth.js';
import { inScope, scopeKey, type AccountScope } from '../../plugins/tenancy.js';
import { sharedCounts, type CacheRegistry } from '../../plugins/cache.js';
import { parseSubscriptionQuery, type ParsedSubscriptionQuery } from './subscription-query.js';
import {
  presentActivity,
  presentDailyUsage,
  presentMonthlyUsage,
  presentMonthUsageById,
  presentSubscription,
  presentSubscriptionDevice,
  presentSubscriptionListItem,
  presentSubscriptionSummary,
  type FieldAccess,
} from './subscriptions.presenter.js';
import type { SubscriptionRow, SubscriptionsRepository } from './subscriptions.repository.js';

/** How long a list count is reused: subscriptions come from the CRM and seldom change. */
export const LIST_TOTAL_TTL_MS = 10_000;

/** The cache key of a list count: who sees what, and what is asked. */
export function listTotalKey(scope: AccountScope, q: ParsedSubscriptionQuery): string {
  const f = q.filters;
  return [
    scopeKey(scope),
    [...f.accountIds].sort().join(','),
    f.endDate ? `${f.endDate.from.getTime()}..${f.endDate.to.getTime()}` : '',
    f.usage ?? '',
    q.text ?? '',
  ].join('|');
}

/** The detail's Overview card: number and Salesforce ids; Networks (spec 001 §6). */
function detailAccess(principal: Principal): FieldAccess {
  return {
    salesforce: can(principal, 'subscriptions.salesforce'),
    networks: can(principal, 'subscriptions.networks'),
  };
}

/** A device's history modal: Salesforce ID; Supported Networks (spec 001 §6). */
function historyAccess(principal: Principal): FieldAccess {
  return {
    salesforce: can(principal, 'subscriptions.salesforce'),
    networks: can(principal, 'subscriptions.history.networks'),
  };
}

export function createSubscriptionsService(
  repo: SubscriptionsRepository,
  authorize: Authorize,
  caches: CacheRegistry,
) {
  // The count of a list is shared for a few seconds per (scope, filters, text): paging,
  // sorting and choosing fields do not count again.
  const totals = sharedCounts(caches, 'subscription', 'subscription list totals', {
    ttlMs: LIST_TOTAL_TTL_MS,
    maxEntries: 5_000,
  });

  /**
   * The caller's scope and the subscription: 404 when it is missing or outside the scope, then
   * 403 for a role that may not see subscriptions.
   */
  async function visible(
    principal: Principal,
    id: string,
  ): Promise<{ scope: AccountScope; row: SubscriptionRow }> {
    const grant = await authorize(principal, api.subscriptions.get.access);
    const row = grant.found(await repo.findById(grant.scope, id), 'Subscription not found.');
    return { scope: grant.scope, row };
  }

  async function list(
    principal: Principal,
    params: ListQuery,
    names: ListParamNames,
  ): Promise<SubscriptionList> {
    const { scope } = await authorize(principal, api.subscriptions.list.access);
    const q = parseSubscriptionQuery(params, names);
    const [rows, count] = await Promise.all([
      repo.page(scope, q),
      totals(listTotalKey(scope, q), () => repo.count(scope, q)),
    ]);
    return { items: rows.map((r) => presentSubscriptionListItem(r, q.fields)), count };
  }

  async function detail(
    principal: Principal,
    id: string,
  ): Promise<{ scope: AccountScope; subscription: Subscription }> {
    const { scope, row } = await visible(principal, id);
    const [usage, devices] = await Promise.all([
      repo.monthlyUsage(row.id),
      repo.devices(scope, row.id, 0, SUBSCRIPTION_REMOTE_NAMES_MAX),
    ]);
    const subscription = presentSubscription(row, detailAccess(principal), usage, {
      names: devices.rows.map((d) => d.name),
      count: devices.count,
    });
    return { scope, subscription };
  }

  return {
    /** `GET /v3/subscriptions`: one page of the caller's subscriptions with the requested fields. */
    list: (principal: Principal, query: SubscriptionListQuery) =>
      list(principal, query, LIST_PARAM_NAMES),

    /** `GET /v2.1/subscriptions`: the v3 list under the v2.1 parameter names. */
    listV21: (principal: Principal, q: SubscriptionListQueryV21) =>
      list(
        principal,
        {
          skip: q.from,
          take: q.take,
          sortField: q.sortBy,
          sortDirection: q.sortDirection,
          fields: q.select,
          filters: q.filters,
        },
        subscriptionListV21ParamNames,
      ),

    /** `GET /v3/subscriptions/{id}`: role-restricted fields only for the roles that see them. */
    async get(principal: Principal, id: string): Promise<Subscription> {
      return (await detail(principal, id)).subscription;
    },

    /** `GET /v2.1/subscriptions/{id}`: the v3 detail, plus the device history when asked. */
    async getV21(
      principal: Principal,
      id: string,
      includeActivity: boolean,
    ): Promise<SubscriptionV21> {
      const { scope, subscription } = await detail(principal, id);
      if (!includeActivity) return subscription;
      const activity = await repo.activity(scope, subscription.id, SUBSCRIPTION_ACTIVITY_MAX);
      return { ...subscription, activity: activity.map(presentActivity) };
    },

    /** `GET /v3/subscriptions/{id}/usage`: monthly from the stored months, daily from devices. */
    async usage(
      principal: Principal,
      id: string,
      groupBy: SubscriptionUsageQuery['groupBy'],
    ): Promise<SubscriptionUsage> {
      const { row } = await visible(principal, id);
      if (groupBy === 'daily')
        return { groupBy, items: (await repo.dailyUsage(row.id)).map(presentDailyUsage) };
      return { groupBy, items: (await repo.monthlyUsage(row.id)).map(presentMonthlyUsage) };
    },

    /**
     * `POST /v2.1/subscriptions/usage`: a UTC month's usage (the current one unless asked) of
     * those of `ids` the caller sees, in the order asked; others are simply absent.
     */
    async usageByIds(
      principal: Principal,
      body: SubscriptionsUsageBody,
      now: Date = new Date(),
    ): Promise<SubscriptionsUsage> {
      const { scope } = await authorize(principal, api.subscriptions.usageByIds.access);
      const year = body.year ?? now.getUTCFullYear();
      const month = body.month ?? now.getUTCMonth() + 1;
      const rows = await repo.monthUsageByIds(scope, [...new Set(body.ids)], year, month);
      return { year, month, items: rows.map(presentMonthUsageById) };
    },

    /** `POST /v3/subscriptions`: those of `ids` the caller sees; others are simply absent. */
    async byIds(principal: Principal, ids: readonly string[]): Promise<SubscriptionSummaryList> {
      const { scope } = await authorize(principal, api.subscriptions.byIds.access);
      const rows = await repo.findByIds(scope, [...new Set(ids)]);
      const access = historyAccess(principal);
      return { items: rows.map((r) => presentSubscriptionSummary(r, access)) };
    },

    /** `GET /v3/subscriptions/{id}/devices`: its devices the caller sees, by name. */
    async devices(
      principal: Principal,
      id: string,
      query: SubscriptionDevicesQuery,
    ): Promise<SubscriptionDeviceList> {
      const { scope, row } = await visible(principal, id);
      const { rows, count } = await repo.devices(scope, row.id, query.skip, query.take);
      return { items: rows.map(presentSubscriptionDevice), count };
    },

    /** `GET /v2.1/subscriptions/account/{accountId}`: 404 for an account outside the scope, then 403. */
    async byAccount(
      principal: Principal,
      accountId: string,
      query: SubscriptionAccountQueryV21,
    ): Promise<SubscriptionAccountList> {
      const grant = await authorize(principal, api.subscriptions.byAccount.access);
      const id = accountId.toLowerCase();
      const known = inScope(grant.scope, id) && (await repo.accountExists(id));
      grant.found(known ? id : null, 'Account not found.');
      const { rows, count } = await repo.byAccount(
        id,
        query.active === true,
        query.from,
        query.take,
      );
      const access = detailAccess(principal);
      return { items: rows.map((r) => presentSubscriptionSummary(r, access)), count };
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
