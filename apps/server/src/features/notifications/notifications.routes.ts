import { z } from 'zod';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clearNotificationsSchema,
  markNotificationsReadSchema,
  notificationListSchema,
  notificationSchema,
} from '@aerie/contract';
import { HttpError } from '../../plugins/errors.js';
import { NOTIFICATION_MESSAGES } from './notifications.messages.js';
import type { NotificationsService } from './notifications.service.js';
import type { NotificationStreams } from './notifications.stream.js';

export const TEST_NOTIFICATIONS_PER_MINUTE = 5;

export function notificationsRoutes(
  service: NotificationsService,
  streams: NotificationStreams,
): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(rateLimit, { global: false });

    app.get(
      '/v1/notifications',
      {
        schema: {
          tags: ['notifications'],
          summary: "The caller's notifications, newest first (at most 200)",
          response: { 200: notificationListSchema },
        },
      },
      async (request) => service.list(request.principal()),
    );

    app.put(
      '/v1/notifications',
      {
        schema: {
          tags: ['notifications'],
          summary: "Mark the caller's notifications as read",
          body: markNotificationsReadSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await service.markRead(request.principal(), request.body);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/v1/notifications',
      {
        schema: {
          tags: ['notifications'],
          summary: "Clear the listed notifications, or all of the caller's without ids",
          body: clearNotificationsSchema.nullish(),
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await service.clear(request.principal(), request.body?.ids);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/v1/notifications/test',
      {
        config: {
          rateLimit: {
            max: TEST_NOTIFICATIONS_PER_MINUTE,
            timeWindow: '1 minute',
            keyGenerator: (request) => request.principal().userId,
            errorResponseBuilder: () => new HttpError(429, NOTIFICATION_MESSAGES.testRateLimited),
          },
        },
        schema: {
          tags: ['notifications'],
          summary: 'Send the caller a test notification through the live channel',
          response: { 201: notificationSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await service.sendTest(request.principal())),
    );

    app.get(
      '/live/notifications',
      {
        schema: {
          tags: ['notifications'],
          summary: `Server-Sent Events stream of the caller's new notifications (event "Notification")`,
          produces: ['text/event-stream'],
        },
      },
      async (request, reply) => {
        const { userId } = request.principal();
        if (!streams.hasRoom(userId))
          throw new HttpError(429, NOTIFICATION_MESSAGES.tooManyStreams);
        reply.hijack();
        streams.open(userId, reply.raw);
      },
    );
  };
}
