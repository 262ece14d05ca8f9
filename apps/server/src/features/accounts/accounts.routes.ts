import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountListSchema } from '@aerie/contract';
import type { AccountsService } from './accounts.service.js';

export function accountsRoutes(service: AccountsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/accounts',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Accounts the caller can see',
          response: { 200: accountListSchema },
        },
      },
      async (request) => service.list(request.principal()),
    );

    app.get(
      '/v2/accounts/sharedWith',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Accounts shared with the caller',
          response: { 200: accountListSchema },
        },
      },
      async (request) => service.sharedWith(request.principal()),
    );
  };
}
