import { endpoint, media } from '../http/endpoint.js';
import {
  subscriptionAccountListSchema,
  subscriptionAccountParamsSchema,
  subscriptionAccountQueryV21Schema,
  subscriptionDetailQueryV21Schema,
  subscriptionDeviceListSchema,
  subscriptionDevicesQuerySchema,
  subscriptionIdParamsSchema,
  subscriptionIdsBodySchema,
  subscriptionSchema,
  subscriptionSummaryListSchema,
  subscriptionV21Schema,
} from '../subscriptions/subscription.js';
import {
  subscriptionListQuerySchema,
  subscriptionListQueryV21Schema,
  subscriptionListSchema,
} from '../subscriptions/subscription-list.js';
import {
  SUBSCRIPTION_REPORT_MEDIA_TYPE,
  subscriptionReportParamsSchema,
} from '../subscriptions/subscription-report.js';
import {
  subscriptionUsageQuerySchema,
  subscriptionUsageSchema,
  subscriptionsUsageBodySchema,
  subscriptionsUsageSchema,
} from '../subscriptions/subscription-usage.js';

/**
 * Subscriptions (spec 001 §7; docs/decisions/011-subscriptions-api.md): subscriptions.view, and
 * role-restricted fields left out by the finer permissions. Lists check the role first; one
 * subscription (or account) is found within the caller's accounts first: 404, then 403.
 */
const list = { kind: 'permission', permission: 'subscriptions.view', check: 'route' } as const;
const view = { kind: 'permission', permission: 'subscriptions.view', check: 'object' } as const;

export const subscriptionsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v3/subscriptions',
    tags: ['subscriptions'],
    summary: "A page of the caller's subscriptions",
    access: list,
    query: subscriptionListQuerySchema,
    responses: { 200: subscriptionListSchema },
  }),
  byIds: endpoint({
    method: 'POST',
    path: '/v3/subscriptions',
    tags: ['subscriptions'],
    summary: "The subscriptions of a device's history, by id (unseen ids are left out)",
    access: list,
    body: subscriptionIdsBodySchema,
    responses: { 200: subscriptionSummaryListSchema },
  }),
  get: endpoint({
    method: 'GET',
    path: '/v3/subscriptions/{id}',
    tags: ['subscriptions'],
    summary: 'One subscription with its monthly usage and devices',
    access: view,
    params: subscriptionIdParamsSchema,
    responses: { 200: subscriptionSchema },
  }),
  usage: endpoint({
    method: 'GET',
    path: '/v3/subscriptions/{id}/usage',
    tags: ['subscriptions'],
    summary: "A subscription's usage by month or by day",
    access: view,
    params: subscriptionIdParamsSchema,
    query: subscriptionUsageQuerySchema,
    responses: { 200: subscriptionUsageSchema },
  }),
  usageByIds: endpoint({
    method: 'POST',
    path: '/v2.1/subscriptions/usage',
    tags: ['subscriptions'],
    summary: "One month's usage of many subscriptions (unseen ids are left out)",
    description: [
      'Body: `ids` (1 to 100 subscription ids) and the UTC month as `year` and `month`, or',
      'neither for the current month. Answers, in the order asked, each of those subscriptions',
      "the caller sees with its data limit and the month's satellite, cellular and total usage",
      'in bytes (0 without traffic). A read: not rate-limited as a write.',
    ].join(' '),
    access: list,
    body: subscriptionsUsageBodySchema,
    responses: { 200: subscriptionsUsageSchema },
  }),
  devices: endpoint({
    method: 'GET',
    path: '/v3/subscriptions/{id}/devices',
    tags: ['subscriptions'],
    summary: "A page of a subscription's devices, by name",
    access: view,
    params: subscriptionIdParamsSchema,
    query: subscriptionDevicesQuerySchema,
    responses: { 200: subscriptionDeviceListSchema },
  }),
  listV21: endpoint({
    method: 'GET',
    path: '/v2.1/subscriptions',
    tags: ['subscriptions'],
    summary: "A page of the caller's subscriptions (v2.1 parameter names)",
    access: list,
    query: subscriptionListQueryV21Schema,
    responses: { 200: subscriptionListSchema },
  }),
  getV21: endpoint({
    method: 'GET',
    path: '/v2.1/subscriptions/{id}',
    tags: ['subscriptions'],
    summary: 'One subscription, with its device history when includeActivity=true',
    access: view,
    params: subscriptionIdParamsSchema,
    query: subscriptionDetailQueryV21Schema,
    responses: { 200: subscriptionV21Schema },
  }),
  byAccount: endpoint({
    method: 'GET',
    path: '/v2.1/subscriptions/account/{accountId}',
    tags: ['subscriptions'],
    summary: "One account's subscriptions; active=true: only the current ones",
    access: view,
    params: subscriptionAccountParamsSchema,
    query: subscriptionAccountQueryV21Schema,
    responses: { 200: subscriptionAccountListSchema },
  }),
  monthlyReport: endpoint({
    method: 'GET',
    path: '/v2/subscriptions/{year}/{month}',
    tags: ['subscriptions'],
    summary: "The monthly subscription report of the caller's accounts (an xlsx workbook)",
    description: [
      'One row per subscription active at any time in the month (UTC) in the accounts the',
      'caller sees, by account name, then subscription number: its account, number and',
      'Salesforce ids (roles with `subscriptions.salesforce` only), description, product code,',
      "start and end dates, data limit, and that month's satellite, cellular and total usage in",
      'whole GB (10^9 bytes, rounded half up) and devices. 404 when no subscription was active',
      'in the month; 400 for a month after the current one. docs/decisions/037.',
    ].join(' '),
    access: list,
    params: subscriptionReportParamsSchema,
    responses: {
      200: media(
        SUBSCRIPTION_REPORT_MEDIA_TYPE,
        'The workbook, as an attachment named UsageReport-{yyyy}-{MM}.xlsx',
      ),
    },
  }),
} as const;
