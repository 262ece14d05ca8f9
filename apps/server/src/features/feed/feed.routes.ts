import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptedSchema,
  errorReportSchema,
  feedbackPageSchema,
  feedbackRequestSchema,
  pagingQuerySchema,
  telemetryUploadSchema,
} from '@aerie/contract';
import type { FeedService } from './feed.service.js';

const ok = { ok: true as const };

export function feedRoutes(service: FeedService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v2/feed/feedback',
      {
        schema: {
          tags: ['feed'],
          summary: 'Submit feedback',
          body: feedbackRequestSchema,
          response: { 201: acceptedSchema },
        },
      },
      async (request, reply) => {
        await service.submitFeedback(request.principal(), request.body);
        return reply.status(201).send(ok);
      },
    );

    app.get(
      '/v2/feed/feedback',
      {
        schema: {
          tags: ['feed'],
          summary: 'Read feedback, newest first (provider staff)',
          querystring: pagingQuerySchema,
          response: { 200: feedbackPageSchema },
        },
      },
      async (request) => service.listFeedback(request.principal(), request.query),
    );

    app.post(
      '/v2/feed/telemetry',
      {
        // A full buffer of 1000 events with parameters can pass the default 1 MiB.
        bodyLimit: 4 * 1024 * 1024,
        schema: {
          tags: ['feed'],
          summary: 'Upload buffered telemetry events',
          body: telemetryUploadSchema,
          response: { 200: acceptedSchema },
        },
      },
      async (request) => {
        await service.uploadTelemetry(request.principal(), request.body);
        return ok;
      },
    );

    app.post(
      '/v2/feed/errors',
      {
        schema: {
          tags: ['feed'],
          summary: 'Report an unexpected error seen in the browser',
          body: errorReportSchema,
          response: { 201: acceptedSchema },
        },
      },
      async (request, reply) => {
        await service.reportError(request.principal(), request.body);
        return reply.status(201).send(ok);
      },
    );
  };
}
