import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserSchema, updateUserSettingsSchema, userSettingsSchema } from '@aerie/contract';
import type { UsersService } from './users.service.js';

export function usersRoutes(service: UsersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/users/me',
      {
        schema: {
          tags: ['users'],
          summary: 'The signed-in user',
          response: { 200: currentUserSchema },
        },
      },
      async (request) => service.me(request.principal()),
    );

    app.put(
      '/v2/users/settings',
      {
        schema: {
          tags: ['users'],
          summary: "Update the signed-in user's settings",
          body: updateUserSettingsSchema,
          response: { 200: userSettingsSchema },
        },
      },
      async (request) => service.updateSettings(request.principal(), request.body),
    );
  };
}
