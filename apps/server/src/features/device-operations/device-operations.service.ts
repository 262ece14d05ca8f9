import {
  api,
  availableSoftwareUpdates,
  canChangePrivateMode,
  compareSoftwareVersions,
  deviceCommandPermissions,
  isHubCommand,
  privateModeConfirmationMatches,
  type Device,
  type DeviceCommand,
  type DeviceCommandBody,
  type DeviceCommandResult,
  type HubCommand,
  type Job,
} from '@aerie/contract';
import type { Authorize, Grant } from '../../plugins/authorization.js';
import type { Principal } from '../../plugins/auth.js';
import type { CacheRegistry } from '../../plugins/cache.js';
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '../../plugins/errors.js';
import type { DeviceOperationsRepository } from './device-operations.repository.js';
import type { FindDevice, HubPort, JobsPort, OperationsLog } from './device-operations.ports.js';
import { DEVICE_OPERATION_MESSAGES as M } from './device-operations.messages.js';
import { hubCommandRefusal } from './device-rules.server.js';
import type { HubJobRunner } from './hub-job.runner.js';

const ONE_HUB_JOB_PER_DEVICE = 'jobs_one_active_hub_job_per_device_uq';

function isOneHubJobViolation(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown };
  return e.code === '23505' && e.constraint === ONE_HUB_JOB_PER_DEVICE;
}

export interface DeviceOperationsServiceDeps {
  repo: DeviceOperationsRepository;
  jobs: JobsPort;
  hub: HubPort;
  findDevice: FindDevice;
  authorize: Authorize;
  caches: CacheRegistry;
  runner: HubJobRunner;
  /** Hands a queued job to the durable queue. */
  enqueue: (jobId: string) => Promise<void>;
  log: OperationsLog;
}

export interface CommandOutcome {
  /** 202 for a hub job (queued or already active), 200 for a command applied at once. */
  statusCode: 200 | 202;
  result: DeviceCommandResult;
}

