import type pg from 'pg';
import { deriveClientSecret, newSecretSalt } from './client-secrets.js';

/** API clients of the client-credentials grant; only a derived form of the secret is stored. */
export function createApiClientsRepository(pool: pg.Pool) {
  return {
    async create(userId: string, clientId: string, secret: string): Promise<void> {
      const salt = newSecretSalt();
      await pool.query(
        'insert into api_clients (client_id, user_id, secret_hash, secret_salt) values ($1, $2, $3, $4)',
        [clientId, userId, await deriveClientSecret(secret, salt), salt],
      );
    },
    async ownerOf(clientId: string): Promise<string | null> {
      const r = await pool.query<{ user_id: string }>(
        'select user_id from api_clients where client_id = $1',
        [clientId],
      );
      return r.rows[0]?.user_id ?? null;
    },
  };
}
