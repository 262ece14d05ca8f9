import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import { requireMultipartUpload, uploadedFiles } from './options-upload.js';
import type { ToolsService } from './tools.service.js';

export function toolsRoutes(service: ToolsService): FastifyPluginAsync {
  return async (app) => {
    // Multipart bodies in this feature's scope only: every other route still refuses them (415).
    await app.register(multipart);
    route(
      app,
      api.tools.validateOptions,
      async (request) => service.validateOptionsFiles(uploadedFiles(request)),
      { onRequest: requireMultipartUpload },
    );
  };
}
