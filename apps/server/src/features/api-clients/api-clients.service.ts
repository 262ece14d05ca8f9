import { api, type ApiClient, type CreateApiClient } from '@aerie/contract';
import type { Principal } from '../../plugins/auth.js';
import type { Authorize } from '../../plugins/authorization.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../plugins/errors.js';
import type { ApiClientsRepository } from '../../identity/api-clients.repository.js';
import { API_CLIENT_MESSAGES } from './api-clients.messages.js';

/**
 * Every signed-in user may keep API clients (spec 000 §2.4); a client acts as
 * its creator. Client ids are global: the identity provider knows them by id.
 */
export function createApiClientsService(
  repo: ApiClientsRepository,
  reservedClientIds: string[],
  authorize: Authorize,
  /** Told after one of the user's clients is deleted (its tokens stop at once). */
  credentialsChanged: (userId: string) => Promise<void>,
) {
  const reserved = new Set(reservedClientIds.map((id) => id.toLowerCase()));

  // NOTE: a leaked client secret must not be able to mint further credentials.
  function assertUserToken(principal: Principal): void {
    if (principal.apiClientId !== null)
      throw new ForbiddenError(API_CLIENT_MESSAGES.notFromApiClient);
  }

  return {
    async list(principal: Principal): Promise<ApiClient[]> {
      await authorize(principal, api.apiClients.list.access);
      const rows = await repo.listByUser(principal.userId);
      return rows.map((r) => ({ clientId: r.clientId, createdOn: r.createdAt.toISOString() }));
    },

    async create(principal: Principal, input: CreateApiClient): Promise<ApiClient> {
      await authorize(principal, api.apiClients.create.access);
      assertUserToken(principal);
      if (reserved.has(input.clientId.toLowerCase()))
        throw new ConflictError(API_CLIENT_MESSAGES.taken);
      const created = await repo.create(principal.userId, input.clientId, input.secret);
      if (!created) throw new ConflictError(API_CLIENT_MESSAGES.taken);
      const mine = await repo.listByUser(principal.userId);
      const row = mine.find((r) => r.clientId === input.clientId);
      return {
        clientId: input.clientId,
        createdOn: (row?.createdAt ?? new Date()).toISOString(),
      };
    },

    /** Another user's client answers 404, like a missing one. */
    async delete(principal: Principal, clientId: string): Promise<void> {
      await authorize(principal, api.apiClients.delete.access);
      assertUserToken(principal);
      if (!(await repo.delete(principal.userId, clientId)))
        throw new NotFoundError(API_CLIENT_MESSAGES.notFound);
      await credentialsChanged(principal.userId);
    },
  };
}
export type ApiClientsService = ReturnType<typeof createApiClientsService>;
