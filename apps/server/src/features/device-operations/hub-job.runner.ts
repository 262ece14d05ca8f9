import { setTimeout as sleep } from 'node:timers/promises';
import type { Device, FinalJobStatus, HubCommand, JsonValue } from '@aerie/contract';
import { ConflictError } from '../../plugins/errors.js';
import type {
  FindDevice,
  HubOperationView,
  HubPort,
  JobsPort,
  NotifyUser,
  OperationsLog,
  RemoteOnHub,
} from './device-operations.ports.js';
import type { DeviceOperationsRepository, HubJobRow } from './device-operations.repository.js';
import { DEVICE_OPERATION_MESSAGES as M } from './device-operations.messages.js';
import {
  HUB_OPERATION_OF,
  desiredRemoteState,
  flagsFromRemote,
  jobStatusOf,
  outcomeLabel,
  resolveNmsType,
} from './hub-job.outcome.js';

/** The name of the notification that ends every hub job (docs/decisions/016-device-operations.md). */
export const HUB_NOTIFICATION_NAME = 'SyncRemote';

export interface HubJobDeps {
  repo: DeviceOperationsRepository;
  jobs: JobsPort;
  hub: HubPort;
  findDevice: FindDevice;
  publishNotification: NotifyUser;
  /** A job still active this long after it was created ends as Error. */
  timeoutSeconds: number;
  /** How often the worker asks the hub how its operation stands. */
  pollMs: number;
  log: OperationsLog;
}

interface Ending {
  status: FinalJobStatus;
  messages: string[];
  /** The hub's view after the operation; undefined when it could not be read. */
  remote?: RemoteOnHub | null | undefined;
  operationId?: string | undefined;
}

/**
 * Ends a hub job once: the device (what the hub holds, or only the sync flag), then the job's
 * final status (a conditional update, so a job the sweeper or another worker already ended is
 * left alone), then the notification to the user who queued it.
 */
export function createHubJobFinisher(
  deps: Pick<HubJobDeps, 'repo' | 'jobs' | 'publishNotification' | 'log'>,
) {
  return async function finish(job: HubJobRow, device: Pick<Device, 'name'> | null, end: Ending) {
    const result: JsonValue = {
      hubStatus: end.status,
      messages: end.messages,
      ...(end.operationId ? { operationId: end.operationId } : {}),
    };
    // The device first, then the job: whoever sees the job final sees the device as the hub
    // left it. A job another worker or the sweeper already ended is not written again.
    if (job.deviceId && (await deps.repo.jobActive(job.id))) {
      if (end.remote !== undefined)
        await deps.repo.writeHubOutcome(job.deviceId, flagsFromRemote(end.remote), end.remote);
      else await deps.repo.setSyncInProgress(job.deviceId, false);
    }
    try {
      await deps.jobs.finish(job.id, end.status, result);
    } catch (error) {
      // Already final (IllegalJobTransitionError is a 409): whoever ended it notified.
      if (!(error instanceof ConflictError)) throw error;
      deps.log.warn({ jobId: job.id }, 'hub job was already finished');
      return false;
    }
    if (job.createdBy) {
      await deps.publishNotification(job.createdBy, {
        name: HUB_NOTIFICATION_NAME,
        type: end.status,
        label: outcomeLabel(job.kind, device?.name ?? 'a deleted device', end.status, end.messages),
        entityType: 'devices',
        ...(job.deviceId ? { entityId: job.deviceId } : {}),
      });
    }
    return true;
  };
}

/**
 * Carries out one hub job. It may run again for the same job (a retry after a restart): the
 * hub's operations are idempotent on the desired state, so it asks again rather than trusting
 * an operation the hub may have forgotten. An abort (the server closing) throws, so the queue
 * retries the job later, on this or another instance.
 */
export function createHubJobRunner(deps: HubJobDeps) {
  const finish = createHubJobFinisher(deps);

  async function desiredFor(device: Device, command: HubCommand) {
    const beams = await deps.repo.requiredBeams(device.id);
    const subscription = device.activeSubscription;
    const nmsType = resolveNmsType(
      subscription ? await deps.repo.subscriptionNmsType(subscription.subscriptionId) : null,
      beams.map((b) => b.nmsType),
      subscription?.networkIdentifiers ?? null,
    );
    return desiredRemoteState(
      device,
      command,
      beams.map((b) => b.networkId),
      nmsType,
    );
  }

  /** Asks the hub and waits for the operation's final status, until the job's deadline. */
  async function operate(
    device: Device,
    command: HubCommand,
    deadline: number,
    signal: AbortSignal,
  ): Promise<Ending> {
    const desired = await desiredFor(device, command);
    let op: HubOperationView | null = await deps.hub.request(
      device.id,
      HUB_OPERATION_OF[command],
      desired,
    );
    let lost = 0;
    for (;;) {
      const status = jobStatusOf(op.status);
      if (status) return { status, messages: op.messages, operationId: op.operationId };
      if (Date.now() >= deadline) return { status: 'Error', messages: [M.hubTimeout] };
      await sleep(Math.min(deps.pollMs, Math.max(0, deadline - Date.now())), null, { signal });
      const current: HubOperationView | null = await deps.hub.getOperation(op.operationId);
      if (current) op = current;
      else if (++lost > 2) return { status: 'Error', messages: [M.hubLostOperation] };
      else op = await deps.hub.request(device.id, HUB_OPERATION_OF[command], desired);
    }
  }

  return {
    finish,
    desiredFor,
    async run(jobId: string, signal: AbortSignal): Promise<void> {
      const job = await deps.repo.hubJob(jobId);
      if (!job || (job.status !== 'Queued' && job.status !== 'Running')) return;
      if (job.status === 'Queued') await deps.jobs.markRunning(job.id);
      const device = job.deviceId ? await deps.findDevice({ all: true }, job.deviceId) : null;
      if (!device) {
        await finish(job, null, { status: 'Error', messages: [M.deviceGone] });
        return;
      }
      const deadline = job.createdOn.getTime() + deps.timeoutSeconds * 1000;
      let end: Ending;
      try {
        end = await operate(device, job.kind, deadline, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        deps.log.warn({ err: error, jobId, deviceId: device.id }, 'hub request failed');
        end = { status: 'Error', messages: [M.hubUnreachable(reason)] };
        await finish(job, device, end);
        return;
      }
      try {
        end.remote = await deps.hub.getRemoteState(device.id);
      } catch (error) {
        deps.log.warn(
          { err: error, deviceId: device.id },
          'hub state read failed after an operation',
        );
      }
      await finish(job, device, end);
    },
  };
}
export type HubJobRunner = ReturnType<typeof createHubJobRunner>;
