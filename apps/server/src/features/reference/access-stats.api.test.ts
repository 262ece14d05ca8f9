import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createAccessStatsSchema,
  dataPackageLabel,
  roleKeys,
  type AccessStats,
  type RoleKey,
} from '@aerie/contract';
import { demoUsers } from '../../demo/demo-identities.js';
import { NORTHWIND_TREE } from '../../test/fleet-fixtures.js';
import { bearer, createTestContext, signIn, useApiContext } from '../../test/test-app.js';

const api = useApiContext({ fleet: { seed: 21, deviceCount: 200, accountCount: 10 } });
const schema = createAccessStatsSchema('Aerie');

async function stats(role: RoleKey): Promise<AccessStats> {
  const res = await api.ctx.app.inject({
    method: 'GET',
    url: '/v2/info/accessStats',
    headers: api.as(role),
  });
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json());
}
async function counts(sql: string, params: unknown[] = []): Promise<Record<string, number>> {
  const rows = await api.rows<{ k: string; n: number }>(sql, params);
  return Object.fromEntries(rows.map((r) => [r.k, r.n]));
}

/** The accounts each role sees: every account for staff, the Northwind tree for its users. */
const scopeOf = (role: RoleKey) =>
  role === 'accountAdmin' || role === 'credentialed' ? NORTHWIND_TREE : 'select id from accounts';

/** The figures computed straight from the tables, without the service. */
async function groundTruth(role: RoleKey) {
  const scope = scopeOf(role);
  const devices = `from devices where deleted_at is null and account_id in (${scope})`;
  const n = (where: string) => api.count(`select count(*)::int as n ${devices} and ${where}`);
  const active = await api.rows<{ gb: number | null; n: number }>(
    `select s.data_limit_gb as gb, count(distinct s.id)::int as n
       from subscriptions s join device_subscriptions ds on ds.subscription_id = s.id and ds.active
       join devices d on d.id = ds.device_id and d.deleted_at is null
      where s.account_id in (${scope}) and d.account_id in (${scope}) group by 1`,
  );
  const activeUsers = (staff: boolean) =>
    api.count(
      `select count(*)::int as n from users where last_active_at > now() - interval '30 days'
          and account_id in (${scope}) and (lower(email) like '%@aerie.example') = $1`,
      [staff],
    );
  return {
    satelliteOnlineDevices: await n('satellite_online'),
    cellularOnlineDevices: await n('cellular_online'),
    privateDevices: await n('private'),
    pausedDevices: await n('provisioned and not activated'),
    activeSubscriptions: active.reduce((sum, r) => sum + r.n, 0),
    activeSubscriptionsBreakdown: Object.fromEntries(
      active.map((r) => [r.gb === null ? 'Unknown' : dataPackageLabel(r.gb), r.n]),
    ),
    beamStats: await counts(
      `select beam as k, count(*)::int as n ${devices} and beam is not null group by 1`,
    ),
    softwareStats: await counts(
      `select software_current_version as k, count(*)::int as n ${devices}
          and software_current_version is not null group by 1`,
    ),
    monthlyActiveAerieUsers: await activeUsers(true),
    monthlyActiveNonAerieUsers: await activeUsers(false),
    totalAccounts: await api.count(
      `select count(*)::int as n from accounts where id in (${scope})`,
    ),
    accountsWithConfiguratorAccess: await api.count(
      `select count(*)::int as n from accounts where configurator_visible and id in (${scope})`,
    ),
  };
}

const ADMIN_TILES = [
  'pausedDevices',
  'monthlyActiveAerieUsers',
  'monthlyActiveNonAerieUsers',
  'totalAccounts',
  'accountsWithConfiguratorAccess',
] as const;

describe('last activity', () => {
  it('is recorded for every signed-in user making a call, without slowing the call', async () => {
    for (const role of roleKeys) {
      const res = await api.ctx.app.inject({
        method: 'GET',
        url: '/v2/accounts',
        headers: api.as(role),
      });
      expect(res.statusCode).toBe(200);
    }
    const emails = demoUsers.map((u) => u.email);
    await vi.waitFor(async () => {
      const recent = await api.count(
        `select count(*)::int as n from users
          where email = any($1) and last_active_at > now() - interval '1 minute'`,
        [emails],
      );
      expect(recent).toBe(emails.length);
    });
  });
});

