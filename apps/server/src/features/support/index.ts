import type { FastifyPluginAsync } from 'fastify';
import { api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import type { FeatureFactory } from '../feature.js';
import { loadSupportConfig } from './support-config.js';
import { createSupportRepository } from './support.repository.js';
import { createSupportService } from './support.service.js';

/** Support tickets (spec 000 §2.8; docs/decisions/034-support-tickets.md). */
export const createSupportFeature: FeatureFactory<'authorize' | 'deviceInScope' | 'mailer'> = ({
  pool,
  config,
  services,
}) => {
  const service = createSupportService({
    repo: createSupportRepository(pool),
    authorize: services.authorize,
    deviceInScope: services.deviceInScope,
    mailer: services.mailer,
    config: loadSupportConfig(config.supportConfigFile),
    supportEmail: config.support.email,
    brand: config.brand,
  });
  const routes: FastifyPluginAsync = async (app) => {
    route(app, api.support.config, async () => service.config());
    route(app, api.support.createTicket, async (request, reply) => {
      const ticket = await service.create(request.principal(), request.body);
      reply.code(201);
      return ticket;
    });
    route(app, api.support.tickets, async (request) =>
      service.list(request.principal(), request.query),
    );
    route(app, api.support.updateTicket, async (request) =>
      service.setStatus(request.principal(), request.params.id, request.body.status),
    );
  };
  return { name: 'support', routes };
};
