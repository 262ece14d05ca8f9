import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { purgeIdentityRows } from './housekeeping.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('identity housekeeping', () => {
  it('deletes expired provider rows and forgotten throttle buckets, and keeps live ones', async () => {
    const pool = ctx.database.pool;
    await pool.query(
      `insert into oidc_payloads (id, kind, payload, expires_at) values
       ('old', 'Session', '{}', now() - interval '1 minute'), ('live', 'Session', '{}', now() + interval '1 hour')`,
    );
    await pool.query(
      `insert into credential_throttle (key, attempts, last_attempt_at, next_attempt_at) values
       ('stale', 3, now() - interval '1 day', now() - interval '1 day'),
       ('waiting', 30, now() - interval '1 day', now() + interval '5 minutes'),
       ('recent', 1, now(), now())`,
    );
    const purged = await purgeIdentityRows(pool);
    expect(purged).toEqual({ payloads: 1, throttles: 1 });
    const ids = await pool.query<{ id: string }>('select id from oidc_payloads order by id');
    expect(ids.rows.map((r) => r.id)).toEqual(['live']);
    const keys = await pool.query<{ key: string }>(
      'select key from credential_throttle order by key',
    );
    expect(keys.rows.map((r) => r.key)).toEqual(['recent', 'waiting']);
  });
});
