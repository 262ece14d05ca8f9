import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  componentListSchema,
  componentModelsUpdateSchema,
  deviceIdParamsSchema,
  dhcpRequestSchema,
  dhcpResponseSchema,
  networkConfigUpdateSchema,
  networkMappingParamsSchema,
  networkMappingSchema,
  networkMappingUpdateSchema,
  networkTemplateKeySchema,
  networkTemplateSaveSchema,
  networkTemplateSchema,
  satelliteNetworkConfigurationSchema,
} from '@aerie/contract';
import type { DeviceConfigService } from './device-config.service.js';
import type { NetworkMappingService } from './network-mapping.service.js';

const tags = ['devices'];
const provisionTags = ['provision'];

export function deviceConfigRoutes(
  config: DeviceConfigService,
  mappings: NetworkMappingService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v2/devices/networkconfig/dhcp',
      {
        schema: {
          tags,
          summary: 'The DHCP gateway and client range for an ETH0 address and subnet mask',
          body: dhcpRequestSchema,
          response: { 200: dhcpResponseSchema },
        },
      },
      async (request) => config.calculateDhcp(request.principal(), request.body),
    );

    app.put(
      '/v2/devices/:id/networkConfig',
      {
        schema: {
          tags,
          summary: "Set the device's satellite network configuration (all empty removes it)",
          params: deviceIdParamsSchema,
          body: networkConfigUpdateSchema,
          response: { 200: satelliteNetworkConfigurationSchema.nullable() },
        },
      },
      async (request) =>
        config.saveNetworkConfig(request.principal(), request.params.id, request.body),
    );

    app.put(
      '/v2/devices/:id/components/models',
      {
        schema: {
          tags,
          summary: "Set the models of the device's components; answers the components",
          params: deviceIdParamsSchema,
          body: componentModelsUpdateSchema,
          response: { 200: componentListSchema },
        },
      },
      async (request) =>
        config.setComponentModels(request.principal(), request.params.id, request.body),
    );

    app.get(
      '/v1/provision/networks/remote/:remoteId',
      {
        schema: {
          tags: provisionTags,
          summary: "The beams of the remote's hub and which of them the remote requires",
          params: networkMappingParamsSchema,
          response: { 200: networkMappingSchema },
        },
      },
      async (request) => mappings.get(request.principal(), request.params.remoteId),
    );

    app.post(
      '/v1/provision/networks/remote',
      {
        schema: {
          tags: provisionTags,
          summary: 'Set the beams a remote requires',
          body: networkMappingUpdateSchema,
          response: { 200: networkMappingSchema },
        },
      },
      async (request) => mappings.save(request.principal(), request.body),
    );

    app.post(
      '/v1/provision/networkTemplate',
      {
        schema: {
          tags: provisionTags,
          summary: 'The network template of an NMS type, antenna type, modem type and beam',
          body: networkTemplateKeySchema,
          response: { 200: networkTemplateSchema },
        },
      },
      async (request) => mappings.template(request.principal(), request.body),
    );

    app.post(
      '/v1/provision/saveNetworkTemplate',
      {
        schema: {
          tags: provisionTags,
          summary: 'Write a network template',
          body: networkTemplateSaveSchema,
          response: { 200: networkTemplateSchema },
        },
      },
      async (request) => mappings.saveTemplate(request.principal(), request.body),
    );
  };
}
