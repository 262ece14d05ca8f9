import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import { api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import { HttpError } from '../../plugins/errors.js';
import { NOTIFICATION_MESSAGES } from './notifications.messages.js';
import type { NotificationsService } from './notifications.service.js';
import type { NotificationStreams } from './notifications.stream.js';

export const TEST_NOTIFICATIONS_PER_MINUTE = 5;

const testRateLimit: RateLimitOptions = {
  max: TEST_NOTIFICATIONS_PER_MINUTE,
  timeWindow: '1 minute',
  keyGenerator: (request) => request.principal().userId,
  errorResponseBuilder: () => new HttpError(429, NOTIFICATION_MESSAGES.testRateLimited),
};

export function notificationsRoutes(
  service: NotificationsService,
  streams: NotificationStreams,
): FastifyPluginAsync {
  return async (app) => {
    // `config.rateLimit` below is counted by @fastify/rate-limit, registered for the whole API
    // scope by plugins/request-limits.ts.

    route(app, api.notifications.list, async (request) => service.list(request.principal()));

    route(app, api.notifications.markRead, async (request, reply) => {
      await service.markRead(request.principal(), request.body);
      return reply.status(204).send(null);
    });

    route(app, api.notifications.clear, async (request, reply) => {
      await service.clear(request.principal(), request.body);
      return reply.status(204).send(null);
    });

    route(
      app,
      api.notifications.sendTest,
      async (request, reply) => reply.status(201).send(await service.sendTest(request.principal())),
      { config: { rateLimit: testRateLimit } },
    );

    route(app, api.notifications.live, async (request, reply) => {
      const userId = await service.streamOwner(request.principal());
      if (!streams.hasRoom(userId)) throw new HttpError(429, NOTIFICATION_MESSAGES.tooManyStreams);
      reply.hijack();
      streams.open(userId, reply.raw, request.credentials());
      return reply;
    });
  };
}
