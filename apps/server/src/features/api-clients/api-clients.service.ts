import { randomBytes } from 'node:crypto';
import { api, type ApiClient, type CreateApiClient } from '@aerie/contract';
import type { Principal } from '../../plugins/auth.js';
import type { Authorize } from '../../plugins/authorization.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../plugins/errors.js';
import type { ApiClientsRepository } from '../../identity/api-clients.repository.js';
import { API_CLIENT_MESSAGES } from './api-clients.messages.js';

/** A client's id: the requested start, `-`, 16 random hex digits (64 bits). */
function newClientId(requested: string): string {
  return `${requested}-${randomBytes(8).toString('hex')}`;
}

/**
 * Every signed-in user may keep API clients (spec 000 §2.4); a client acts as
 * its creator. Client ids are global (the identity provider knows them by id), so each gets a
 * random ending: an id can be neither guessed nor probed by asking for it (a taken id would
 * say someone has it), and another user's id is as unknown as a made-up one (404).
 */
export function createApiClientsService(
  repo: ApiClientsRepository,
  authorize: Authorize,
  /** Told after one of the user's clients is deleted (its tokens stop at once). */
  credentialsChanged: (userId: string) => Promise<void>,
) {
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
      // A collision of 64 random bits is not expected; a few tries make it impossible in practice.
      for (let tries = 0; tries < 3; tries++) {
        const clientId = newClientId(input.clientId);
        if (await repo.create(principal.userId, clientId, input.secret)) {
          const row = (await repo.listByUser(principal.userId)).find(
            (r) => r.clientId === clientId,
          );
          return { clientId, createdOn: (row?.createdAt ?? new Date()).toISOString() };
        }
      }
      throw new ConflictError(API_CLIENT_MESSAGES.taken);
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
