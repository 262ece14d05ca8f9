import type pg from 'pg';
import type { apiClients } from '../db/schema.js';
import { deriveClientSecret, newSecretSalt } from './client-secrets.js';

type ApiClientRow = typeof apiClients.$inferSelect;

export type ApiClientRecord = Pick<ApiClientRow, 'clientId' | 'createdAt'>;

/** API clients of the client-credentials grant; only a derived form of the secret is stored. */
export function createApiClientsRepository(pool: pg.Pool) {
  return {
    /** Returns false when the client id is already taken (by anyone). */
    async create(userId: string, clientId: string, secret: string): Promise<boolean> {
      const salt = newSecretSalt();
      const r = await pool.query(
        `insert into api_clients (client_id, user_id, secret_hash, secret_salt) values ($1, $2, $3, $4)
         on conflict (client_id) do nothing`,
        [clientId, userId, await deriveClientSecret(secret, salt), salt],
      );
      return r.rowCount === 1;
    },
    async ownerOf(clientId: string): Promise<string | null> {
      const r = await pool.query<Pick<ApiClientRow, 'userId'>>(
        'select user_id as "userId" from api_clients where client_id = $1',
        [clientId],
      );
      return r.rows[0]?.userId ?? null;
    },
    /** The client's id and stored secret, for client-secrets.ts verifyClientSecret. */
    async credentialsOf(
      clientId: string,
    ): Promise<Pick<ApiClientRow, 'clientId' | 'secretHash' | 'secretSalt'> | null> {
      const r = await pool.query<Pick<ApiClientRow, 'clientId' | 'secretHash' | 'secretSalt'>>(
        `select client_id as "clientId", secret_hash as "secretHash", secret_salt as "secretSalt"
         from api_clients where client_id = $1`,
        [clientId],
      );
      return r.rows[0] ?? null;
    },
    async listByUser(userId: string): Promise<ApiClientRecord[]> {
      const r = await pool.query<ApiClientRecord>(
        `select client_id as "clientId", created_at as "createdAt" from api_clients
         where user_id = $1 order by created_at, client_id`,
        [userId],
      );
      return r.rows;
    },
    /** Deletes the user's own client; false when the user has no client by that id. */
    async delete(userId: string, clientId: string): Promise<boolean> {
      const r = await pool.query('delete from api_clients where client_id = $1 and user_id = $2', [
        clientId,
        userId,
      ]);
      return r.rowCount === 1;
    },
  };
}
export type ApiClientsRepository = ReturnType<typeof createApiClientsRepository>;
