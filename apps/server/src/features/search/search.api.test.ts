import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchResultsSchema, type RoleKey, type SearchResults } from '@aerie/contract';
import { accountId, NORTHWIND_TREE, STAFF_ROLES } from '../../test/fleet-fixtures.js';
import { useApiContext } from '../../test/test-app.js';

// 150 devices with their subscriptions over 10 accounts.
const api = useApiContext({ fleet: { seed: 11, deviceCount: 150, accountCount: 10 } });

async function search(role: RoleKey, searchTerm: string, take?: number): Promise<SearchResults> {
  const query: Record<string, string> = { searchTerm };
  if (take !== undefined) query.take = String(take);
  const res = await api.call(role, 'GET', '/v2/search', { query });
  expect(res.statusCode, res.body).toBe(200);
  return searchResultsSchema.parse(res.json());
}
const deviceIds = (r: SearchResults) => r.devices.map((d) => d.id);

interface DeviceFacts {
  id: string;
  name: string;
  serial: string;
  componentType: string;
  componentSerial: string;
}

/** A device of the account tree `tree` (SQL of account ids) with a serial and a component. */
async function deviceIn(tree: string, inside: boolean): Promise<DeviceFacts> {
  const [row] = await api.rows<DeviceFacts & Record<string, unknown>>(
    `select d.id, d.name, d.serial, c.type as "componentType", c.serial as "componentSerial"
       from devices d join device_components c on c.device_id = d.id
      where d.account_id ${inside ? 'in' : 'not in'} (${tree}) and d.serial is not null
        and d.deleted_at is null and c.type = 'HybridImei'
        and (select count(*) from devices o where lower(o.name) = lower(d.name)) = 1
      order by d.id limit 1`,
  );
  expect(row, `a device ${inside ? 'inside' : 'outside'} the tree`).toBeDefined();
  return row!;
}

let northwind: DeviceFacts;
let foreign: DeviceFacts;
let foreignSubscription: { id: string; number: string; description: string };

beforeAll(async () => {
  northwind = await deviceIn(NORTHWIND_TREE, true);
  foreign = await deviceIn(NORTHWIND_TREE, false);
  const [s] = await api.rows<{ id: string; number: string; description: string }>(
    `select id, subscription_number as number, description from subscriptions
      where account_id not in (${NORTHWIND_TREE}) and subscription_number is not null
      order by id limit 1`,
  );
  foreignSubscription = s!;
});

describe('GET /v2/search: what matches', () => {
  it('finds a device by its exact name first', async () => {
    const r = await search('superUser', northwind.name);
    expect(r.devices[0]).toEqual({
      type: 'device',
      id: northwind.id,
      name: northwind.name,
      match: null,
    });
  });

  it("finds a device by its serial and by a component's serial (an IMEI), and says what matched", async () => {
    const bySerial = await search('superUser', northwind.serial.toLowerCase());
    expect(bySerial.devices[0]).toMatchObject({
      id: northwind.id,
      match: { field: 'serial', componentType: null, value: northwind.serial },
    });
    const byImei = await search('superUser', northwind.componentSerial);
    expect(byImei.devices[0]).toMatchObject({
      id: northwind.id,
      type: 'device',
      match: { field: 'component', componentType: 'HybridImei', value: northwind.componentSerial },
    });
  });

  it("finds a device's remote by the remote's id (the device's id on the hub)", async () => {
    const r = await search('superUser', northwind.id.toUpperCase());
    expect(r.devices).toEqual([
      {
        type: 'remote',
        id: northwind.id,
        name: northwind.name,
        match: { field: 'remoteId', componentType: null, value: northwind.id },
      },
    ]);
  });

  it('finds subscriptions by number and by name, the exact number first', async () => {
    const byNumber = await search('superUser', foreignSubscription.number);
    expect(byNumber.subscriptions[0]).toEqual({
      id: foreignSubscription.id,
      name: foreignSubscription.description,
      subscriptionNumber: foreignSubscription.number,
    });
    const word = foreignSubscription.description.split(' ').find((w) => w.length >= 3)!;
    const byName = await search('superUser', word, 50);
    expect(byName.subscriptions.length).toBeGreaterThan(0);
    for (const s of byName.subscriptions) {
      expect(`${s.name} ${s.subscriptionNumber}`.toLowerCase()).toContain(word.toLowerCase());
    }
  });

  it('answers at most `take` per group, 10 by default, contains-matches in natural order', async () => {
    const r = await search('superUser', 'the');
    expect(r.devices.length).toBeLessThanOrEqual(10);
    // The serial's first 3 characters: a name's may end in a space, which the term trims away.
    const three = await search('productSupport', northwind.serial.slice(0, 3), 3);
    expect(three.devices.length).toBeLessThanOrEqual(3);
  });
});

describe('GET /v2/search: who sees what', () => {
  it('shows staff every account', async () => {
    for (const role of STAFF_ROLES) {
      expect(deviceIds(await search(role, foreign.name)), role).toContain(foreign.id);
    }
  });

  it("never shows an account user another account's device, by name, serial, IMEI or remote id", async () => {
    for (const role of ['accountAdmin', 'credentialed'] as const) {
      for (const term of [foreign.name, foreign.serial, foreign.componentSerial, foreign.id]) {
        expect(deviceIds(await search(role, term)), `${role} ${term}`).not.toContain(foreign.id);
      }
      expect(deviceIds(await search(role, northwind.serial)), role).toEqual([northwind.id]);
    }
    const inTree = await api.rows<{ id: string }>(`${NORTHWIND_TREE}`);
    const allowed = new Set(inTree.map((a) => a.id));
    const broad = await search('accountAdmin', 'ser', 50);
    const owners = await api.rows<{ account_id: string }>(
      'select account_id from devices where id = any($1::uuid[])',
      [deviceIds(broad)],
    );
    for (const o of owners) expect(allowed.has(o.account_id)).toBe(true);
  });

  it("never shows an Account Admin another account's subscription; a Credentialed user none", async () => {
    const admin = await search('accountAdmin', foreignSubscription.number);
    expect(admin.subscriptions.map((s) => s.id)).not.toContain(foreignSubscription.id);
    const [own] = await api.rows<{ number: string }>(
      `select subscription_number as number from subscriptions
        where account_id in (${NORTHWIND_TREE}) and subscription_number is not null limit 1`,
    );
    expect((await search('accountAdmin', own!.number)).subscriptions.length).toBeGreaterThan(0);
    expect((await search('credentialed', own!.number)).subscriptions).toEqual([]);
  });
});

