import type { FastifyPluginAsync } from 'fastify';
import { api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import { largeTake } from '../../plugins/request-limits.js';
import type { SubscriptionChangesService } from './subscription-changes.service.js';
import type { SubscriptionsService } from './subscriptions.service.js';

export function subscriptionsRoutes(
  service: SubscriptionsService,
  changes: SubscriptionChangesService,
): FastifyPluginAsync {
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
    // A POST that reads (at most 100 ids): no write.
    route(
      app,
      subscriptions.usageByIds,
      async (request) => service.usageByIds(request.principal(), request.body),
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

    // Changes (docs/decisions/036-subscription-changes.md): writes, rate-limited per user.
    const c = api.subscriptionChanges;
    route(app, c.edit, async (request) =>
      changes.edit(request.principal(), request.params.id, request.body),
    );
    route(app, c.create, async (request, reply) => {
      const created = await changes.create(request.principal(), request.body);
      return reply.code(201).send(created);
    });
    route(app, c.setState, async (request) =>
      changes.cancel(request.principal(), request.params.id),
    );
    route(app, c.delete, async (request, reply) => {
      await changes.delete(request.principal(), request.params.id);
      return reply.code(204).send(null);
    });
    route(app, c.transfer, async (request) =>
      changes.transfer(request.principal(), request.params.id, request.body.email),
    );
    route(app, c.cancelTransfer, async (request) =>
      changes.cancelTransfer(request.principal(), request.params.id),
    );
    route(app, c.acceptTransfer, async (request) =>
      changes.completeTransfer(request.principal(), request.params.id),
    );
    route(app, c.pool, async (request) =>
      changes.pool(request.principal(), request.params.id, request.body.remotes),
    );
    route(app, c.changes, async (request) =>
      changes.changes(request.principal(), request.params.id, request.query),
    );
  };
}
