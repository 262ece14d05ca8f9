import type { FastifyPluginAsync } from 'fastify';
import { api, brandHubState, hubStateSchema } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import type { HubStateService } from './hub-state.service.js';

export function hubRoutes(service: HubStateService, brand: string): FastifyPluginAsync {
  return async (app) => {
    // NOTE: the contract cannot know the brand's beams key (`{brand}Beams`); the answer is
    // checked against this installation's exact key.
    const endpoint = { ...api.hub.state, responses: { 200: hubStateSchema(brand) } };
    route(app, endpoint, async (request) =>
      brandHubState(brand, await service.get(request.principal(), request.params.id)),
    );
  };
}
