import type { FastifyPluginAsync } from 'fastify';
import { api, brandHubState, hubStateSchema } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import type { HubStateService } from './hub-state.service.js';

export function hubRoutes(service: HubStateService, brand: string): FastifyPluginAsync {
  return async (app) => {
    // The contract cannot know the brand's beams key (`{brand}Beams`): the answer is checked
    // against this installation's exact key.
    route(
      app,
      api.hub.state,
      async (request) =>
        brandHubState(brand, await service.get(request.principal(), request.params.id)),
      { successSchema: hubStateSchema(brand) },
    );
  };
}