describe('GET /v2/info/accessStats', () => {
  beforeAll(async () => {
    // Users active at different times, in and out of the Northwind tree, staff and not.
    await api.ctx.database.pool.query(
      `insert into users (account_id, role_id, email, first_name, last_name, last_active_at)
       select a.id, (select id from roles where key = 'credentialed'), u.email, 'Test', 'User',
              now() - u.ago::interval
         from (values ('Northwind Maritime', 'deck@northwind.example', '3 days'),
                      ('Northwind Maritime – Pacific Fleet', 'bridge@northwind.example', '29 days'),
                      ('Northwind Maritime', 'gone@northwind.example', '31 days'),
                      ('Terra Logistics', 'ops@terra.example', '1 day'),
                      ('Aerie', 'field.engineer@aerie.example', '2 days'),
                      ('Aerie', 'retired@aerie.example', '90 days')) u(account, email, ago)
         join accounts a on a.name = u.account`,
    );
    // Some of the fleet was removed: deleted devices never count.
    await api.ctx.database.pool.query(
      `update devices set deleted_at = now() where id in
         (select id from devices where satellite_online order by serial limit 3)`,
    );
  });

  it.each(roleKeys)('matches the database for %s', async (role) => {
    const expected = await groundTruth(role);
    const actual = await stats(role);
    const admin = role === 'superUser' || role === 'providerAdmin';
    for (const key of ADMIN_TILES) if (!admin) expected[key] = null as never;
    expect(actual).toEqual(expected);
  });

  it("limits an account's users to their accounts", async () => {
    const all = await stats('superUser');
    const northwind = await stats('accountAdmin');
    expect(northwind.satelliteOnlineDevices).toBeGreaterThan(0);
    expect(northwind.satelliteOnlineDevices).toBeLessThan(all.satelliteOnlineDevices);
    expect(northwind.activeSubscriptions).toBeLessThan(all.activeSubscriptions);
  });

  it('counts staff and other users active in the last 30 days, by email domain', async () => {
    const s = await stats('superUser');
    // Six demo users (four staff) signed in above, plus the recent test users.
    expect(s.monthlyActiveAerieUsers).toBe(4 + 1);
    expect(s.monthlyActiveNonAerieUsers).toBe(2 + 3);
  });

  it('reports the demo accounts with configurator access', async () => {
    const s = await stats('providerAdmin');
    expect(s.accountsWithConfiguratorAccess).toBeGreaterThanOrEqual(4);
    expect(s.accountsWithConfiguratorAccess).toBeLessThan(s.totalAccounts!);
  });

  it('names data packages by size with Unlimited for 9999', async () => {
    const s = await stats('superUser');
    expect(Object.keys(s.activeSubscriptionsBreakdown)).toContain('Unlimited');
    for (const key of Object.keys(s.activeSubscriptionsBreakdown))
      expect(key).toMatch(/^(\d+ GB|Unlimited|Unknown)$/);
    const sum = Object.values(s.activeSubscriptionsBreakdown).reduce((a, b) => a + b, 0);
    expect(sum).toBe(s.activeSubscriptions);
  });

  it('answers from memory for a minute, until the device cache is cleared', async () => {
    const before = await stats('credentialed');
    await api.ctx.database.pool.query(
      `update devices set private = not private where account_id in (${NORTHWIND_TREE})`,
    );
    expect((await stats('accountAdmin')).privateDevices).toBe(before.privateDevices);
    const cleared = await api.ctx.app.inject({
      method: 'POST',
      url: '/v2/admin/cache/device',
      headers: api.as('superUser'),
    });
    expect(cleared.statusCode).toBe(200);
    expect((await stats('credentialed')).privateDevices).toBe(
      (await groundTruth('credentialed')).privateDevices,
    );
    expect((await stats('credentialed')).privateDevices).not.toBe(before.privateDevices);
  });

  it('needs a token', async () => {
    const res = await api.ctx.app.inject({ method: 'GET', url: '/v2/info/accessStats' });
    expect(res.statusCode).toBe(401);
  });
});

describe('brand in the keys', () => {
  it('names the monthly active user figures after the configured brand', async () => {
    const branded = await createTestContext({ BRAND: 'Sky Works' });
    try {
      const { accessToken } = await signIn(branded.app, demoUsers[0]!.email);
      const res = await branded.app.inject({
        method: 'GET',
        url: '/v2/info/accessStats',
        headers: bearer(accessToken),
      });
      expect(res.statusCode).toBe(200);
      const body = createAccessStatsSchema('Sky Works').parse(res.json());
      expect(body).toHaveProperty('monthlyActiveSkyWorksUsers');
      expect(body).toHaveProperty('monthlyActiveNonSkyWorksUsers');
      expect(body).not.toHaveProperty('monthlyActiveAerieUsers');
    } finally {
      await branded.close();
    }
  });
});
