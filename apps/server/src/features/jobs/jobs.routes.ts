import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobIdParamsSchema, jobListQuerySchema, jobListSchema, jobSchema } from '@aerie/contract';
import type { JobsService } from './jobs.service.js';

export function jobsRoutes(service: JobsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/jobs',
      {
        schema: {
          tags: ['jobs'],
          summary: "A page of the caller's active (queued or running) jobs, newest first",
          querystring: jobListQuerySchema,
          response: { 200: jobListSchema },
        },
      },
      async (request) => service.list(request.principal(), request.query),
    );

    app.get(
      '/v2/jobs/:id',
      {
        schema: {
          tags: ['jobs'],
          summary: 'One job with its payload and result',
          params: jobIdParamsSchema,
          response: { 200: jobSchema },
        },
      },
      async (request) => service.get(request.principal(), request.params.id),
    );
  };
}
