import type { FeatureContext, ServerFeature } from '../feature.js';
import { createDeviceOperationsRepository } from './device-operations.repository.js';
import { deviceOperationsRoutes } from './device-operations.routes.js';
import { createDeviceOperationsService } from './device-operations.service.js';
import { createHubQueue } from './hub-queue.js';
import { createHubJobRunner } from './hub-job.runner.js';
import { createHubJobSweeper } from './hub-job.sweeper.js';

// Read directly by db/repository-rows.api.test.ts, which checks its rows against Drizzle's.
export { createDeviceOperationsRepository } from './device-operations.repository.js';

/**
 * Device commands, hub jobs (pg-boss worker and stuck-job sweeper) and delete. The worker runs
 * while the app does: started when it is ready, stopped (quickly, its jobs handed back to the
 * queue) before the database closes.
 */
export function createDeviceOperationsFeature({
  pool,
  config,
  log,
  services: { jobs, hub, deviceInScope: findDevice, publishNotification, authorize, caches },
}: FeatureContext<
  'jobs' | 'hub' | 'deviceInScope' | 'publishNotification' | 'authorize' | 'caches'
>): ServerFeature {
  // A hub job still active this long after it was queued ends as Error (HUB_JOB_TIMEOUT_S).
  const timeoutSeconds = config.hub.jobTimeoutSeconds;
  const repo = createDeviceOperationsRepository(pool);
  const runner = createHubJobRunner({
    repo,
    jobs,
    hub,
    findDevice,
    publishNotification,
    timeoutSeconds,
    // How often the worker asks the hub about its operation.
    pollMs: Math.min(1_000, Math.max(50, Math.round(config.hub.simulatorDelayMs / 4))),
    log,
  });
  const queue = createHubQueue({
    pool,
    handle: (jobId, signal) => runner.run(jobId, signal),
    // pg-boss retries a job its worker lost (a crash) after this; our sweeper ends it first.
    expireInSeconds: Math.min(timeoutSeconds + 60, 23 * 3600),
    pollingIntervalSeconds: 1,
    log,
  });
  const sweeper = createHubJobSweeper({
    repo,
    finish: runner.finish,
    findDevice,
    timeoutSeconds,
    log,
  });
  const service = createDeviceOperationsService({
    repo,
    jobs,
    hub,
    findDevice,
    authorize,
    caches,
    runner,
    enqueue: (jobId) => queue.send(jobId),
    log,
  });
  return {
    name: 'device-operations',
    routes: deviceOperationsRoutes(service),
    async start(): Promise<void> {
      await queue.start();
      sweeper.start(Math.min(60_000, Math.max(1_000, (timeoutSeconds * 1000) / 4)));
    },
    async stop(): Promise<void> {
      await sweeper.stop();
      await queue.stop();
    },
  };
}