describe('GET /v2/search: bad input', () => {
  it.each([
    [{ searchTerm: 'ab' }, 'searchTerm', 'at least 3 characters'],
    [{ searchTerm: '   ab  ' }, 'searchTerm', 'at least 3 characters'],
    [{ searchTerm: 'x'.repeat(101) }, 'searchTerm', 'at most 100 characters'],
    [{ searchTerm: 'abc\u0000' }, 'searchTerm', 'NUL'],
    [{ searchTerm: 'abc', take: '0' }, 'take', ''],
    [{ searchTerm: 'abc', take: '51' }, 'take', ''],
    [{ searchTerm: 'abc', take: 'ten' }, 'take', ''],
    [{}, 'searchTerm', ''],
  ])('refuses %j with a 400 naming %s', async (query, field, words) => {
    const res = await api.call('superUser', 'GET', '/v2/search', { query });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(field);
    expect(res.body).toContain(words);
  });

  it('refuses a caller without a token (401)', async () => {
    const res = await api.call(null, 'GET', '/v2/search', { query: { searchTerm: 'abc' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /v2/search: terms match literally', () => {
  const specials = [
    'Quokka 50%_off',
    'Quokka 50x_off',
    'Quokka 50%aoff',
    'Quokka back\\slash',
    "Quokka O'Brien",
    'Quokka "quoted"',
    'Quokka 100% sure',
  ];
  const ids = new Map<string, string>();

  beforeAll(async () => {
    const account = await accountId(api, 'Northwind Maritime');
    for (const name of specials) {
      const [row] = await api.rows<{ id: string }>(
        'insert into devices (account_id, name) values ($1, $2) returning id',
        [account, name],
      );
      ids.set(row!.id, name);
    }
  });

  it('finds exactly the devices whose name contains the term, wildcards and quotes included', async () => {
    const alphabet = ['%', '_', '\\', "'", '"', 'x', 'a', '5', '0', ' ', 'o', 'f'];
    const termOf = fc
      .oneof(
        // A piece of a special name holding a character LIKE would treat as a wildcard.
        fc
          .tuple(fc.constantFrom(...specials), fc.nat(), fc.integer({ min: 3, max: 8 }))
          .map(([name, start, length]) => {
            const from = start % Math.max(1, name.length - length + 1);
            return name.slice(from, from + length);
          }),
        fc
          .array(fc.constantFrom(...alphabet), { minLength: 3, maxLength: 6 })
          .map((chars) => chars.join('')),
      )
      .filter((term) => /[%_\\'"]/.test(term) && term.trim().length >= 3 && term.trim() === term);
    await fc.assert(
      fc.asyncProperty(termOf, async (term) => {
        const found = deviceIds(await search('superUser', term, 50)).filter((id) => ids.has(id));
        const expected = [...ids]
          .filter(([, name]) => name.toLowerCase().includes(term.toLowerCase()))
          .map(([id]) => id);
        expect(new Set(found), term).toEqual(new Set(expected));
      }),
      { numRuns: 60 },
    );
  });
});

describe('GET /v2/search: answers kept for a few seconds (the search cache)', () => {
  it('answers a term again from the cache, and anew after a rename or a cache clear', async () => {
    const account = await accountId(api, 'Northwind Maritime');
    const [row] = await api.rows<{ id: string }>(
      `insert into devices (account_id, name) values ($1, 'Quillwort Alpha') returning id`,
      [account],
    );
    const id = row!.id;
    const names = async () =>
      (await search('accountAdmin', 'Quillwort')).devices.map((d) => d.name);
    expect(await names()).toEqual(['Quillwort Alpha']);
    // A change the portal did not make shows after the search cache is cleared (or within 10 s).
    await api.rows(`update devices set name = 'Quillwort Beta' where id = $1`, [id]);
    expect(await names()).toEqual(['Quillwort Alpha']);
    const cleared = await api.call('superUser', 'POST', '/v2/admin/cache/search');
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await names()).toEqual(['Quillwort Beta']);
    // A rename through the portal shows at once.
    const renamed = await api.call('accountAdmin', 'PUT', `/v2/devices/${id}`, {
      body: { name: 'Quillwort Gamma' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await names()).toEqual(['Quillwort Gamma']);
    // Another scope's answer for the same term is its own.
    expect((await search('credentialed', 'Quillwort')).devices.map((d) => d.id)).toEqual([id]);
    const other = await api.rows<{ id: string }>(
      `select id from accounts where id not in (${NORTHWIND_TREE}) and kind = 'customer' limit 1`,
    );
    await api.rows(`update devices set account_id = $1 where id = $2`, [other[0]!.id, id]);
    await api.call('superUser', 'POST', '/v2/admin/cache/search');
    expect((await search('accountAdmin', 'Quillwort')).devices).toEqual([]);
    expect((await search('superUser', 'Quillwort')).devices.map((d) => d.id)).toEqual([id]);
  });
});
