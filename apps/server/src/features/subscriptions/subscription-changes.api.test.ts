import { beforeAll, describe, expect, it } from 'vitest';
import {
  subscriptionChangeListSchema,
  subscriptionChangeMessages as m,
  subscriptionSchema,
  type RoleKey,
  type Subscription,
} from '@aerie/contract';
import { MISSING_ID, NORTHWIND_TREE } from '../../test/fleet-fixtures.js';
import { useApiContext } from '../../test/test-app.js';
import { SUBSCRIPTIONS_FLEET } from './subscriptions.test-setup.js';

const api = useApiContext({ fleet: SUBSCRIPTIONS_FLEET });

const RECIPIENT = 'ops@terra.example';
/** A user of the account that holds the Northwind subscription of these tests. */
const SAME_ACCOUNT = 'crew@northwind.example';

/** A current, well-formed subscription of (or outside) Northwind with a terminal on it. */
async function current(inside: boolean, skip = 0): Promise<string> {
  const [row] = await api.rows<{ id: string }>(
    `select s.id from subscriptions s
      where s.account_id ${inside ? 'in' : 'not in'} (${NORTHWIND_TREE})
        and s.start_date <= now() and s.end_date > now() + interval '30 days'
        and s.data_limit_gb is not null and s.pending_transfer_email is null
        and exists (select 1 from device_subscriptions ds where ds.subscription_id = s.id and ds.active)
      order by s.id offset ${skip} limit 1`,
  );
  if (!row) throw new Error('no such subscription in the test fleet');
  return row.id;
}

async function send(
  role: RoleKey,
  method: 'PUT' | 'POST' | 'DELETE' | 'GET',
  url: string,
  body?: unknown,
) {
  return api.call(role, method, url, body === undefined ? {} : { body });
}

async function ok(role: RoleKey, method: 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) {
  const res = await send(role, method, url, body);
  expect(res.statusCode, res.body).toBe(
    method === 'POST' && url === '/v2.1/subscriptions' ? 201 : 200,
  );
  return subscriptionSchema.parse(res.json());
}

async function expectError(
  res: { statusCode: number; body: string },
  status: number,
  text: string,
  field?: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  const body = JSON.parse(res.body) as { message: string; field?: string };
  expect(body.message).toContain(text);
  if (field) expect(body.field).toBe(field);
}

let northwind: string;
let outside: string;

beforeAll(async () => {
  northwind = await current(true);
  outside = await current(false);
  await api.rows(
    `insert into users (account_id, role_id, email, first_name, last_name)
     select a.id, r.id, $1, 'Olu', 'Terra' from accounts a, roles r
      where a.name = 'Terra Logistics' and r.key = 'accountAdmin'`,
    [RECIPIENT],
  );
  await api.rows(
    `insert into users (account_id, role_id, email, first_name, last_name)
     select s.account_id, r.id, $1, 'Crew', 'Member' from subscriptions s, roles r
      where s.id = $2 and r.key = 'credentialed'`,
    [SAME_ACCOUNT, northwind],
  );
});

