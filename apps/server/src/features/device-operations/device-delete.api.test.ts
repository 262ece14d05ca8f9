import { beforeAll, describe, expect, it, vi } from 'vitest';
import { deviceListSchema, roleKeys, type RoleKey } from '@aerie/contract';
import { demoEmail, useApiContext } from '../../test/test-app.js';
import { MISSING_ID, NORTHWIND_TREE } from '../../test/fleet-fixtures.js';
import { importFleetIntoHubSimulator } from '../../simulators/hub/pg-hub-remote-store.js';
import { DEVICE_OPERATION_MESSAGES as M } from './device-operations.messages.js';

const api = useApiContext({ fleet: { seed: 27 }, env: { HUB_SIMULATOR_DELAY_MS: '50' } });
let northwind: string[];
let other: string;

beforeAll(async () => {
  await importFleetIntoHubSimulator(api.ctx.database.pool);
  const { rows } = await api.ctx.database.pool.query<{ id: string }>(
    `select id from devices where account_id in (${NORTHWIND_TREE}) and provisioned order by id`,
  );
  northwind = rows.map((r) => r.id);
  other = (await api.scalar<string>(
    `select id from devices where account_id not in (${NORTHWIND_TREE}) order by id limit 1`,
  ))!;
});

const remove = (role: RoleKey | null, id: string) =>
  api.ctx.app.inject({
    method: 'DELETE',
    url: `/v2/devices/${id}`,
    headers: role ? api.as(role) : {},
  });
const get = (id: string) =>
  api.ctx.app.inject({ method: 'GET', url: `/v2/devices/${id}`, headers: api.as('superUser') });
const onHub = async (id: string) =>
  (await api.scalar<number>(
    'select count(*)::int from hub_simulator_remotes where remote_id = $1',
    [id],
  )) ?? 0;

describe('DELETE /v2/devices/{id}', () => {
  it('is refused to every role but Super User (403), outside accounts 404, without token 401', async () => {
    const id = northwind[0]!;
    for (const role of roleKeys.filter((r) => r !== 'superUser'))
      expect((await remove(role, id)).statusCode, role).toBe(403);
    expect((await remove('accountAdmin', other)).statusCode).toBe(404);
    expect((await remove(null, id)).statusCode).toBe(401);
    expect((await remove('superUser', 'x')).statusCode).toBe(400);
    expect((await remove('superUser', MISSING_ID)).statusCode).toBe(404);
    expect((await get(id)).statusCode).toBe(200);
  });

  it('soft-deletes the device, removes its remote from the hub, and hides it everywhere', async () => {
    const id = northwind[1]!;
    const list = async () =>
      deviceListSchema.parse(
        (
          await api.ctx.app.inject({
            method: 'GET',
            url: '/v2/devices?take=200&fields=Id',
            headers: api.as('superUser'),
          })
        ).json(),
      );
    const before = await list();
    expect(before.items.map((d) => d.id)).toContain(id);
    expect(await onHub(id)).toBe(1);

    const res = await remove('superUser', id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect((await get(id)).statusCode).toBe(404);
    const after = await list();
    expect(after.items.map((d) => d.id)).not.toContain(id);
    // The list's cached total is cleared with the device caches.
    expect(after.total).toBe(before.total - 1);
    const row = await api.ctx.database.pool.query<{ deleted_at: Date | null; email: string }>(
      'select d.deleted_at, u.email from devices d join users u on u.id = d.deleted_by where d.id = $1',
      [id],
    );
    expect(row.rows[0]?.email).toBe(demoEmail('superUser'));
    expect(row.rows[0]?.deleted_at).toBeInstanceOf(Date);
    for (let i = 0; i < 100 && (await onHub(id)) > 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await onHub(id)).toBe(0);

    expect((await remove('superUser', id)).statusCode).toBe(404);
    const cmd = await api.ctx.app.inject({
      method: 'POST',
      url: `/v2/devices/${id}/command/syncToHub`,
      headers: api.as('superUser'),
    });
    expect(cmd.statusCode).toBe(404);
  });

  it('keeps the device when the hub cannot remove it (502)', async () => {
    const id = northwind[2]!;
    const spy = vi
      .spyOn(api.ctx.app.services.hub, 'request')
      .mockRejectedValueOnce(new Error('hub down'));
    try {
      const res = await remove('superUser', id);
      expect(res.statusCode).toBe(502);
      expect(res.json<{ message: string }>().message).toBe(M.hubRemovalFailed);
      expect((await get(id)).statusCode).toBe(200);
    } finally {
      spy.mockRestore();
    }
  });
});
