import { beforeAll, describe, expect, it } from 'vitest';
import { jobListSchema, jobSchema, roleKeys, type Job, type RoleKey } from '@aerie/contract';
import { NotFoundError } from '../../plugins/errors.js';
import { useApiContext } from '../../test/test-app.js';
import {
  ACCOUNT_ROLES,
  accountId,
  MISSING_ID as MISSING,
  NORTHWIND_ACCOUNTS as NORTHWIND,
  sameFor,
  statusesOf,
} from '../../test/fleet-fixtures.js';
import { IllegalJobTransitionError, type JobsService } from './index.js';

const api = useApiContext({ fleet: { seed: 11, deviceCount: 40, accountCount: 8 } });
let jobs: JobsService;

/** Jobs made in beforeAll: one active and one finished per account group. */
const made: Record<'northwindActive' | 'northwindDone' | 'terraActive' | 'terraDone', Job> =
  {} as never;

async function deviceOf(accounts: readonly string[]): Promise<{ id: string; account_id: string }> {
  const r = await api.ctx.database.pool.query<{ id: string; account_id: string }>(
    `select d.id, d.account_id from devices d join accounts a on a.id = d.account_id
     where a.name = any($1) order by d.id limit 1`,
    [accounts],
  );
  return r.rows[0]!;
}
function get(role: RoleKey | null, url: string, query: Record<string, string> = {}) {
  return api.call(role, 'GET', url, { query });
}

beforeAll(async () => {
  jobs = api.ctx.app.services.jobs;

  const northwind = await deviceOf(NORTHWIND);
  const terra = await deviceOf(['Terra Logistics', 'Terra Logistics – Rail']);
  made.northwindDone = await jobs.createJob('syncToHub', northwind.account_id, northwind.id, null);
  await jobs.markRunning(made.northwindDone.id);
  made.northwindDone = await jobs.finish(made.northwindDone.id, 'PartialSuccess', {
    beams: { ok: 2, failed: 1 },
  });
  made.terraDone = await jobs.createJob('lockSoftware', terra.account_id, terra.id, null);
  made.terraDone = await jobs.finish(made.terraDone.id, 'Error', { message: 'Hub unreachable' });
  made.terraActive = await jobs.createJob('provision', terra.account_id, terra.id, null);
  // A few more active jobs, so paging has something to page (not hub commands: a device has
  // one active hub job at most, docs/decisions/016-device-operations.md).
  for (const kind of ['featureCertificate', 'optionsFile', 'diagnosticsReport'])
    await jobs.createJob(kind, northwind.account_id, northwind.id, null, { requestedBy: 'test' });
  await jobs.createJob(
    'monthlyReport',
    await accountId(api, 'Northwind Maritime – Pacific Fleet'),
    null,
    null,
  );
  made.northwindActive = await jobs.createJob(
    'updateSoftware',
    northwind.account_id,
    northwind.id,
    null,
    { version: '4.2.1' },
  );
  await jobs.markRunning(made.northwindActive.id);
});

