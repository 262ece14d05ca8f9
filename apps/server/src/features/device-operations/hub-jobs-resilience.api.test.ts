import { afterEach, describe, expect, it } from 'vitest';
import {
  deviceCommandResultSchema,
  deviceSchema,
  preSyncErrors,
  type Device,
} from '@aerie/contract';
import { buildApp } from '../../test/build-app.js';
import {
  bearer,
  createTestContext,
  signIn,
  demoEmail,
  TEST_FLEET,
  type TestContext,
} from '../../test/test-app.js';
import { seedDemoFleet } from '../../demo/seed-fleet.js';
import { importFleetIntoHubSimulator } from '../../simulators/hub/pg-hub-remote-store.js';
import { DEVICE_OPERATION_MESSAGES as M } from './device-operations.messages.js';

let ctx: TestContext | null = null;
afterEach(async () => {
  await ctx?.close();
  ctx = null;
});

async function setUp(env: Record<string, string>) {
  ctx = await createTestContext(env);
  await seedDemoFleet(ctx.database.db, {
    ...TEST_FLEET,
    seed: 31,
    deviceCount: 24,
    accountCount: 8,
  });
  await importFleetIntoHubSimulator(ctx.database.pool);
  const token = (await signIn(ctx.app, demoEmail('superUser'))).accessToken;
  return { ctx, token };
}

/** A provisioned device without pre-sync errors whose required beams share one NMS. */
async function syncableDevice(c: TestContext, token: string): Promise<Device> {
  const { rows } = await c.database.pool.query<{ device_id: string }>(
    `select b.device_id from device_beams b join hub_networks n using (network_id)
      where b.is_required group by b.device_id having count(distinct n.nms_type) = 1
      order by b.device_id`,
  );
  for (const { device_id } of rows) {
    const res = await c.app.inject({
      method: 'GET',
      url: `/v2/devices/${device_id}`,
      headers: bearer(token),
    });
    const d = deviceSchema.parse(res.json());
    if (d.provisioned && preSyncErrors(d).length === 0) return d;
  }
  throw new Error('no syncable device');
}

async function sync(c: TestContext, token: string, deviceId: string): Promise<string> {
  const res = await c.app.inject({
    method: 'POST',
    url: `/v2/devices/${deviceId}/command/syncToHub`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(202);
  return deviceCommandResultSchema.parse(res.json()).job!.id;
}

async function jobStatus(c: TestContext, id: string): Promise<string> {
  const r = await c.database.pool.query<{ status: string }>(
    'select status from jobs where id = $1',
    [id],
  );
  return r.rows[0]!.status;
}

async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function deviceRow(c: TestContext, id: string) {
  const r = await c.database.pool.query<{ sync_in_progress: boolean }>(
    'select sync_in_progress from devices where id = $1',
    [id],
  );
  return r.rows[0]!;
}

async function notes(c: TestContext, deviceId: string) {
  const r = await c.database.pool.query<{ type: string; label: string }>(
    'select type, label from notifications where entity_id = $1 order by created_at',
    [deviceId],
  );
  return r.rows;
}

describe('hub jobs across a restart', () => {
  it('finishes a sync whose server closed mid-job, on the next server of the database', async () => {
    const { ctx: c, token } = await setUp({ HUB_SIMULATOR_DELAY_MS: '1500' });
    const d = await syncableDevice(c, token);
    const jobId = await sync(c, token, d.id);
    await until(async () => (await jobStatus(c, jobId)) === 'Running', 5_000);

    const closing = Date.now();
    await c.app.close();
    expect(Date.now() - closing).toBeLessThan(3_000);
    expect(await jobStatus(c, jobId)).toBe('Running');
    expect((await deviceRow(c, d.id)).sync_in_progress).toBe(true);

    const next = await buildApp({ config: c.config, database: c.database, logger: false });
    await next.ready();
    try {
      await until(async () => (await jobStatus(c, jobId)) !== 'Running', 15_000);
      expect(await jobStatus(c, jobId)).toBe('Success');
      expect((await deviceRow(c, d.id)).sync_in_progress).toBe(false);
      // The user is told once the job's final state is written: wait for the notification.
      await until(async () => (await notes(c, d.id)).length > 0, 5_000);
      expect(await notes(c, d.id)).toEqual([
        { type: 'Success', label: `Sync with the hub succeeded for ${d.name}.` },
      ]);
    } finally {
      await next.close();
    }
  }, 60_000);
});

describe('jobs that never end', () => {
  it('ends a sync the hub does not finish in time, and sweeps a job no worker holds', async () => {
    const { ctx: c, token } = await setUp({
      HUB_SIMULATOR_DELAY_MS: '60000',
      HUB_JOB_TIMEOUT_S: '2',
    });
    const d = await syncableDevice(c, token);
    const jobId = await sync(c, token, d.id);
    await until(async () => (await jobStatus(c, jobId)) === 'Error', 8_000);
    const job = await c.database.pool.query<{ result: { messages: string[] } }>(
      'select result from jobs where id = $1',
      [jobId],
    );
    expect(job.rows[0]!.result.messages).toEqual([M.hubTimeout]);
    expect((await deviceRow(c, d.id)).sync_in_progress).toBe(false);
    await until(async () => (await notes(c, d.id)).length > 0, 5_000);
    expect(await notes(c, d.id)).toEqual([
      { type: 'Error', label: `Sync with the hub failed for ${d.name}. ${M.hubTimeout}` },
    ]);

    // A job left Running by a server that died (no queue entry, no worker).
    const other = (
      await c.database.pool.query<{ id: string; account_id: string; name: string }>(
        `select id, account_id, name from devices where id <> $1 and deleted_at is null order by id limit 1`,
        [d.id],
      )
    ).rows[0]!;
    const stuck = await c.database.pool.query<{ id: string }>(
      `insert into jobs (kind, account_id, device_id, created_by, status, payload, created_on)
       values ('activate', $1, $2, (select id from users where email = $3), 'Running', '{}', now() - interval '1 hour')
       returning id`,
      [other.account_id, other.id, demoEmail('productSupport')],
    );
    await c.database.pool.query(
      'update devices set sync_in_progress = true, sync_started_at = now() where id = $1',
      [other.id],
    );
    await until(async () => (await jobStatus(c, stuck.rows[0]!.id)) === 'Error', 5_000);
    expect((await deviceRow(c, other.id)).sync_in_progress).toBe(false);
    expect(await notes(c, other.id)).toEqual([
      { type: 'Error', label: `Activation failed for ${other.name}. ${M.hubTimeout}` },
    ]);
  }, 60_000);
});
