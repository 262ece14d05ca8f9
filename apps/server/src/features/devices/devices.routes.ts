import type { FastifyPluginAsync } from 'fastify';
import { api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import { largeTake } from '../../plugins/request-limits.js';
import { presentedJson } from '../../plugins/serialization.js';
import type { DevicesService } from './devices.service.js';

export function devicesRoutes(service: DevicesService): FastifyPluginAsync {
  return async (app) => {
    route(
      app,
      api.devices.list,
      async (request, reply) => {
        // The answer is the JSON text the presenter and PostgreSQL wrote (decision 019).
        const json = await service.list(request.principal(), request.query);
        return reply.type('application/json; charset=utf-8').send(json);
      },
      // The export and the map fetch ask for up to 10,000 rows.
      { limits: { heavy: largeTake } },
    );
    route(app, api.devices.summary, async (request) =>
      service.summary(request.principal(), request.query),
    );
    route(app, api.fleet.summary, async (request) => service.fleetSummary(request.principal()));
    route(app, api.fleet.map, async (request, reply) => {
      const answer = await service.map(request.principal());
      reply.type('application/json; charset=utf-8').header('cache-control', 'private, no-cache');
      // NOTE: the answer is serialized and gzipped once per scope (the service); the global
      // compression skips a reply that already carries a Content-Encoding.
      if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
        return reply
          .header('content-encoding', 'gzip')
          .header('vary', 'accept-encoding')
          .send(answer.gzipped);
      }
      return reply.send(answer.json);
    });
    route(
      app,
      api.fleet.clusters,
      async (request) => service.mapClusters(request.principal(), request.query),
      // Built from the index's tuples (typed by the contract); fast-json-stringify cannot write
      // a tuple of literals, and the API test parses every answer with the strict schema.
      { serializerCompiler: presentedJson },
    );
    route(app, api.devices.get, async (request) =>
      service.get(request.principal(), request.params.id),
    );
    route(app, api.devices.rename, async (request) =>
      service.rename(request.principal(), request.params.id, request.body.name),
    );
    route(app, api.devices.usage, async (request) =>
      service.usage(
        request.principal(),
        request.params.id,
        request.query.year,
        request.query.month,
      ),
    );
  };
}
