import type { FastifyPluginAsync } from 'fastify';
import { api, type RuntimeConfig } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';

/** The runtime configuration file the browser reads at start (spec 000 §3). */
export function runtimeConfigRoutes(config: RuntimeConfig): FastifyPluginAsync {
  return async (app) => {
    route(app, api.shell.runtimeConfig, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').send(config),
    );
  };
}
