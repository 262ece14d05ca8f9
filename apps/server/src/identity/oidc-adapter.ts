import type { Adapter } from 'oidc-provider';
import type { OidcPayloadsRepository } from './oidc-payloads.repository.js';

/**
 * Stores the identity provider's models (sessions, interactions, grants,
 * codes, tokens) in PostgreSQL so they survive restarts and are shared by
 * every server instance.
 */
export function createOidcAdapterFactory(payloads: OidcPayloadsRepository) {
  return (kind: string): Adapter => {
    const find = async (by: 'id' | 'uid' | 'userCode', value: string) => {
      const row = await payloads.findLive(kind, by, value);
      if (!row) return undefined;
      return row.consumedAt
        ? { ...row.payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
        : row.payload;
    };
    return {
      async upsert(id, payload, expiresIn) {
        await payloads.upsert({
          id,
          kind,
          payload,
          grantId: payload.grantId ?? null,
          userCode: payload.userCode ?? null,
          uid: payload.uid ?? null,
          expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
        });
      },
      find: (id) => find('id', id),
      findByUid: (uid) => find('uid', uid),
      findByUserCode: (userCode) => find('userCode', userCode),
      consume: (id) => payloads.consume(kind, id),
      destroy: (id) => payloads.destroy(kind, id),
      revokeByGrantId: (grantId) => payloads.revokeByGrantId(grantId),
    };
  };
}
