import { describe, expect, it } from 'vitest';
import {
  deviceCommandPermissions,
  deviceCommands,
  isStaffRole,
  roleCan,
  roleKeys,
  type Device,
  type DeviceCommand,
  type HubCommand,
  type Job,
  type RoleKey,
} from '@aerie/contract';
import { inScope } from '../../plugins/tenancy.js';
import {
  authorizeOver,
  CHILD_ACCOUNT,
  deviceOf,
  fakeCaches,
  OTHER_ACCOUNT,
  OWN_ACCOUNT,
  principalOf,
  unused,
} from '../../test/service-fakes.js';
import type { DeviceOperationsRepository } from './device-operations.repository.js';
import type { HubPort, JobsPort } from './device-operations.ports.js';
import { DEVICE_OPERATION_MESSAGES as M } from './device-operations.messages.js';
import { createDeviceOperationsService } from './device-operations.service.js';
import { createHubJobRunner } from './hub-job.runner.js';

const log = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Device operations over three devices (own, child, other account), with the repository, the
 * jobs lifecycle and the hub faked at their interfaces. `writes` lists every change in order.
 */
function setUp(
  options: {
    hubFails?: boolean;
    activeJob?: HubCommand;
    /** What the conditional software statements answer (a concurrent change refused them). */
    lockRefused?: 'updateScheduled' | 'gone';
    scheduleRefused?: 'locked' | 'changed';
    nothingToCancel?: boolean;
  } = {},
) {
  const devices: Device[] = [
    deviceOf('own', OWN_ACCOUNT),
    deviceOf('child', CHILD_ACCOUNT),
    deviceOf('other', OTHER_ACCOUNT),
  ];
  const writes: string[] = [];
  let active = options.activeJob ? { id: 'active-job', kind: options.activeJob } : null;
  const job = (id: string, kind: string, deviceId: string): Job => ({
    id,
    kind,
    status: 'Queued',
    accountId: OWN_ACCOUNT,
    deviceId,
    createdOn: '2026-11-22T12:00:00.000Z',
    finishedOn: null,
    payload: {},
    result: null,
    progress: null,
  });
  const repo: DeviceOperationsRepository = {
    activeHubJob: async () => active,
    hubJob: unused('hubJob'),
    stuckHubJobs: unused('stuckHubJobs'),
    userName: async () => ({ firstName: 'Hannah', lastName: 'Keller' }),
    softwareCatalogue: async () => [{ version: '2.1.0' }, { version: '2.2.0' }],
    async lockSoftware(deviceId) {
      if (options.lockRefused) return options.lockRefused;
      writes.push(`lock ${deviceId}`);
      return null;
    },
    async unlockSoftware(deviceId) {
      writes.push(`unlock ${deviceId}`);
    },
    async scheduleSoftwareUpdate(deviceId, version) {
      if (options.scheduleRefused) return options.scheduleRefused;
      writes.push(`target ${deviceId} ${version}`);
      return null;
    },
    async cancelSoftwareUpdate(deviceId) {
      if (options.nothingToCancel) return false;
      writes.push(`target ${deviceId} null`);
      return true;
    },
    async setPrivate(deviceId, on) {
      writes.push(`private ${deviceId} ${on}`);
    },
    jobActive: unused('jobActive'),
    async setSyncInProgress(deviceId, on) {
      writes.push(`syncing ${deviceId} ${on}`);
    },
    clearOrphanedSyncFlags: unused('clearOrphanedSyncFlags'),
    requiredBeams: async () => [{ networkId: 'NET-1', nmsType: 'EVOLUTION' }],
    subscriptionNmsType: async () => null,
    writeHubOutcome: unused('writeHubOutcome'),
    async softDelete(scope, deviceId, userId) {
      const device = devices.find((d) => d.id === deviceId && inScope(scope, d.accountId));
      if (!device) return false;
      writes.push(`delete ${deviceId} by ${userId}`);
      return true;
    },
  };
  const jobs: JobsPort = {
    get: async (_principal, id) => job(id, active?.kind ?? 'syncToHub', 'own'),
    async createJob(kind, _accountId, deviceId) {
      writes.push(`job ${kind} ${deviceId}`);
      active = { id: 'new-job', kind: kind as HubCommand };
      return job('new-job', kind, deviceId ?? '');
    },
    markRunning: unused('markRunning'),
    finish: unused('finish'),
  };
  const hub: HubPort = {
    getRemoteState: async () => {
      if (options.hubFails) throw new Error('connection refused');
      return {
        beams: [],
        hybrid: { provisioned: true, activated: true },
        cellular: { activated: false },
      };
    },
    async request(remoteId, kind) {
      writes.push(`hub ${kind} ${remoteId}`);
      return { operationId: 'op-1', status: 'Success', messages: [] };
    },
    getOperation: unused('getOperation'),
  };
  const findDevice = async (scope: Parameters<typeof inScope>[0], id: string) =>
    devices.find((d) => d.id === id && inScope(scope, d.accountId)) ?? null;
  const runner = createHubJobRunner({
    repo,
    jobs,
    hub,
    findDevice,
    publishNotification: unused('publishNotification'),
    timeoutSeconds: 60,
    pollMs: 1,
    log,
  });
  const caches = fakeCaches();
  const service = createDeviceOperationsService({
    repo,
    jobs,
    hub,
    findDevice,
    authorize: authorizeOver(),
    caches,
    runner,
    enqueue: async (jobId) => {
      writes.push(`enqueue ${jobId}`);
    },
    log,
  });
  return { service, writes, caches };
}

