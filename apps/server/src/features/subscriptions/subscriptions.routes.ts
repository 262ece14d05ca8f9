import type { FastifyPluginAsync } from 'fastify';
import { api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import { largeTake } from '../../plugins/request-limits.js';
import type { SubscriptionsService } from './subscriptions.service.js';

export function subscriptionsRoutes(service: SubscriptionsService): FastifyPluginAsync {
  return async (app) => {
    const { subscriptions } = api;
    const large = { limits: { heavy: largeTake } };
    route(
      app,
      subscriptions.list,
      async (request) => service.list(request.principal(), request.query),
      large,
    );
    // A POST that reads (at most 100 ids): no write.
    route(
      app,
      subscriptions.byIds,
      async (request) => service.byIds(request.principal(), request.body.ids),
      { limits: { write: false } },
    );
    route(app, subscriptions.get, async (request) =>
      service.get(request.principal(), request.params.id),
    );
    route(app, subscriptions.usage, async (request) =>
      service.usage(request.principal(), request.params.id, request.query.groupBy),
    );
    route(
      app,
      subscriptions.devices,
      async (request) => service.devices(request.principal(), request.params.id, request.query),
      large,
    );
    route(
      app,
      subscriptions.listV21,
      async (request) => service.listV21(request.principal(), request.query),
      large,
    );
    route(app, subscriptions.getV21, async (request) =>
      service.getV21(
        request.principal(),
        request.params.id,
        request.query.includeActivity === true,
      ),
    );
    route(
      app,
      subscriptions.byAccount,
      async (request) =>
        service.byAccount(request.principal(), request.params.accountId, request.query),
      large,
    );
  };
}