describe('GET /v2/jobs', () => {
  it("answers every role with the caller's active jobs and those finished in the last day", async () => {
    // A job that ended more than a day ago leaves the list; one that ended an hour ago stays.
    const endedAgo = async (job: Job, interval: string): Promise<Job> => {
      const [row] = await api.rows<{ finishedOn: Date }>(
        `update jobs set finished_on = now() - $2::interval where id = $1
         returning finished_on as "finishedOn"`,
        [job.id, interval],
      );
      return { ...job, finishedOn: row!.finishedOn.toISOString() };
    };
    made.terraDone = await endedAgo(made.terraDone, '25 hours');
    made.northwindDone = await endedAgo(made.northwindDone, '1 hour');
    const listed = `(status in ('Queued', 'Running') or finished_on > now() - interval '24 hours')`;
    const all = await api.count(`select count(*)::int as n from jobs where ${listed}`);
    const northwind = await api.count(
      `select count(*)::int as n from jobs j join accounts a on a.id = j.account_id
       where ${listed} and a.name = any($1)`,
      [NORTHWIND],
    );
    expect(northwind).toBeGreaterThan(1);
    expect(all).toBeGreaterThan(northwind);
    for (const role of roleKeys) {
      const res = await get(role, '/v2/jobs', { take: '100' });
      expect(res.statusCode, role).toBe(200);
      const page = jobListSchema.parse(res.json());
      const staff = !['accountAdmin', 'credentialed'].includes(role);
      expect(page.total, role).toBe(staff ? all : northwind);
      expect(page.items).toHaveLength(page.total);
      const ids = page.items.map((j) => j.id);
      expect(page.items.find((j) => j.id === made.northwindDone.id)?.status, role).toBe(
        'PartialSuccess',
      );
      expect(ids).not.toContain(made.terraDone.id);
      expect(ids.includes(made.terraActive.id), role).toBe(staff);
      expect(ids).toContain(made.northwindActive.id);
    }
  });

  it('lists newest first and pages without overlap', async () => {
    const first = jobListSchema.parse((await get('superUser', '/v2/jobs', { take: '3' })).json());
    const second = jobListSchema.parse(
      (await get('superUser', '/v2/jobs', { take: '3', skip: '3' })).json(),
    );
    expect(first.items[0]!.id).toBe(made.northwindActive.id);
    const times = [...first.items, ...second.items].map((j) => j.createdOn);
    expect(times).toEqual([...times].sort().reverse());
    const ids = new Set(first.items.map((j) => j.id));
    expect(second.items.some((j) => ids.has(j.id))).toBe(false);
    expect(first.total).toBe(second.total);
  });

  it('answers 400 with a message for paging out of bounds', async () => {
    for (const query of [{ take: '0' }, { take: '101' }, { skip: '-1' }, { skip: 'x' }]) {
      const res = await get('credentialed', '/v2/jobs', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json<{ message: string }>().message.length).toBeGreaterThan(5);
    }
  });

  it('needs a token', async () => {
    expect((await get(null, '/v2/jobs')).statusCode).toBe(401);
  });
});

describe('GET /v2/jobs/{id}', () => {
  it('answers the raw job, finished ones too, to every role that sees its account', async () => {
    for (const role of roleKeys) {
      const res = await get(role, `/v2/jobs/${made.northwindDone.id}`);
      expect(res.statusCode, role).toBe(200);
      expect(jobSchema.parse(res.json())).toEqual(made.northwindDone);
    }
    expect(made.northwindDone).toMatchObject({
      kind: 'syncToHub',
      status: 'PartialSuccess',
      payload: {},
      result: { beams: { ok: 2, failed: 1 } },
    });
    expect(made.northwindDone.finishedOn).not.toBeNull();
    const running = jobSchema.parse(
      (await get('credentialed', `/v2/jobs/${made.northwindActive.id}`)).json(),
    );
    expect(running).toMatchObject({
      status: 'Running',
      payload: { version: '4.2.1' },
      result: null,
      finishedOn: null,
    });
  });

  it("answers 404 'Job not found.' for another account's job exactly as for a missing one", async () => {
    for (const role of ['accountAdmin', 'credentialed'] as const) {
      const outside = await get(role, `/v2/jobs/${made.terraActive.id}`);
      const missing = await get(role, `/v2/jobs/${MISSING}`);
      expect(outside.statusCode).toBe(404);
      expect(outside.json()).toEqual(missing.json());
      expect(missing.json<{ message: string }>().message).toBe('Job not found.');
    }
    expect((await get('salesSupport', `/v2/jobs/${made.terraActive.id}`)).statusCode).toBe(200);
  });

  it('answers 400 for an id that is not a UUID, 401 without a token', async () => {
    const res = await get('superUser', '/v2/jobs/42');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ field: string }>().field).toBe('id');
    expect((await get(null, `/v2/jobs/${made.terraActive.id}`)).statusCode).toBe(401);
  });
});

