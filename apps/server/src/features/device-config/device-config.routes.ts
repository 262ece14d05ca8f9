import type { FastifyPluginAsync } from 'fastify';
import { api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import type { DeviceConfigService } from './device-config.service.js';
import type { NetworkMappingService } from './network-mapping.service.js';

export function deviceConfigRoutes(
  config: DeviceConfigService,
  mappings: NetworkMappingService,
): FastifyPluginAsync {
  return async (app) => {
    const endpoints = api.deviceConfig;
    // POSTs that only read or calculate: no write.
    const reads = { limits: { write: false as const } };
    route(
      app,
      endpoints.dhcp,
      async (request) => config.calculateDhcp(request.principal(), request.body),
      reads,
    );
    route(app, endpoints.networkConfig, async (request) =>
      config.saveNetworkConfig(request.principal(), request.params.id, request.body),
    );
    route(app, endpoints.componentModels, async (request) =>
      config.setComponentModels(request.principal(), request.params.id, request.body),
    );
    route(app, endpoints.networkMapping, async (request) =>
      mappings.get(request.principal(), request.params.remoteId),
    );
    route(app, endpoints.saveNetworkMapping, async (request) =>
      mappings.save(request.principal(), request.body),
    );
    route(
      app,
      endpoints.networkTemplate,
      async (request) => mappings.template(request.principal(), request.body),
      reads,
    );
    route(app, endpoints.saveNetworkTemplate, async (request) =>
      mappings.saveTemplate(request.principal(), request.body),
    );
  };
}