/** A body every command accepts (a version for updateSoftware, a name for private mode). */
const bodyOf = (command: DeviceCommand) =>
  command === 'updateSoftware'
    ? { data: '2.2.0' }
    : command.startsWith('privateMode')
      ? { confirmation: 'Hannah Keller' }
      : {};
/** Device ids a role does not see: a missing one, and for the account roles another account's. */
const unseen = (role: RoleKey) => (isStaffRole(role) ? ['missing'] : ['missing', 'other']);

describe('device commands: 400, then 404, then 403, then 409', () => {
  it('checks the body a command needs before anything else', async () => {
    const { service, writes } = setUp();
    const credentialed = principalOf('credentialed');
    await expect(
      service.command(credentialed, 'other', 'updateSoftware', {}),
    ).rejects.toMatchObject({ statusCode: 400, message: M.versionRequired });
    await expect(service.command(credentialed, 'other', 'privateModeOn', {})).rejects.toMatchObject(
      { statusCode: 400, message: M.confirmationRequired },
    );
    expect(writes).toEqual([]);
  });

  it.each(roleKeys)(
    'answers %s 404 for a device it does not see, whatever the command',
    async (role) => {
      const { service, writes } = setUp();
      for (const id of unseen(role)) {
        for (const command of deviceCommands) {
          await expect(
            service.command(principalOf(role), id, command, bodyOf(command)),
            `${command} ${id}`,
          ).rejects.toMatchObject({ statusCode: 404, message: M.deviceNotFound });
        }
      }
      expect(writes).toEqual([]);
    },
  );

  it.each(roleKeys)(
    'answers %s 403 for each command its role lacks on a device it sees',
    async (role) => {
      const { service, writes } = setUp();
      const lacking = deviceCommands.filter((c) => !roleCan(role, deviceCommandPermissions[c]));
      for (const command of lacking) {
        await expect(
          service.command(principalOf(role), 'child', command, bodyOf(command)),
          command,
        ).rejects.toMatchObject({ statusCode: 403 });
      }
      expect(writes).toEqual([]);
    },
  );

  it('refuses deprovision (409) and a second hub command of another kind (409)', async () => {
    const admin = principalOf('accountAdmin');
    const { service } = setUp({ activeJob: 'activate' });
    await expect(service.command(admin, 'own', 'deprovision', {})).rejects.toMatchObject({
      statusCode: 409,
      message: M.unableToDeprovision,
    });
    await expect(service.command(admin, 'own', 'deactivate', {})).rejects.toMatchObject({
      statusCode: 409,
      message: M.hubOperationInProgress('activate'),
    });
  });
});