describe('PUT /v2.1/subscriptions/{id}/edit', () => {
  it('lets staff change the terms, recorded with who and when', async () => {
    const s = await ok('salesSupport', 'PUT', `/v2.1/subscriptions/${outside}/edit`, {
      dataLimitInGb: 250,
      nmsId: 'NMS-EDITED-1',
      networkIdentifiers: ['Dialog', 'Evolution'],
    });
    expect(s.dataLimitInGb).toBe(250);
    const [row] = await api.rows<{ nms_id: string; network_identifiers: string[] }>(
      'select nms_id, network_identifiers from subscriptions where id = $1',
      [outside],
    );
    expect(row).toEqual({ nms_id: 'NMS-EDITED-1', network_identifiers: ['Dialog', 'Evolution'] });
    const changes = subscriptionChangeListSchema.parse(
      (await send('superUser', 'GET', `/v2.1/subscriptions/${outside}/changes`)).json(),
    );
    const last = changes.items[0]!;
    expect(last.action).toBe('edit');
    expect(last.actorName).toBe('Priya Natarajan');
    expect(Date.now() - Date.parse(last.at)).toBeLessThan(60_000);
    const changed = new Map(last.changes.map((c) => [c.field, c]));
    expect(changed.get('dataLimitInGb')?.to).toBe('250');
    expect(changed.get('dataLimitInGb')?.from).not.toBe('250');
    expect(changed.get('networkIdentifiers')?.to).toBe('Dialog, Evolution');
    expect(changed.get('nmsId')).toMatchObject({ to: 'NMS-EDITED-1' });
  });

  it('lets an Account Admin rename its own subscription, but not change its terms', async () => {
    const s = await ok('accountAdmin', 'PUT', `/v2.1/subscriptions/${northwind}/edit`, {
      description: '  Bridge link – Atlantic  ',
    });
    expect(s.description).toBe('Bridge link – Atlantic');
    const refused = await send('accountAdmin', 'PUT', `/v2.1/subscriptions/${northwind}/edit`, {
      description: 'x',
      dataLimitInGb: 9999,
      endDate: '2030-01-01T00:00:00Z',
    });
    await expectError(refused, 403, m.fieldsNotYours(['dataLimitInGb', 'endDate']));
    expect(
      await api.scalar('select description from subscriptions where id = $1', [northwind]),
    ).toBe('Bridge link – Atlantic');
  });

  it("answers 404 for another account's subscription or none, 403 for roles that may not edit", async () => {
    for (const role of ['accountAdmin', 'credentialed'] as const) {
      const res = await send(role, 'PUT', `/v2.1/subscriptions/${outside}/edit`, {
        description: 'Mine now',
      });
      expect(res.statusCode, role).toBe(404);
    }
    expect(
      (
        await send('superUser', 'PUT', `/v2.1/subscriptions/${MISSING_ID}/edit`, {
          description: 'x',
        })
      ).statusCode,
    ).toBe(404);
    for (const role of ['productSupport', 'credentialed'] as const) {
      const res = await send(role, 'PUT', `/v2.1/subscriptions/${northwind}/edit`, {
        description: 'x',
      });
      expect(res.statusCode, role).toBe(403);
    }
  });

  it.each([
    [{ description: 'a\u0000b' }, 400, 'NUL', 'description'],
    [{ description: 'x'.repeat(201) }, 400, 'at most 200 characters', 'description'],
    [{ description: '   ' }, 400, 'Description is required.', 'description'],
    [{ dataLimitInGb: 0 }, 400, m.dataLimit, 'dataLimitInGb'],
    [{ dataLimitInGb: 2.5 }, 400, m.dataLimit, 'dataLimitInGb'],
    [{ price: 10 }, 400, 'price', undefined],
    [{}, 400, m.nothingToChange, undefined],
    [{ endDate: '2001-01-01T00:00:00Z' }, 400, m.endBeforeStart, 'endDate'],
    [
      { startDate: '2030-01-02T00:00:00Z', endDate: '2030-01-01T00:00:00Z' },
      400,
      m.endBeforeStart,
      'endDate',
    ],
    [{ startDate: 'tomorrow' }, 400, 'ISO 8601', 'startDate'],
    [
      { networkIdentifiers: Array.from({ length: 11 }, (_, i) => `N${i}`) },
      400,
      'At most 10 networks',
      'networkIdentifiers',
    ],
  ])('refuses %j with %i naming the field', async (body, status, text, field) => {
    const before = await api.rows('select * from subscriptions where id = $1', [outside]);
    await expectError(
      await send('superUser', 'PUT', `/v2.1/subscriptions/${outside}/edit`, body),
      status,
      text,
      field,
    );
    expect(await api.rows('select * from subscriptions where id = $1', [outside])).toEqual(before);
  });
});

