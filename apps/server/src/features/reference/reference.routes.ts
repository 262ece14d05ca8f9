import type { FastifyPluginAsync } from 'fastify';
import { api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import type { ReferenceService } from './reference.service.js';

export function referenceRoutes(service: ReferenceService): FastifyPluginAsync {
  return async (app) => {
    const { reference } = api;
    route(app, reference.metricProviders, async (request) =>
      service.metricProviders(request.principal()),
    );
    route(app, reference.metrics, async (request) => service.metrics(request.principal()));
    route(app, reference.antennaFeatures, async (request) =>
      service.antennaFeatures(request.principal()),
    );
    route(app, reference.deviceModels, async (request) =>
      service.deviceModels(request.principal()),
    );
    route(app, reference.deviceTypes, async (request) => service.deviceTypes(request.principal()));
    route(app, reference.subscriptionProducts, async (request) =>
      service.subscriptionProducts(request.principal()),
    );
    route(app, reference.subscriptionPlans, async (request) =>
      service.subscriptionPlans(request.principal()),
    );
    route(app, reference.nmsTypes, async (request) => service.nmsTypes(request.principal()));
    route(app, reference.beams, async (request) => service.beams(request.principal()));
    route(app, reference.networkInventoryVisible, async (request) => ({
      visible: await service.networkInventoryVisible(request.principal()),
    }));
    route(app, reference.setNetworkInventoryVisible, async (request) => ({
      visible: await service.setNetworkInventoryVisible(request.principal(), request.body.visible),
    }));
    route(app, reference.softwareVersions, async (request) =>
      service.softwareVersions(request.principal(), request.query.currentVersion),
    );
    route(app, reference.product, async (request) =>
      service.product(request.principal(), request.params.id),
    );
    route(app, reference.baseModemType, async (request) =>
      service.baseModemType(request.principal(), request.params.modemType),
    );
  };
}