describe('device commands: what they do', () => {
  it('queues a hub command as a job (202), and answers the same job when asked again', async () => {
    const { service, writes } = setUp();
    const admin = principalOf('accountAdmin');
    const first = await service.command(admin, 'child', 'deactivate', {});
    expect(first).toMatchObject({
      statusCode: 202,
      result: { command: 'deactivate', deviceId: 'child', job: { id: 'new-job' } },
    });
    expect(writes).toEqual(['job deactivate child', 'syncing child true', 'enqueue new-job']);
    const again = await service.command(admin, 'child', 'deactivate', {});
    expect(again.result.job?.id).toBe('new-job');
    expect(writes).toHaveLength(3);
  });

  it('applies software and private mode commands at once (200)', async () => {
    const { service, writes } = setUp();
    const admin = principalOf('accountAdmin');
    const locked = await service.command(admin, 'own', 'lockSoftware', {});
    expect(locked).toEqual({
      statusCode: 200,
      result: { command: 'lockSoftware', deviceId: 'own', job: null },
    });
    await service.command(admin, 'own', 'updateSoftware', { data: '2.2.0' });
    await service.command(admin, 'own', 'privateModeOn', { confirmation: 'Hannah Keller' });
    expect(writes).toEqual(['lock own', 'target own 2.2.0', 'private own true']);
    await expect(
      service.command(admin, 'own', 'privateModeOff', { confirmation: 'Someone Else' }),
    ).rejects.toMatchObject({ statusCode: 400, message: M.confirmationMismatch });
  });
});

describe('software commands refused by a concurrent change (409)', () => {
  const admin = principalOf('accountAdmin');
  it.each([
    ['lockSoftware', { lockRefused: 'updateScheduled' as const }, M.updateScheduledNoLock],
    ['updateSoftware', { scheduleRefused: 'locked' as const }, M.softwareLocked],
    ['updateSoftware', { scheduleRefused: 'changed' as const }, M.softwareChanged],
    ['cancelSoftwareUpdate', { nothingToCancel: true }, M.noScheduledUpdate],
  ] as const)('%s answers 409 when its statement changed nothing (%j)', async (cmd, o, text) => {
    const { service, writes } = setUp(o);
    await expect(
      service.command(admin, 'own', cmd, cmd === 'updateSoftware' ? { data: '2.2.0' } : {}),
    ).rejects.toMatchObject({ statusCode: 409, message: text });
    expect(writes).toEqual([]);
  });

  it('answers 404 when the device went away before the lock', async () => {
    const { service } = setUp({ lockRefused: 'gone' });
    await expect(service.command(admin, 'own', 'lockSoftware', {})).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('device delete: 404, then 403', () => {
  it.each(roleKeys)('answers %s 404 for a device it does not see', async (role) => {
    const { service, writes } = setUp();
    for (const id of unseen(role)) {
      await expect(service.remove(principalOf(role), id), id).rejects.toMatchObject({
        statusCode: 404,
        message: M.deviceNotFound,
      });
    }
    expect(writes).toEqual([]);
  });

  it.each(roleKeys.filter((r) => !roleCan(r, 'devices.delete')))(
    'answers %s 403 for a device it sees',
    async (role) => {
      const { service, writes } = setUp();
      await expect(service.remove(principalOf(role), 'child')).rejects.toMatchObject({
        statusCode: 403,
      });
      expect(writes).toEqual([]);
    },
  );

  it('removes the remote from the hub, then deletes the device and clears device caches', async () => {
    const { service, writes, caches } = setUp();
    await service.remove(principalOf('superUser'), 'other');
    expect(writes).toEqual(['hub deprovision other', 'delete other by user-superUser']);
    expect(caches.cleared).toEqual(['device']);
  });

  it('keeps the device when the hub cannot be reached (502)', async () => {
    const { service, writes } = setUp({ hubFails: true });
    await expect(service.remove(principalOf('superUser'), 'own')).rejects.toMatchObject({
      statusCode: 502,
      message: M.hubRemovalFailed,
    });
    expect(writes).toEqual([]);
  });
});
