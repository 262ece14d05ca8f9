import type { DeviceOperationsRepository } from './device-operations.repository.js';
import type { FindDevice, OperationsLog } from './device-operations.ports.js';
import { DEVICE_OPERATION_MESSAGES as M } from './device-operations.messages.js';
import type { HubJobRunner } from './hub-job.runner.js';

export interface HubJobSweeperOptions {
  repo: DeviceOperationsRepository;
  finish: HubJobRunner['finish'];
  findDevice: FindDevice;
  timeoutSeconds: number;
  log: OperationsLog;
}

/**
 * Ends hub jobs that stayed queued or running past the timeout (a worker that died, a hub that
 * never answered) as Error, which clears the device's sync flag and notifies the user. Every
 * instance may sweep: a job ends once (the jobs service's conditional update), so no lease is
 * needed.
 */
export function createHubJobSweeper(o: HubJobSweeperOptions) {
  let timer: NodeJS.Timeout | null = null;
  let sweeping: Promise<number> | null = null;

  async function sweepOnce(): Promise<number> {
    let ended = 0;
    for (const job of await o.repo.stuckHubJobs(o.timeoutSeconds)) {
      const device = job.deviceId ? await o.findDevice({ all: true }, job.deviceId) : null;
      if (await o.finish(job, device, { status: 'Error', messages: [M.hubTimeout] })) ended++;
    }
    await o.repo.clearOrphanedSyncFlags(o.timeoutSeconds);
    return ended;
  }

  return {
    /** One pass; concurrent calls share it. Resolves to the number of jobs it ended. */
    sweep(): Promise<number> {
      sweeping ??= sweepOnce().finally(() => {
        sweeping = null;
      });
      return sweeping;
    },
    /** Sweeps every `intervalMs` (an unref'd timer: it never keeps the process alive). */
    start(intervalMs: number): void {
      if (timer) return;
      timer = setInterval(() => {
        this.sweep().catch((err: unknown) => o.log.warn({ err }, 'hub job sweep failed'));
      }, intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await sweeping?.catch(() => {});
    },
  };
}
