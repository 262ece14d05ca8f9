import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import { readUpload, requireMultipart } from './resources-upload.js';
import type { ResourcesService } from './resources.service.js';

export function resourcesRoutes(
  service: ResourcesService,
  options: { maxUploadBytes: number },
): FastifyPluginAsync {
  return async (app) => {
    // Multipart bodies in this feature's scope only (every other route still refuses them).
    await app.register(multipart);
    // An answer sent before the body was read (a refused upload) closes the connection.
    app.addHook('onSend', async (request, reply) => {
      if (request.raw.complete === false) reply.header('Connection', 'close');
    });

    route(app, api.resources.list, async (request) =>
      service.list(request.principal(), request.query),
    );

    route(
      app,
      api.resources.upload,
      async (request) =>
        service.upload(request.principal(), await readUpload(request, options.maxUploadBytes)),
      { onRequest: requireMultipart(options.maxUploadBytes) },
    );

    route(app, api.resources.remove, async (request, reply) => {
      await service.remove(request.principal(), request.query.path);
      return reply.status(204).send();
    });
  };
}
