import { api, type Health } from '@aerie/contract';
import type { Principal } from '../../plugins/auth.js';
import type { Authorize } from '../../plugins/authorization.js';
import type { HealthProbe } from './health.probes.js';
import type { HealthRepository } from './health.repository.js';

/** A probe that does not answer within this time counts as down. */
export const PROBE_TIMEOUT_MS = 5_000;

async function runProbe(probe: HealthProbe): Promise<[number, string]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const result = await Promise.race([
      probe.check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('probe timed out')), PROBE_TIMEOUT_MS);
      }),
    ]);
    return [result.ok ? 200 : 503, JSON.stringify({ Version: result.version })];
  } catch {
    return [503, JSON.stringify({ Version: 'unknown' })];
  } finally {
    clearTimeout(timer);
  }
}

export function createHealthService(
  repo: HealthRepository,
  probes: readonly HealthProbe[],
  authorize: Authorize,
) {
  return {
    /** Public: maintenance mode shows a strip to users; it does not block the API. */
    maintenance: () => repo.maintenance(),

    async setMaintenance(principal: Principal, on: boolean): Promise<boolean> {
      await authorize(principal, api.health.setMaintenance.access);
      await repo.setMaintenance(on);
      return on;
    },

    /** The service map of the health page. */
    async health(principal: Principal): Promise<Health> {
      await authorize(principal, api.health.services.access);
      const entries = await Promise.all(
        probes.map(async (probe) => [probe.code, await runProbe(probe)] as const),
      );
      return Object.fromEntries(entries);
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
