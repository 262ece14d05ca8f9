import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  deviceCommandResultSchema,
  isFinalJobStatus,
  jobSchema,
  preSyncErrors,
  type Device,
  type Job,
  type RoleKey,
} from '@aerie/contract';
import { demoEmail, useApiContext } from '../../test/test-app.js';
import { fetchDevice } from '../../test/fleet-fixtures.js';
import { importFleetIntoHubSimulator } from '../../simulators/hub/pg-hub-remote-store.js';
import { DEVICE_OPERATION_MESSAGES as M } from './device-operations.messages.js';

const api = useApiContext({ fleet: { seed: 23 }, env: { HUB_SIMULATOR_DELAY_MS: '150' } });
let candidates: Device[];
/** Devices whose required beams are all on one NMS (the others partly fail on the hub). */
let oneNms: Set<string>;

beforeAll(async () => {
  await importFleetIntoHubSimulator(api.ctx.database.pool);
  const { rows } = await api.ctx.database.pool.query<{ id: string }>(
    'select id from devices where deleted_at is null order by id',
  );
  candidates = await Promise.all(rows.map((r) => device(r.id)));
  const single = await api.ctx.database.pool.query<{ device_id: string }>(
    `select b.device_id from device_beams b join hub_networks n using (network_id)
      where b.is_required group by b.device_id having count(distinct n.nms_type) = 1`,
  );
  oneNms = new Set(single.rows.map((r) => r.device_id));
});

const device = (id: string) => fetchDevice(api, id);

const taken = new Set<string>();
/** A device no other test of this file uses, for which `test` holds. */
function pick(test: (d: Device) => boolean): Device {
  const d = candidates.find((c) => !taken.has(c.id) && test(c));
  if (!d) throw new Error('no device fits');
  taken.add(d.id);
  return d;
}

function command(role: RoleKey, id: string, cmd: string) {
  return api.ctx.app.inject({
    method: 'POST',
    url: `/v2/devices/${id}/command/${cmd}`,
    headers: api.as(role),
  });
}

