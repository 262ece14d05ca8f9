import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  subscriptionAccountListSchema,
  subscriptionAccountParamsSchema,
  subscriptionAccountQueryV21Schema,
  subscriptionDetailQueryV21Schema,
  subscriptionDeviceListSchema,
  subscriptionDevicesQuerySchema,
  subscriptionIdParamsSchema,
  subscriptionIdsBodySchema,
  subscriptionListQuerySchema,
  subscriptionListQueryV21Schema,
  subscriptionListSchema,
  subscriptionSchema,
  subscriptionSummaryListSchema,
  subscriptionUsageQuerySchema,
  subscriptionUsageSchema,
  subscriptionV21Schema,
} from '@aerie/contract';
import type { SubscriptionsService } from './subscriptions.service.js';

const tags = ['subscriptions'];

export function subscriptionsRoutes(service: SubscriptionsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v3/subscriptions',
      {
        schema: {
          tags,
          summary: "A page of the caller's subscriptions",
          querystring: subscriptionListQuerySchema,
          response: { 200: subscriptionListSchema },
        },
      },
      async (request) => service.list(request.principal(), request.query),
    );

    app.post(
      '/v3/subscriptions',
      {
        schema: {
          tags,
          summary: "The subscriptions of a device's history, by id (unseen ids are left out)",
          body: subscriptionIdsBodySchema,
          response: { 200: subscriptionSummaryListSchema },
        },
      },
      async (request) => service.byIds(request.principal(), request.body.ids),
    );

    app.get(
      '/v3/subscriptions/:id',
      {
        schema: {
          tags,
          summary: 'One subscription with its monthly usage and devices',
          params: subscriptionIdParamsSchema,
          response: { 200: subscriptionSchema },
        },
      },
      async (request) => service.get(request.principal(), request.params.id),
    );

    app.get(
      '/v3/subscriptions/:id/usage',
      {
        schema: {
          tags,
          summary: "A subscription's usage by month or by day",
          params: subscriptionIdParamsSchema,
          querystring: subscriptionUsageQuerySchema,
          response: { 200: subscriptionUsageSchema },
        },
      },
      async (request) =>
        service.usage(request.principal(), request.params.id, request.query.groupBy),
    );

    app.get(
      '/v3/subscriptions/:id/devices',
      {
        schema: {
          tags,
          summary: "A page of a subscription's devices, by name",
          params: subscriptionIdParamsSchema,
          querystring: subscriptionDevicesQuerySchema,
          response: { 200: subscriptionDeviceListSchema },
        },
      },
      async (request) => service.devices(request.principal(), request.params.id, request.query),
    );

    app.get(
      '/v2.1/subscriptions',
      {
        schema: {
          tags,
          summary: "A page of the caller's subscriptions (v2.1 parameter names)",
          querystring: subscriptionListQueryV21Schema,
          response: { 200: subscriptionListSchema },
        },
      },
      async (request) => service.listV21(request.principal(), request.query),
    );

    app.get(
      '/v2.1/subscriptions/:id',
      {
        schema: {
          tags,
          summary: 'One subscription, with its device history when includeActivity=true',
          params: subscriptionIdParamsSchema,
          querystring: subscriptionDetailQueryV21Schema,
          response: { 200: subscriptionV21Schema },
        },
      },
      async (request) =>
        service.getV21(
          request.principal(),
          request.params.id,
          request.query.includeActivity === true,
        ),
    );

    app.get(
      '/v2.1/subscriptions/account/:accountId',
      {
        schema: {
          tags,
          summary: "One account's subscriptions; active=true: only the current ones",
          params: subscriptionAccountParamsSchema,
          querystring: subscriptionAccountQueryV21Schema,
          response: { 200: subscriptionAccountListSchema },
        },
      },
      async (request) =>
        service.byAccount(request.principal(), request.params.accountId, request.query),
    );
  };
}
