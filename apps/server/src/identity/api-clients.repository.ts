import type pg from 'pg';
import { deriveClientSecret, newSecretSalt } from './client-secrets.js';

export interface ApiClientRecord {
  clientId: string;
  createdAt: Date;
}

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
      const r = await pool.query<{ user_id: string }>(
        'select user_id from api_clients where client_id = $1',
        [clientId],
      );
      return r.rows[0]?.user_id ?? null;
    },
    async listByUser(userId: string): Promise<ApiClientRecord[]> {
      const r = await pool.query<{ client_id: string; created_at: Date }>(
        'select client_id, created_at from api_clients where user_id = $1 order by created_at, client_id',
        [userId],
      );
      return r.rows.map((row) => ({ clientId: row.client_id, createdAt: row.created_at }));
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