async function waitForJob(id: string): Promise<Job> {
  for (let i = 0; i < 200; i++) {
    const res = await api.ctx.app.inject({
      method: 'GET',
      url: `/v2/jobs/${id}`,
      headers: api.as('superUser'),
    });
    const job = jobSchema.parse(res.json());
    if (isFinalJobStatus(job.status)) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${id} did not end`);
}

async function notificationsOf(role: RoleKey, deviceId: string) {
  const { rows } = await api.ctx.database.pool.query<{
    name: string;
    type: string;
    label: string;
    entity_type: string;
  }>(
    `select n.name, n.type, n.label, n.entity_type from notifications n join users u on u.id = n.user_id
      where n.entity_id = $1 and u.email = $2 order by n.created_at`,
    [deviceId, demoEmail(role)],
  );
  return rows;
}

const syncable = (d: Device) => d.provisioned && preSyncErrors(d).length === 0 && oneNms.has(d.id);

describe('syncToHub', () => {
  it('queues a job (202), shows the sync in progress, ends it and notifies the user', async () => {
    const d = pick(syncable);
    const res = await command('productSupport', d.id, 'syncToHub');
    expect(res.statusCode, res.body).toBe(202);
    const { job } = deviceCommandResultSchema.parse(res.json());
    expect(job).toMatchObject({ kind: 'syncToHub', deviceId: d.id, accountId: d.accountId });
    expect(['Queued', 'Running']).toContain(job!.status);
    expect((await device(d.id)).syncInProgress).toBe(true);

    // No other hub command while it runs; the activated switch is refused with the reason.
    const other = await command('productSupport', d.id, d.activated ? 'deactivate' : 'activate');
    expect(other.statusCode).toBe(409);
    expect(other.json<{ message: string }>().message).toBe(M.hubOperationInProgress('syncToHub'));

    const done = await waitForJob(job!.id);
    expect(done.status).toBe('Success');
    expect(done.result).toMatchObject({ hubStatus: 'Success' });
    const after = await device(d.id);
    expect(after.syncInProgress).toBe(false);
    expect(after.provisioned).toBe(true);
    expect(after.activated).toBe(d.activated);
    // The hub state now holds every required beam.
    const beams = await api.ctx.database.pool.query<{
      is_required: boolean;
      is_actually_on: boolean;
    }>('select is_required, is_actually_on from device_beams where device_id = $1', [d.id]);
    expect(beams.rows.length).toBeGreaterThan(0);
    expect(beams.rows.every((b) => b.is_required && b.is_actually_on)).toBe(true);

    expect(await notificationsOf('productSupport', d.id)).toEqual([
      {
        name: 'SyncRemote',
        type: 'Success',
        label: `Sync with the hub succeeded for ${d.name}.`,
        entity_type: 'devices',
      },
    ]);
  });

  it('gives two users who synchronize at once one job', async () => {
    const d = pick(syncable);
    const [a, b] = await Promise.all([
      command('superUser', d.id, 'syncToHub'),
      command('providerAdmin', d.id, 'syncToHub'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    const jobA = deviceCommandResultSchema.parse(a.json()).job!;
    const jobB = deviceCommandResultSchema.parse(b.json()).job!;
    expect(jobB.id).toBe(jobA.id);
    expect(
      await api.scalar('select count(*)::int from jobs where device_id = $1 and kind = $2', [
        d.id,
        'syncToHub',
      ]),
    ).toBe(1);
    await waitForJob(jobA.id);
  });

  it('ends in Error with the hub’s reason when the hub cannot be reached', async () => {
    const d = pick(syncable);
    const spy = vi
      .spyOn(api.ctx.app.services.hub, 'request')
      .mockRejectedValueOnce(new Error('connect ECONNREFUSED 10.0.0.7:443'));
    try {
      const res = await command('superUser', d.id, 'syncToHub');
      expect(res.statusCode).toBe(202);
      const done = await waitForJob(deviceCommandResultSchema.parse(res.json()).job!.id);
      expect(done.status).toBe('Error');
      const reason = M.hubUnreachable('connect ECONNREFUSED 10.0.0.7:443');
      expect(done.result).toMatchObject({ messages: [reason] });
      expect((await device(d.id)).syncInProgress).toBe(false);
      expect(await notificationsOf('superUser', d.id)).toEqual([
        {
          name: 'SyncRemote',
          type: 'Error',
          label: `Sync with the hub failed for ${d.name}. ${reason}`,
          entity_type: 'devices',
        },
      ]);
    } finally {
      spy.mockRestore();
    }
  });

  it('reports a partial success with the beams the hub refused', async () => {
    const d = pick(syncable);
    // A required beam of another NMS: the hub puts the others in place and refuses it.
    const foreign = await api.scalar<string>(
      `select network_id from hub_networks where nms_type <> (
         select n.nms_type from device_beams b join hub_networks n using (network_id)
          where b.device_id = $1 and b.is_required limit 1) order by network_id limit 1`,
      [d.id],
    );
    await api.ctx.database.pool.query(
      `insert into device_beams (device_id, network_id, is_required, is_actually_on) values ($1, $2, true, false)`,
      [d.id, foreign],
    );
    const res = await command('superUser', d.id, 'syncToHub');
    const done = await waitForJob(deviceCommandResultSchema.parse(res.json()).job!.id);
    expect(done.status).toBe('PartialSuccess');
    const [note] = await notificationsOf('superUser', d.id);
    expect(note).toMatchObject({ type: 'PartialSuccess' });
    expect(note!.label).toMatch(
      new RegExp(`^Sync with the hub partly succeeded for .+ is not available to`),
    );
  });
});

describe('provision, activate and cell traffic', () => {
  it('takes an unprovisioned device to provisioned and then activated', async () => {
    const d = pick(
      (x) =>
        !x.provisioned &&
        x.activeSubscription?.canProvision === true &&
        x.activeSubscription.canActivate &&
        preSyncErrors(x).length === 0 &&
        oneNms.has(x.id),
    );
    const provision = await command('productSupport', d.id, 'provision');
    expect(provision.statusCode, provision.body).toBe(202);
    const provisioned = await waitForJob(deviceCommandResultSchema.parse(provision.json()).job!.id);
    expect(provisioned.status, JSON.stringify(provisioned.result)).toBe('Success');
    expect(await device(d.id)).toMatchObject({
      provisioned: true,
      activated: false,
      syncInProgress: false,
    });

    const activate = await command('productSupport', d.id, 'activate');
    expect(activate.statusCode).toBe(202);
    expect(
      (await waitForJob(deviceCommandResultSchema.parse(activate.json()).job!.id)).status,
    ).toBe('Success');
    expect(await device(d.id)).toMatchObject({ provisioned: true, activated: true });
    const on = await api.scalar<number>(
      'select count(*)::int from device_beams where device_id = $1 and is_actually_on and activated_on is not null',
      [d.id],
    );
    expect(on).toBeGreaterThan(0);
  });

  it('allows and blocks cell traffic on a hybrid device', async () => {
    const d = pick(
      (x) =>
        x.provisioned &&
        oneNms.has(x.id) &&
        x.activeSubscription?.hasCellular === true &&
        x.components.some((c) => c.type === 'HybridRouter' && c.serial) &&
        !x.enableCellTraffic,
    );
    const res = await command('superUser', d.id, 'enableCellTraffic');
    expect(res.statusCode).toBe(202);
    expect((await waitForJob(deviceCommandResultSchema.parse(res.json()).job!.id)).status).toBe(
      'Success',
    );
    expect((await device(d.id)).enableCellTraffic).toBe(true);
    const off = await command('superUser', d.id, 'disableCellTraffic');
    expect((await waitForJob(deviceCommandResultSchema.parse(off.json()).job!.id)).status).toBe(
      'Success',
    );
    expect((await device(d.id)).enableCellTraffic).toBe(false);
  });
});
