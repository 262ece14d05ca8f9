import type { FastifyPluginAsync } from 'fastify';
import { api, FEED_BODY_LIMITS } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import type { FeedService } from './feed.service.js';

const ok = { ok: true as const };
/** Feedback, telemetry and error reports share one budget per caller (plugins/request-limits.ts). */
const feed = { limits: { write: 'feed' as const } };

export function feedRoutes(service: FeedService): FastifyPluginAsync {
  return async (app) => {
    route(
      app,
      api.feed.submitFeedback,
      async (request, reply) => {
        await service.submitFeedback(request.principal(), request.body);
        return reply.status(201).send(ok);
      },
      { bodyLimit: FEED_BODY_LIMITS.feedback, ...feed },
    );

    route(app, api.feed.listFeedback, async (request) =>
      service.listFeedback(request.principal(), request.query),
    );

    route(
      app,
      api.feed.uploadTelemetry,
      async (request) => {
        await service.uploadTelemetry(request.principal(), request.body);
        return ok;
      },
      { bodyLimit: FEED_BODY_LIMITS.telemetry, ...feed },
    );

    route(
      app,
      api.feed.reportError,
      async (request, reply) => {
        await service.reportError(request.principal(), request.body);
        return reply.status(201).send(ok);
      },
      { bodyLimit: FEED_BODY_LIMITS.errors, ...feed },
    );
  };
}