describe('jobs service lifecycle', () => {
  async function queued(): Promise<Job> {
    const device = await deviceOf(NORTHWIND);
    return jobs.createJob('featureCertificate', device.account_id, device.id, null, {
      features: ['A', 'B'],
    });
  }

  it('queues, runs and finishes a job, recording result and finish time', async () => {
    const job = await queued();
    expect(job).toMatchObject({ status: 'Queued', finishedOn: null, result: null });
    expect((await jobs.markRunning(job.id)).status).toBe('Running');
    const done = await jobs.finish(job.id, 'Success', { applied: true });
    expect(done).toMatchObject({ status: 'Success', result: { applied: true } });
    expect(Date.parse(done.finishedOn!)).toBeGreaterThanOrEqual(Date.parse(done.createdOn));
  });

  it('refuses to restart or refinish a finished job, and leaves it unchanged', async () => {
    const job = await queued();
    await jobs.markRunning(job.id);
    const done = await jobs.finish(job.id, 'Error', { message: 'timeout' });
    await expect(jobs.markRunning(job.id)).rejects.toBeInstanceOf(IllegalJobTransitionError);
    await expect(jobs.finish(job.id, 'Success')).rejects.toThrow(
      `Job ${job.id} is Error; it cannot become Success.`,
    );
    const after = jobSchema.parse((await get('superUser', `/v2/jobs/${job.id}`)).json());
    expect(after).toEqual(done);
  });

  it('refuses success for a job that never ran, and running twice', async () => {
    const job = await queued();
    await expect(jobs.finish(job.id, 'Success')).rejects.toMatchObject({
      statusCode: 409,
      from: 'Queued',
      to: 'Success',
    });
    await jobs.markRunning(job.id);
    await expect(jobs.markRunning(job.id)).rejects.toBeInstanceOf(IllegalJobTransitionError);
  });

  it('lets a queued job fail without running', async () => {
    const job = await queued();
    expect((await jobs.finish(job.id, 'Error', null)).status).toBe('Error');
  });

  it('finishes a job once when two workers race', async () => {
    const job = await queued();
    await jobs.markRunning(job.id);
    // Open the pool's connections first, so the updates run side by side (on PostgreSQL).
    await Promise.all(
      Array.from({ length: 4 }, () => api.ctx.database.pool.query('select pg_sleep(0.05)')),
    );
    const outcomes = await Promise.allSettled([
      jobs.finish(job.id, 'Success'),
      jobs.finish(job.id, 'Error'),
      jobs.finish(job.id, 'PartialSuccess'),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
  });

  it('answers not found for an unknown job', async () => {
    await expect(jobs.markRunning(MISSING)).rejects.toBeInstanceOf(NotFoundError);
    await expect(jobs.finish(MISSING, 'Success')).rejects.toThrow('Job not found.');
  });

  it('refuses a device of another account and a malformed kind', async () => {
    const device = await deviceOf(NORTHWIND);
    const terra = await accountId(api, 'Terra Logistics');
    await expect(jobs.createJob('syncToHub', terra, device.id, null)).rejects.toMatchObject({
      statusCode: 400,
      field: 'deviceId',
    });
    await expect(
      jobs.createJob('drop table jobs', device.account_id, device.id, null),
    ).rejects.toMatchObject({ statusCode: 400, field: 'kind' });
    expect(
      await api.count("select count(*)::int as n from jobs where kind = 'drop table jobs'"),
    ).toBe(0);
  });
});

describe('jobs: 404 outside the caller’s accounts (issue 12)', () => {
  it('answers 404 to every role for a job it does not see; every role may read one it sees', async () => {
    const job = (id: string) => ({ method: 'GET' as const, url: `/v2/jobs/${id}` });
    expect(await statusesOf(api, roleKeys, job(MISSING))).toEqual(sameFor(roleKeys, 404));
    expect(await statusesOf(api, ACCOUNT_ROLES, job(made.terraActive.id))).toEqual(
      sameFor(ACCOUNT_ROLES, 404),
    );
    // Jobs need only portal access, which every role has: no 403.
    expect(await statusesOf(api, roleKeys, job(made.northwindDone.id))).toEqual(
      sameFor(roleKeys, 200),
    );
  });
});