export function createDeviceOperationsService(d: DeviceOperationsServiceDeps) {
  const { repo } = d;

  /** The device within the caller's accounts (404), then the grant's permission (403). */
  async function visibleDevice(grant: Grant, id: string): Promise<Device> {
    return grant.found(await d.findDevice(grant.scope, id), M.deviceNotFound);
  }

  /** An active hub job of the same command is the answer; another one refuses. */
  async function joinActive(
    principal: Principal,
    active: { id: string; kind: HubCommand },
    command: HubCommand,
  ): Promise<Job> {
    if (active.kind !== command) throw new ConflictError(M.hubOperationInProgress(active.kind));
    return d.jobs.get(principal, active.id);
  }

  async function queueHubCommand(
    principal: Principal,
    device: Device,
    command: HubCommand,
  ): Promise<Job> {
    const active = await repo.activeHubJob(device.id);
    if (active) return joinActive(principal, active, command);
    const refusal = hubCommandRefusal(device, command);
    if (refusal) throw new ConflictError(refusal);
    let job: Job;
    try {
      job = await d.jobs.createJob(command, device.accountId, device.id, principal.userId, {
        command,
      });
    } catch (error) {
      // Another request queued one between our read and our insert: the index kept it to one.
      if (!isOneHubJobViolation(error)) throw error;
      const winner = await repo.activeHubJob(device.id);
      if (!winner) throw new ConflictError(M.hubOperationInProgress(command));
      return joinActive(principal, winner, command);
    }
    // Before the queue sees the job, so the worker's clearing of the flag comes after it.
    await repo.setSyncInProgress(device.id, true);
    try {
      await d.enqueue(job.id);
    } catch (error) {
      d.log.error({ err: error, jobId: job.id }, 'could not queue a hub job');
      const row = await repo.hubJob(job.id);
      if (row) await d.runner.finish(row, device, { status: 'Error', messages: [M.queueFailed] });
      throw new HttpError(503, M.queueFailed);
    }
    return job;
  }

  async function updateSoftware(device: Device, version: string): Promise<void> {
    if (device.software.locked) throw new ConflictError(M.softwareLocked);
    const current = device.software.currentVersion;
    const available = availableSoftwareUpdates(await repo.softwareCatalogue(), current);
    if (!current || !available.length) throw new ConflictError(M.noSoftwareUpdates);
    const release = available.find((v) => compareSoftwareVersions(v.version, version) === 0);
    if (!release) throw new BadRequestError(M.versionNotAvailable(version), 'data');
    // The checks above ran on the device as read; the statement repeats the ones that can
    // change meanwhile (locked, current version), so a lock sent at the same time wins or loses
    // whole.
    const refused = await repo.scheduleSoftwareUpdate(device.id, release.version, current);
    if (refused === 'locked') throw new ConflictError(M.softwareLocked);
    if (refused === 'changed') throw new ConflictError(M.softwareChanged);
  }

  async function lockSoftware(device: Device): Promise<void> {
    if (device.software.targetVersion) throw new ConflictError(M.updateScheduledNoLock);
    const refused = await repo.lockSoftware(device.id);
    if (refused === 'updateScheduled') throw new ConflictError(M.updateScheduledNoLock);
    if (refused === 'gone') throw new NotFoundError(M.deviceNotFound);
  }

  async function setPrivateMode(
    principal: Principal,
    device: Device,
    on: boolean,
    confirmation: string,
  ): Promise<void> {
    if (!canChangePrivateMode(device)) throw new ConflictError(M.privateModeNeedsGeoModem);
    const user = await repo.userName(principal.userId);
    if (!user || !privateModeConfirmationMatches(confirmation, user))
      throw new BadRequestError(M.confirmationMismatch, 'confirmation');
    await repo.setPrivate(device.id, on);
  }

  /** Commands applied at once (software and private mode). */
  async function applyNow(
    principal: Principal,
    device: Device,
    command: Exclude<DeviceCommand, HubCommand | 'deprovision'>,
    body: DeviceCommandBody,
  ): Promise<void> {
    switch (command) {
      case 'lockSoftware':
        return lockSoftware(device);
      case 'unlockSoftware':
        return repo.unlockSoftware(device.id);
      case 'updateSoftware':
        return updateSoftware(device, body.data ?? '');
      case 'cancelSoftwareUpdate':
        if (!(await repo.cancelSoftwareUpdate(device.id)))
          throw new ConflictError(M.noScheduledUpdate);
        return;
      case 'privateModeOn':
      case 'privateModeOff':
        return setPrivateMode(
          principal,
          device,
          command === 'privateModeOn',
          body.confirmation ?? '',
        );
    }
  }

  return {
    /**
     * `POST /v2/devices/{id}/command/{cmd}`. Checks in this order: the body the command needs
     * (400), the device in the caller's accounts (404), the command's permission (403), the
     * device's state (409); then a hub command is queued as a job (202) and any other applied
     * at once (200).
     */
    async command(
      principal: Principal,
      id: string,
      command: DeviceCommand,
      body: DeviceCommandBody,
    ): Promise<CommandOutcome> {
      if (command === 'updateSoftware' && !body.data)
        throw new BadRequestError(M.versionRequired, 'data');
      if ((command === 'privateModeOn' || command === 'privateModeOff') && !body.confirmation)
        throw new BadRequestError(M.confirmationRequired, 'confirmation');
      const grant = await d.authorize(principal, {
        kind: 'permission',
        permission: deviceCommandPermissions[command],
        check: 'object',
      });
      const device = await visibleDevice(grant, id);
      if (command === 'deprovision') throw new ConflictError(M.unableToDeprovision);
      if (isHubCommand(command)) {
        const job = await queueHubCommand(principal, device, command);
        return { statusCode: 202, result: { command, deviceId: device.id, job } };
      }
      await applyNow(principal, device, command, body);
      return { statusCode: 200, result: { command, deviceId: device.id, job: null } };
    },

    /**
     * `DELETE /v2/devices/{id}`: removes the remote from the hub, then soft-deletes the device
     * (who and when). A hub that refuses or cannot be reached keeps the device (502).
     */
    async remove(principal: Principal, id: string): Promise<void> {
      const grant = await d.authorize(principal, api.deviceOperations.remove.access);
      const device = await visibleDevice(grant, id);
      try {
        if (await d.hub.getRemoteState(device.id)) {
          await d.hub.request(
            device.id,
            'deprovision',
            await d.runner.desiredFor(device, 'syncToHub'),
          );
        }
      } catch (error) {
        d.log.warn({ err: error, deviceId: device.id }, 'hub removal failed');
        throw new HttpError(502, M.hubRemovalFailed);
      }
      if (!(await repo.softDelete(grant.scope, device.id, principal.userId)))
        throw new NotFoundError(M.deviceNotFound);
      await d.caches.clear('device');
    },
  };
}
export type DeviceOperationsService = ReturnType<typeof createDeviceOperationsService>;
