import { createHash } from 'node:crypto';
import {
  accessStatsAdminTileRoles,
  api,
  accessStatsUserKeys,
  compareSoftwareVersions,
  dataPackageLabel,
  type AccessStats,
  type MonthlyActiveUsersKey,
} from '@aerie/contract';
import type { Principal } from '../../plugins/auth.js';
import type { Authorize } from '../../plugins/authorization.js';
import type { CacheRegistry } from '../../plugins/cache.js';
import type { AccountScope } from '../../plugins/tenancy.js';
import type { AccessFigures, AccessStatsRepository } from './access-stats.repository.js';

/** The tiles tolerate a minute of staleness; the aggregates cost a pass over the fleet. */
export const ACCESS_STATS_TTL_MS = 60_000;
/** "Monthly" active users: an authenticated call within this many days. */
export const MONTHLY_ACTIVE_DAYS = 30;
const DAY_MS = 86_400_000;

export interface AccessStatsOptions {
  brand: string;
  /** Users with an email at this domain are the provider's staff ({brand} users). */
  staffEmailDomain: string;
  now?: () => Date;
}

/** One cache entry per distinct set of visible accounts; staff share one. */
function scopeKey(scope: AccountScope): string {
  if (scope.all) return 'all';
  const ids = [...scope.accountIds].sort().join(',');
  return createHash('sha256').update(ids).digest('base64url');
}

/** A JSON object of counts, its keys in the order of `compare`. */
function byName(
  counts: Iterable<[string, number]>,
  compare: (a: string, b: string) => number = (a, b) => a.localeCompare(b),
): Record<string, number> {
  return Object.fromEntries([...counts].sort(([a], [b]) => compare(a, b)));
}

export function createAccessStatsService(
  repo: AccessStatsRepository,
  authorize: Authorize,
  caches: CacheRegistry,
  { brand, staffEmailDomain, now = () => new Date() }: AccessStatsOptions,
) {
  const cache = caches.register<AccessFigures>('device', 'access-stats', {
    ttlMs: ACCESS_STATS_TTL_MS,
    maxEntries: 2_000,
  });
  const userKeys = accessStatsUserKeys(brand);

  async function figures(scope: AccountScope): Promise<AccessFigures> {
    const key = scopeKey(scope);
    const hit = cache.get(key);
    if (hit) return hit;
    const since = new Date(now().getTime() - MONTHLY_ACTIVE_DAYS * DAY_MS);
    const fresh = await repo.figures(scope, since, staffEmailDomain);
    cache.set(key, fresh);
    return fresh;
  }

  return {
    /**
     * `GET /v2/info/accessStats`: the home tiles over the caller's visible accounts. The
     * Paused Devices, Monthly Active Users and Accounts tiles are only for Super User and
     * {brand} Admin (spec 002 §6): other roles get null there.
     */
    async get(principal: Principal): Promise<AccessStats> {
      const { scope } = await authorize(principal, api.reference.accessStats.access);
      const f = await figures(scope);
      const admin = accessStatsAdminTileRoles.includes(principal.role);
      const onlyAdmin = (n: number) => (admin ? n : null);
      let activeSubscriptions = 0;
      const breakdown: [string, number][] = [];
      for (const [limit, n] of f.activeSubscriptionsByLimit) {
        activeSubscriptions += n;
        breakdown.push([limit === null ? 'Unknown' : dataPackageLabel(limit), n]);
      }
      const users: Record<MonthlyActiveUsersKey, number | null> = {
        [userKeys.staff]: onlyAdmin(f.activeStaffUsers),
        [userKeys.others]: onlyAdmin(f.activeOtherUsers),
      };
      return {
        satelliteOnlineDevices: f.devices.satelliteOnline,
        cellularOnlineDevices: f.devices.cellularOnline,
        privateDevices: f.devices.private,
        pausedDevices: onlyAdmin(f.devices.paused),
        activeSubscriptions,
        // Package sizes keep the database's order (by size, Unknown last).
        activeSubscriptionsBreakdown: Object.fromEntries(breakdown),
        beamStats: byName(f.devices.byBeam),
        softwareStats: byName(f.devices.bySoftware, compareSoftwareVersions),
        ...users,
        totalAccounts: onlyAdmin(f.accounts),
        accountsWithConfiguratorAccess: onlyAdmin(f.accountsWithConfigurator),
      };
    },
  };
}
export type AccessStatsService = ReturnType<typeof createAccessStatsService>;
