import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runtimeConfigSchema, type RuntimeConfig } from '@aerie/contract';

/** The runtime configuration file the browser reads at start (spec 000 §3). */
export function runtimeConfigRoutes(config: RuntimeConfig): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/config.json',
      {
        config: { public: true },
        schema: { tags: ['shell'], response: { 200: runtimeConfigSchema } },
      },
      async (_request, reply) => reply.header('cache-control', 'no-cache').send(config),
    );
  };
}
