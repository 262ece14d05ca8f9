import { beforeAll, describe, expect, it } from 'vitest';
import { parseHubState, roleCan, roleKeys, type RoleKey } from '@aerie/contract';
import { importFleetIntoHubSimulator } from '../../simulators/hub/pg-hub-remote-store.js';
import { ACCOUNT_ROLES, MISSING_ID, sameFor, statusesOf } from '../../test/fleet-fixtures.js';
import { useApiContext } from '../../test/test-app.js';

const api = useApiContext({ fleet: { seed: 7 } });

beforeAll(async () => {
  expect(await importFleetIntoHubSimulator(api.ctx.database.pool)).toBeGreaterThan(0);
  // Importing again leaves the hub as it is.
  expect(await importFleetIntoHubSimulator(api.ctx.database.pool)).toBe(0);
});

const get = (role: RoleKey, id: string) =>
  api.ctx.app.inject({ method: 'GET', url: `/v2/devices/${id}/hubState`, headers: api.as(role) });
const one = (sql: string) => api.scalar<string>(sql);
const NORTHWIND = `select id from accounts where name like 'Northwind Maritime%'`;

describe('GET /v2/devices/{id}/hubState', () => {
  it('answers under the brand key with required against actual beams', async () => {
    const id = await one(
      `select d.id from devices d where d.provisioned and d.account_id in (${NORTHWIND})
        and exists (select 1 from device_beams b where b.device_id = d.id and b.is_actually_on)
        order by d.name limit 1`,
    );
    expect(id).not.toBeNull();
    const res = await get('credentialed', id!);
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json<object>())).toEqual(['aerieBeams', 'hybrid', 'cellular']);
    const state = parseHubState('Aerie', res.json());
    const { rows } = await api.ctx.database.pool.query<{
      network_id: string;
      is_required: boolean;
      is_actually_on: boolean;
      display_name: string;
    }>(
      `select b.network_id, b.is_required, b.is_actually_on, n.display_name
         from device_beams b join hub_networks n using (network_id) where device_id = $1`,
      [id],
    );
    const expected = rows
      .filter((r) => r.is_required || r.is_actually_on)
      .map((r) => ({
        networkId: r.network_id,
        isRequired: r.is_required,
        isActuallyOn: r.is_actually_on,
        displayName: r.display_name,
      }))
      .sort((a, b) => a.displayName.localeCompare(b.displayName));
    expect(
      state.beams.map(({ networkId, isRequired, isActuallyOn, displayName }) => ({
        networkId,
        isRequired,
        isActuallyOn,
        displayName,
      })),
    ).toEqual(expected);
    expect(state.beams.every((b) => !b.isActuallyOn || b.provisionedOn !== null)).toBe(true);
  });

  it('shows a device the hub does not know with nothing on the hub', async () => {
    const id = await one(`select id from devices where not provisioned order by name limit 1`);
    const state = parseHubState('Aerie', (await get('superUser', id!)).json());
    expect(state.beams.every((b) => !b.isActuallyOn)).toBe(true);
    expect(state.hybrid).toEqual({ provisioned: false, activated: false });
    expect(state.cellular).toEqual({ activated: false });
  });

  it('shows the out-of-sync beams the generator put on the hub', async () => {
    const id = await one(
      `select device_id as id from device_beams b join devices d on d.id = b.device_id
        where d.provisioned and b.is_required <> b.is_actually_on limit 1`,
    );
    expect(id).not.toBeNull();
    const state = parseHubState('Aerie', (await get('superUser', id!)).json());
    expect(state.beams.some((b) => b.isRequired !== b.isActuallyOn)).toBe(true);
  });

  it('answers 404 for a device outside the caller accounts', async () => {
    const id = await one(`select id from devices where account_id not in (${NORTHWIND}) limit 1`);
    const res = await get('accountAdmin', id!);
    expect(res.statusCode).toBe(404);
    expect((await get('accountAdmin', 'not-a-uuid')).statusCode).toBe(400);
  });
});

describe('hub state: 404 outside the caller’s accounts (issue 12)', () => {
  it('answers 404 to every role for a device it does not see; every role may read one it sees', async () => {
    const other = await one(
      `select id from devices where account_id not in (${NORTHWIND}) order by id limit 1`,
    );
    const state = (id: string) => ({ method: 'GET' as const, url: `/v2/devices/${id}/hubState` });
    expect(await statusesOf(api, roleKeys, state(MISSING_ID))).toEqual(sameFor(roleKeys, 404));
    expect(await statusesOf(api, ACCOUNT_ROLES, state(other!))).toEqual(
      sameFor(ACCOUNT_ROLES, 404),
    );
    // No role lacks devices.view, so no 403 here.
    expect(roleKeys.filter((r) => !roleCan(r, 'devices.view'))).toEqual([]);
  });
});
