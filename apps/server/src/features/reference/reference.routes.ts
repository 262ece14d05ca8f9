import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  baseModemTypeParamsSchema,
  baseModemTypeSchema,
  beamListSchema,
  deviceModelListSchema,
  deviceProductParamsSchema,
  deviceProductSchema,
  deviceTypeListSchema,
  featureTypeListSchema,
  metricProviderListSchema,
  networkInventoryVisibleSchema,
  nmsTypeListSchema,
  providerMetricsListSchema,
  softwareVersionListSchema,
  softwareVersionsQuerySchema,
  subscriptionPlansSchema,
  subscriptionProductListSchema,
} from '@aerie/contract';
import type { Principal } from '../../plugins/auth.js';
import type { ReferenceService } from './reference.service.js';

const tags = ['reference'];

export function referenceRoutes(service: ReferenceService): FastifyPluginAsyncZod {
  return async (app) => {
    /** A catalogue call without parameters. */
    function catalogue<S extends z.ZodType>(
      url: string,
      summary: string,
      response: S,
      answer: (principal: Principal) => Promise<z.output<S>>,
    ): void {
      // Typed loosely here: `answer` is what is checked against the schema, where S is known.
      const schema: FastifySchema = { tags, summary, response: { 200: response } };
      app.get(url, { schema }, async (request) => answer(request.principal()));
    }

    catalogue(
      '/v2/info/metricProviders',
      'Metric providers',
      metricProviderListSchema,
      service.metricProviders,
    );
    catalogue(
      '/v2/info/metrics',
      'Metric types of each provider',
      providerMetricsListSchema,
      service.metrics,
    );
    catalogue(
      '/v2/info/antennaFeatures',
      'Antenna feature types',
      featureTypeListSchema,
      service.antennaFeatures,
    );
    catalogue(
      '/v2/info/deviceModels',
      'Component models',
      deviceModelListSchema,
      service.deviceModels,
    );
    catalogue('/v2/info/deviceTypes', 'Device types', deviceTypeListSchema, service.deviceTypes);
    catalogue(
      '/v2/info/subscriptionProducts',
      'Connectivity (subscription) products',
      subscriptionProductListSchema,
      service.subscriptionProducts,
    );
    catalogue(
      '/v2/info/subscriptionPlans',
      'Subscription plans and the subscription metadata lists',
      subscriptionPlansSchema,
      service.subscriptionPlans,
    );
    catalogue('/v2/info/nmstypes', 'Hub (NMS) types', nmsTypeListSchema, (principal) =>
      service.nmsTypes(principal),
    );
    catalogue('/v2/info/beams', 'Hub networks (beams)', beamListSchema, service.beams);
    catalogue(
      '/v2/info/networkinventoryvisible',
      'Whether device pages show the network inventory',
      networkInventoryVisibleSchema,
      async (principal) => ({ visible: await service.networkInventoryVisible(principal) }),
    );

    app.get(
      '/v3/info/softwareVersions',
      {
        schema: {
          tags,
          summary: 'Software releases a device on currentVersion can update to, oldest first',
          querystring: softwareVersionsQuerySchema,
          response: { 200: softwareVersionListSchema },
        },
      },
      async (request) =>
        service.softwareVersions(request.principal(), request.query.currentVersion),
    );

    app.get(
      '/v2/info/products/:id',
      {
        schema: {
          tags,
          summary: 'A device product by product code',
          params: deviceProductParamsSchema,
          response: { 200: deviceProductSchema },
        },
      },
      async (request) => service.product(request.principal(), request.params.id),
    );

    app.get(
      '/v2/info/basemodemtype/:modemType',
      {
        schema: {
          tags,
          summary: 'The base modem type of a modem model',
          params: baseModemTypeParamsSchema,
          response: { 200: baseModemTypeSchema },
        },
      },
      async (request) => service.baseModemType(request.principal(), request.params.modemType),
    );

    app.put(
      '/v2/info/networkinventoryvisible',
      {
        schema: {
          tags,
          summary: 'Show or hide the network inventory (installation setting)',
          body: networkInventoryVisibleSchema,
          response: { 200: networkInventoryVisibleSchema },
        },
      },
      async (request) => ({
        visible: await service.setNetworkInventoryVisible(
          request.principal(),
          request.body.visible,
        ),
      }),
    );
  };
}
