import { describe, expect, it } from 'vitest';
import { accountListSchema, type RoleKey } from '@aerie/contract';
import { NORTHWIND_ACCOUNTS } from '../../test/fleet-fixtures.js';
import { useApiContext } from '../../test/test-app.js';

const api = useApiContext({ fleet: false });

async function accountNames(role: RoleKey, path = '/v2/accounts'): Promise<string[]> {
  const res = await api.ctx.app.inject({ method: 'GET', url: path, headers: api.as(role) });
  expect(res.statusCode).toBe(200);
  return accountListSchema
    .parse(res.json())
    .map((a) => a.name)
    .sort();
}

async function idOf(table: 'accounts' | 'users', column: string, value: string) {
  const r = await api.ctx.database.pool.query<{ id: string }>(
    `select id from ${table} where ${column} = $1`,
    [value],
  );
  return r.rows[0]!.id;
}

describe('visible accounts', () => {
  it('shows provider staff every account', async () => {
    for (const role of ['superUser', 'providerAdmin', 'salesSupport', 'productSupport'] as const)
      expect(await accountNames(role)).toHaveLength(7);
  });

  it('shows an account admin and a credentialed user their account and its descendants only', async () => {
    expect(await accountNames('accountAdmin')).toEqual(NORTHWIND_ACCOUNTS);
    expect(await accountNames('credentialed')).toEqual(NORTHWIND_ACCOUNTS);
  });

  it('adds shared accounts and their descendants once the account cache is cleared', async () => {
    const liam = await idOf('users', 'email', 'liam.brooks@northwind.example');
    const terra = await idOf('accounts', 'name', 'Terra Logistics');
    await api.ctx.database.pool.query(
      'insert into account_shares (account_id, user_id) values ($1, $2)',
      [terra, liam],
    );
    // Cached for 30 s per user: the share shows after the cache clear (or the TTL).
    expect(await accountNames('credentialed')).toEqual(NORTHWIND_ACCOUNTS);
    const clear = await api.ctx.app.inject({
      method: 'POST',
      url: '/v2/admin/cache/account',
      headers: api.as('superUser'),
    });
    expect(clear.json()).toEqual({
      kind: 'account',
      message: 'Account cache cleared successfully.',
    });
    expect(await accountNames('credentialed')).toEqual(
      [...NORTHWIND_ACCOUNTS, 'Terra Logistics', 'Terra Logistics – Rail'].sort(),
    );
    expect(await accountNames('credentialed', '/v2/accounts/sharedWith')).toEqual([
      'Terra Logistics',
    ]);
    expect(await accountNames('accountAdmin', '/v2/accounts/sharedWith')).toEqual([]);
  });

  it('answers canSeeAccount through the tenancy service other features receive', async () => {
    const { tenancy } = api.ctx.app.services;
    const hannah = {
      userId: await idOf('users', 'email', 'hannah.keller@northwind.example'),
      accountId: await idOf('accounts', 'name', 'Northwind Maritime'),
      role: 'accountAdmin' as const,
      apiClientId: null,
    };
    const atlantic = await idOf('accounts', 'name', 'Northwind Maritime – Atlantic Fleet');
    const partner = await idOf('accounts', 'name', 'Skyline Connect Partners');
    expect(await tenancy.canSeeAccount(hannah, atlantic)).toBe(true);
    expect(await tenancy.canSeeAccount(hannah, partner)).toBe(false);
    expect(await tenancy.scope(hannah)).toMatchObject({ all: false });
    expect(await tenancy.scope({ ...hannah, role: 'salesSupport' })).toEqual({ all: true });
  });
});
