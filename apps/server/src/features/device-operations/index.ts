import type pg from 'pg';
import type { CacheRegistry } from '../../plugins/cache.js';
import type { Authorize } from '../../plugins/authorization.js';
import type {
  FindDevice,
  HubPort,
  JobsPort,
  NotifyUser,
  OperationsLog,
} from './device-operations.ports.js';
import { createDeviceOperationsRepository } from './device-operations.repository.js';
import { deviceOperationsRoutes } from './device-operations.routes.js';
import { createDeviceOperationsService } from './device-operations.service.js';
import { createHubQueue } from './hub-queue.js';
import { createHubJobRunner } from './hub-job.runner.js';
import { createHubJobSweeper } from './hub-job.sweeper.js';

export interface DeviceOperationsOptions {
  pool: pg.Pool;
  jobs: JobsPort;
  hub: HubPort;
  findDevice: FindDevice;
  publishNotification: NotifyUser;
  authorize: Authorize;
  caches: CacheRegistry;
  /** A hub job still active this long after it was queued ends as Error (HUB_JOB_TIMEOUT_S). */
  jobTimeoutSeconds: number;
  /** How often the worker asks the hub about its operation. */
  hubPollMs: number;
  log: OperationsLog;
}

/**
 * Wires device commands, hub jobs (pg-boss worker and stuck-job sweeper) and delete. `start`
 * and `stop` belong to the app's ready and close hooks.
 */
export function createDeviceOperationsFeature(o: DeviceOperationsOptions) {
  const repo = createDeviceOperationsRepository(o.pool);
  const runner = createHubJobRunner({
    repo,
    jobs: o.jobs,
    hub: o.hub,
    findDevice: o.findDevice,
    publishNotification: o.publishNotification,
    timeoutSeconds: o.jobTimeoutSeconds,
    pollMs: o.hubPollMs,
    log: o.log,
  });
  const queue = createHubQueue({
    pool: o.pool,
    handle: (jobId, signal) => runner.run(jobId, signal),
    // pg-boss retries a job its worker lost (a crash) after this; our sweeper ends it first.
    expireInSeconds: Math.min(o.jobTimeoutSeconds + 60, 23 * 3600),
    pollingIntervalSeconds: 1,
    log: o.log,
  });
  const sweeper = createHubJobSweeper({
    repo,
    finish: runner.finish,
    findDevice: o.findDevice,
    timeoutSeconds: o.jobTimeoutSeconds,
    log: o.log,
  });
  const service = createDeviceOperationsService({
    repo,
    jobs: o.jobs,
    hub: o.hub,
    findDevice: o.findDevice,
    authorize: o.authorize,
    caches: o.caches,
    runner,
    enqueue: (jobId) => queue.send(jobId),
    log: o.log,
  });
  return {
    service,
    routes: deviceOperationsRoutes(service),
    sweeper,
    async start(): Promise<void> {
      await queue.start();
      sweeper.start(Math.min(60_000, Math.max(1_000, (o.jobTimeoutSeconds * 1000) / 4)));
    },
    async stop(): Promise<void> {
      await sweeper.stop();
      await queue.stop();
    },
  };
}
