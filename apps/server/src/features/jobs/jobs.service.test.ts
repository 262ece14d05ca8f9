import { describe, expect, it } from 'vitest';
import {
  activeJobStatuses,
  FINISHED_JOBS_LISTED_HOURS,
  isStaffRole,
  roleKeys,
  type JobStatus,
} from '@aerie/contract';
import { inScope } from '../../plugins/tenancy.js';
import {
  authorizeOver,
  CHILD_ACCOUNT,
  OTHER_ACCOUNT,
  OWN_ACCOUNT,
  principalOf,
} from '../../test/service-fakes.js';
import { JOB_MESSAGES } from './jobs.messages.js';
import type { JobRow, JobsRepository } from './jobs.repository.js';
import { createJobsService, IllegalJobTransitionError } from './jobs.service.js';

const DEVICE_OF_CHILD = 'device-of-child';
const hoursAgo = (hours: number): Date => new Date(Date.now() - hours * 3_600_000);

/** The jobs repository over an in-memory table, with the guards its SQL has. */
function fakeRepository(): JobsRepository & { rows: JobRow[] } {
  const rows: JobRow[] = [];
  const job = (id: string, accountId: string, status: JobStatus, minutes: number): JobRow => ({
    id,
    kind: 'syncToHub',
    status,
    accountId: accountId,
    deviceId: null,
    createdOn: new Date(Date.UTC(2026, 10, 22, 12, minutes)),
    finishedOn: null,
    payload: {},
    result: null,
    progress: null,
  });
  rows.push(
    job('own-job', OWN_ACCOUNT, 'Queued', 1),
    job('child-job', CHILD_ACCOUNT, 'Running', 2),
    job('other-job', OTHER_ACCOUNT, 'Queued', 3),
    { ...job('done-job', OWN_ACCOUNT, 'Success', 4), finishedOn: hoursAgo(1) },
    { ...job('old-done-job', OWN_ACCOUNT, 'Error', 5), finishedOn: hoursAgo(25) },
  );
  return {
    rows,
    async listRecent(scope, skip, take) {
      const since = hoursAgo(FINISHED_JOBS_LISTED_HOURS);
      const active = rows
        .filter(
          (r) =>
            ((activeJobStatuses as readonly JobStatus[]).includes(r.status) ||
              (r.finishedOn !== null && r.finishedOn > since)) &&
            inScope(scope, r.accountId),
        )
        .sort((a, b) => b.createdOn.getTime() - a.createdOn.getTime());
      return { rows: active.slice(skip, skip + take), total: active.length };
    },
    findById: async (scope, id) =>
      rows.find((r) => r.id === id && inScope(scope, r.accountId)) ?? null,
    async insert(j) {
      if (j.deviceId !== null && !(j.deviceId === DEVICE_OF_CHILD && j.accountId === CHILD_ACCOUNT))
        return null;
      const stored: JobRow = {
        ...job(`job-${rows.length + 1}`, j.accountId, 'Queued', 9),
        kind: j.kind,
        deviceId: j.deviceId,
        payload: j.payload,
      };
      rows.push(stored);
      return stored;
    },
    async transition(id, from, to, final) {
      const row = rows.find((r) => r.id === id && from.includes(r.status));
      if (!row) return null;
      row.status = to;
      if (final) row.result = final.result;
      return row;
    },
    statusOf: async (id) => rows.find((r) => r.id === id)?.status ?? null,
    async setProgress(id, progress) {
      const row = rows.find((r) => r.id === id && r.status === 'Running');
      if (row) row.progress = progress;
      return row !== undefined;
    },
  };
}

const setUp = () => {
  const repo = fakeRepository();
  return { repo, service: createJobsService(repo, authorizeOver()) };
};

describe('jobs service: the caller’s jobs', () => {
  it('lists the active and recently finished jobs of the caller’s accounts, newest first; staff see all', async () => {
    const { service } = setUp();
    const ids = async (role: (typeof roleKeys)[number]) =>
      (await service.list(principalOf(role), { skip: 0, take: 20 })).items.map((j) => j.id);
    expect(await ids('credentialed')).toEqual(['done-job', 'child-job', 'own-job']);
    expect(await ids('productSupport')).toEqual(['done-job', 'other-job', 'child-job', 'own-job']);
  });

  it.each(roleKeys)('answers %s 404 for a job outside its accounts or missing', async (role) => {
    const { service } = setUp();
    const unseen = isStaffRole(role) ? ['missing'] : ['missing', 'other-job'];
    for (const id of unseen) {
      await expect(service.get(principalOf(role), id), id).rejects.toMatchObject({
        statusCode: 404,
        message: JOB_MESSAGES.notFound,
      });
    }
    expect((await service.get(principalOf(role), 'done-job')).status).toBe('Success');
  });
});

describe('jobs service: the lifecycle other features drive', () => {
  it('queues a job of an account and one of its devices; refuses a device of another', async () => {
    const { service } = setUp();
    const job = await service.createJob('syncToHub', CHILD_ACCOUNT, DEVICE_OF_CHILD, 'u');
    expect(job).toMatchObject({ status: 'Queued', accountId: CHILD_ACCOUNT });
    await expect(
      service.createJob('syncToHub', OWN_ACCOUNT, DEVICE_OF_CHILD, 'u'),
    ).rejects.toMatchObject({ statusCode: 400, message: JOB_MESSAGES.deviceNotInAccount });
    await expect(service.createJob('9 lives', OWN_ACCOUNT, null, 'u')).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('runs a queued job and finishes it once; a missing job is 404', async () => {
    const { service } = setUp();
    expect((await service.markRunning('own-job')).status).toBe('Running');
    expect((await service.finish('own-job', 'Success', { ok: true })).result).toEqual({
      ok: true,
    });
    const again = service.finish('own-job', 'Error');
    await expect(again).rejects.toBeInstanceOf(IllegalJobTransitionError);
    await expect(again).rejects.toMatchObject({
      statusCode: 409,
      message: JOB_MESSAGES.illegalTransition('own-job', 'Success', 'Error'),
    });
    await expect(service.markRunning('missing')).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('jobs service: progress', () => {
  it('records how far a running job is, clamped to 0..1, and nothing for a job not running', async () => {
    const { service, repo } = setUp();
    expect(await service.reportProgress('own-job', 0.5)).toBe(false);
    await service.markRunning('own-job');
    expect(await service.reportProgress('own-job', 0.25)).toBe(true);
    expect((await service.get(principalOf('superUser'), 'own-job')).progress).toBe(0.25);
    await service.reportProgress('own-job', 7);
    expect(repo.rows.find((r) => r.id === 'own-job')?.progress).toBe(1);
    await service.reportProgress('own-job', Number.NaN);
    expect(repo.rows.find((r) => r.id === 'own-job')?.progress).toBe(0);
    await service.finish('own-job', 'Success');
    expect(await service.reportProgress('own-job', 0.9)).toBe(false);
    expect(repo.rows.find((r) => r.id === 'own-job')?.progress).toBe(0);
  });
});