describe('POST /v2.1/subscriptions, PUT (cancel) and DELETE', () => {
  let created: Subscription;

  it('creates a subscription of a product for an account, with the product’s name and limit', async () => {
    const [product] = await api.rows<{
      code: string;
      name: string;
      limit: number;
      sat: boolean;
      cell: boolean;
    }>(
      `select product_code as code, name, data_limit_gb as limit, has_satellite as sat, has_cellular as cell
         from subscription_products order by product_code limit 1`,
    );
    const accountId = await api.scalar<string>(
      `select id from accounts where name = 'Terra Logistics'`,
    );
    const res = await send('salesSupport', 'POST', '/v2.1/subscriptions', {
      accountId,
      productCode: product!.code,
      startDate: '2026-01-01T00:00:00Z',
      endDate: '2027-01-01T00:00:00Z',
      networkIdentifiers: ['Dialog'],
      nmsId: 'NMS-NEW-1',
    });
    expect(res.statusCode, res.body).toBe(201);
    created = subscriptionSchema.parse(res.json());
    expect(created).toMatchObject({
      accountId,
      accountName: 'Terra Logistics',
      productCode: product!.code,
      description: product!.name,
      dataLimitInGb: product!.limit,
      hasSatellite: product!.sat,
      hasCellular: product!.cell,
      deviceCount: 0,
      malformed: false,
    });
  });

  it('refuses an unknown product, a bad account and roles that do not manage subscriptions', async () => {
    const accountId = await api.scalar<string>(
      `select id from accounts where name = 'Terra Logistics'`,
    );
    const body = {
      accountId,
      productCode: 'NO-SUCH',
      startDate: '2026-01-01T00:00:00Z',
      endDate: '2027-01-01T00:00:00Z',
    };
    await expectError(
      await send('superUser', 'POST', '/v2.1/subscriptions', body),
      400,
      m.unknownProduct,
      'productCode',
    );
    const [product] = await api.rows<{ code: string }>(
      'select product_code as code from subscription_products limit 1',
    );
    await expectError(
      await send('superUser', 'POST', '/v2.1/subscriptions', {
        ...body,
        productCode: product!.code,
        accountId: MISSING_ID,
      }),
      404,
      'Account not found.',
    );
    await expectError(
      await send('superUser', 'POST', '/v2.1/subscriptions', { ...body, endDate: body.startDate }),
      400,
      m.endBeforeStart,
      'endDate',
    );
    for (const role of ['accountAdmin', 'productSupport', 'credentialed'] as const)
      expect((await send(role, 'POST', '/v2.1/subscriptions', body)).statusCode, role).toBe(403);
  });

  it('deletes only a subscription that never had terminals or usage', async () => {
    await expectError(
      await send('providerAdmin', 'DELETE', `/v2.1/subscriptions/${outside}`),
      409,
      m.notDeletable,
    );
    expect(
      (await send('accountAdmin', 'DELETE', `/v2.1/subscriptions/${created.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await send('providerAdmin', 'DELETE', `/v2.1/subscriptions/${created.id}`)).statusCode,
    ).toBe(204);
    expect((await send('superUser', 'GET', `/v3/subscriptions/${created.id}`)).statusCode).toBe(
      404,
    );
  });

  it("counts a new and a deleted subscription in the list's count at once", async () => {
    const accountId = await api.scalar<string>(
      `select id from accounts where name = 'Terra Logistics'`,
    );
    const [product] = await api.rows<{ code: string }>(
      'select product_code as code from subscription_products order by product_code limit 1',
    );
    const count = async (query: Record<string, string>) => {
      const res = await api.call('superUser', 'GET', '/v3/subscriptions', { query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ count: number }>().count;
    };
    const listed = async () => [
      await count({}),
      await count({ filters: `AccountId:${accountId}`, take: '1' }),
    ];
    // Counted now, so the counts are in the cache before each change.
    const [all, terra] = await listed();
    const added = await ok('superUser', 'POST', '/v2.1/subscriptions', {
      accountId,
      productCode: product!.code,
      startDate: '2026-01-01T00:00:00Z',
      endDate: '2027-01-01T00:00:00Z',
    });
    expect(await listed()).toEqual([all! + 1, terra! + 1]);
    expect((await send('superUser', 'DELETE', `/v2.1/subscriptions/${added.id}`)).statusCode).toBe(
      204,
    );
    expect(await listed()).toEqual([all, terra]);
  });

  it('cancels now: the subscription ends and its terminals leave it; a second cancel is a 409', async () => {
    const id = await current(false, 1);
    expect(
      (
        await send('accountAdmin', 'PUT', `/v2.1/subscriptions/${northwind}`, {
          status: 'Cancelled',
        })
      ).statusCode,
    ).toBe(403);
    await expectError(
      await send('superUser', 'PUT', `/v2.1/subscriptions/${id}`, { status: 'Paused' }),
      400,
      "status must be 'Cancelled'.",
      'status',
    );
    const s = await ok('superUser', 'PUT', `/v2.1/subscriptions/${id}`, { status: 'Cancelled' });
    expect(s.active).toBe(false);
    expect(Date.parse(s.endDate)).toBeLessThanOrEqual(Date.now());
    expect(
      await api.count(
        'select count(*)::int as n from device_subscriptions where subscription_id = $1 and active',
        [id],
      ),
    ).toBe(0);
    await expectError(
      await send('superUser', 'PUT', `/v2.1/subscriptions/${id}`, { status: 'Cancelled' }),
      409,
      m.alreadyEnded,
    );
  });
});

describe('transfers', () => {
  it('offers a subscription to another account’s user, who is told in the portal and by mail; cancels it', async () => {
    const s = await ok('accountAdmin', 'PUT', `/v2.1/subscriptions/${northwind}/transfer`, {
      email: ' OPS@terra.example ',
    });
    expect(s.pendingTransferEmail).toBe(RECIPIENT);
    const notes = await api.rows<{ label: string }>(
      `select n.label from notifications n join users u on u.id = n.user_id where u.email = $1`,
      [RECIPIENT],
    );
    expect(notes.map((n) => n.label).join()).toContain('is transferring the subscription');
    const mail = await api.rows<{ to: string[]; subject: string }>(
      `select to_addresses as to, subject from mail_messages where kind = 'subscription-transfer'`,
    );
    expect(mail).toEqual([
      { to: [RECIPIENT], subject: 'Aerie: a subscription is being transferred to you' },
    ]);
    // One at a time.
    await expectError(
      await send('accountAdmin', 'PUT', `/v2.1/subscriptions/${northwind}/transfer`, {
        email: RECIPIENT,
      }),
      409,
      m.transferPending,
    );
    const cleared = await ok('accountAdmin', 'DELETE', `/v2.1/subscriptions/${northwind}/transfer`);
    expect(cleared.pendingTransferEmail).toBeNull();
    await expectError(
      await send('accountAdmin', 'DELETE', `/v2.1/subscriptions/${northwind}/transfer`),
      409,
      m.noTransfer,
    );
  });

  it.each([
    [{ email: 'nobody@nowhere.example' }, m.unknownRecipient],
    [{ email: SAME_ACCOUNT }, m.sameAccount],
    [{ email: 'not-an-email' }, m.email],
    [{ email: `${'a'.repeat(250)}@x.io` }, 'at most 254'],
    [{ email: 'a\u0000@x.io' }, 'NUL'],
  ])('refuses a transfer to %j', async (body, text) => {
    await expectError(
      await send('accountAdmin', 'PUT', `/v2.1/subscriptions/${northwind}/transfer`, body),
      400,
      text,
      'email',
    );
    expect(
      await api.scalar('select pending_transfer_email from subscriptions where id = $1', [
        northwind,
      ]),
    ).toBeNull();
  });

  it("answers 404 for another account's subscription", async () => {
    expect(
      (
        await send('accountAdmin', 'PUT', `/v2.1/subscriptions/${outside}/transfer`, {
          email: RECIPIENT,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await send('accountAdmin', 'DELETE', `/v2.1/subscriptions/${outside}/transfer`)).statusCode,
    ).toBe(404);
    expect(
      (await send('accountAdmin', 'POST', `/v2.1/subscriptions/${outside}/transfer/accept`))
        .statusCode,
    ).toBe(404);
  });

  it('staff complete a transfer: the subscription and its terminals move to the recipient’s account', async () => {
    const id = await current(true, 1);
    await ok('accountAdmin', 'PUT', `/v2.1/subscriptions/${id}/transfer`, { email: RECIPIENT });
    expect(
      (await send('accountAdmin', 'POST', `/v2.1/subscriptions/${id}/transfer/accept`)).statusCode,
    ).toBe(403);
    const devices = await api.rows<{ id: string }>(
      'select device_id as id from device_subscriptions where subscription_id = $1 and active',
      [id],
    );
    const count = async () => {
      const res = await send('accountAdmin', 'GET', '/v3/subscriptions');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ count: number }>().count;
    };
    const before = await count();
    const s = await ok('superUser', 'POST', `/v2.1/subscriptions/${id}/transfer/accept`);
    expect(s.accountName).toBe('Terra Logistics');
    // Northwind's list counts one fewer at once.
    expect(await count()).toBe(before - 1);
    expect(s.pendingTransferEmail).toBeNull();
    const owners = await api.rows<{ name: string }>(
      'select distinct a.name from devices d join accounts a on a.id = d.account_id where d.id = any($1::uuid[])',
      [devices.map((d) => d.id)],
    );
    expect(owners).toEqual([{ name: 'Terra Logistics' }]);
    // Northwind no longer sees it.
    expect((await send('accountAdmin', 'GET', `/v3/subscriptions/${id}`)).statusCode).toBe(404);
    await expectError(
      await send('superUser', 'POST', `/v2.1/subscriptions/${id}/transfer/accept`),
      409,
      m.noTransfer,
    );
  });
});

describe('PUT /v2.1/subscriptions/{id}/pool', () => {
  async function northwindDevices(n: number, accountOf: string): Promise<string[]> {
    const rows = await api.rows<{ id: string }>(
      `select d.id from devices d join subscriptions s on s.account_id = d.account_id
        where s.id = $1 and d.deleted_at is null order by d.id limit ${n}`,
      [accountOf],
    );
    return rows.map((r) => r.id);
  }

  it('sets the terminals that share the subscription; they leave the one they were on', async () => {
    const ids = await northwindDevices(3, northwind);
    await ok('accountAdmin', 'PUT', `/v2.1/subscriptions/${northwind}/pool`, { remotes: ids });
    const active = await api.rows<{ device_id: string; subscription_id: string }>(
      'select device_id, subscription_id from device_subscriptions where device_id = any($1::uuid[]) and active',
      [ids],
    );
    expect(active).toHaveLength(3);
    for (const a of active) expect(a.subscription_id).toBe(northwind);
    await ok('accountAdmin', 'PUT', `/v2.1/subscriptions/${northwind}/pool`, {
      remotes: ids.slice(0, 1),
    });
    expect(
      await api.count(
        'select count(*)::int as n from device_subscriptions where subscription_id = $1 and active',
        [northwind],
      ),
    ).toBe(1);
    const changes = subscriptionChangeListSchema.parse(
      (await send('accountAdmin', 'GET', `/v2.1/subscriptions/${northwind}/changes`)).json(),
    );
    expect(changes.items[0]).toMatchObject({ action: 'pool', actorName: 'Hannah Keller' });
    expect(changes.items[0]!.changes.filter((c) => c.to === null)).toHaveLength(2);
  });

  it('two pools set at once apply one after the other', async () => {
    const ids = await northwindDevices(4, northwind);
    const [a, b] = await Promise.all([
      send('accountAdmin', 'PUT', `/v2.1/subscriptions/${northwind}/pool`, {
        remotes: ids.slice(0, 2),
      }),
      send('accountAdmin', 'PUT', `/v2.1/subscriptions/${northwind}/pool`, {
        remotes: ids.slice(2, 4),
      }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const onIt = await api.rows<{ device_id: string }>(
      'select device_id from device_subscriptions where subscription_id = $1 and active order by device_id',
      [northwind],
    );
    const final = onIt.map((r) => r.device_id);
    expect([ids.slice(0, 2).sort(), ids.slice(2, 4).sort()]).toContainEqual(final);
  });

  it('refuses more than 10 terminals, duplicates, unknown ones and another account’s', async () => {
    const eleven = Array.from(
      { length: 11 },
      (_, i) => `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
    );
    await expectError(
      await send('accountAdmin', 'PUT', `/v2.1/subscriptions/${northwind}/pool`, {
        remotes: eleven,
      }),
      400,
      m.poolTooLarge,
      'remotes',
    );
    const [one] = await northwindDevices(1, northwind);
    await expectError(
      await send('accountAdmin', 'PUT', `/v2.1/subscriptions/${northwind}/pool`, {
        remotes: [one, one!.toUpperCase()],
      }),
      400,
      m.poolDuplicate,
      'remotes',
    );
    const [foreign] = await northwindDevices(1, outside);
    // The Account Admin does not see it: as unknown as a made-up id.
    await expectError(
      await send('accountAdmin', 'PUT', `/v2.1/subscriptions/${northwind}/pool`, {
        remotes: [foreign],
      }),
      400,
      m.poolUnknownDevice(foreign!),
      'remotes',
    );
    await expectError(
      await send('superUser', 'PUT', `/v2.1/subscriptions/${northwind}/pool`, {
        remotes: [foreign],
      }),
      400,
      'belongs to another account',
      'remotes',
    );
    expect(
      (await send('accountAdmin', 'PUT', `/v2.1/subscriptions/${outside}/pool`, { remotes: [] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await send('credentialed', 'PUT', `/v2.1/subscriptions/${northwind}/pool`, { remotes: [] }))
        .statusCode,
    ).toBe(403);
  });
});

describe('GET /v2.1/subscriptions/{id}/changes', () => {
  it("answers 404 for another account's subscription and pages newest first", async () => {
    expect(
      (await send('accountAdmin', 'GET', `/v2.1/subscriptions/${outside}/changes`)).statusCode,
    ).toBe(404);
    const all = subscriptionChangeListSchema.parse(
      (await send('superUser', 'GET', `/v2.1/subscriptions/${northwind}/changes`)).json(),
    );
    expect(all.count).toBeGreaterThan(1);
    const times = all.items.map((c) => Date.parse(c.at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const page = await api.call('superUser', 'GET', `/v2.1/subscriptions/${northwind}/changes`, {
      query: { take: '1', skip: '1' },
    });
    expect(subscriptionChangeListSchema.parse(page.json()).items[0]?.id).toBe(all.items[1]?.id);
  });
});
