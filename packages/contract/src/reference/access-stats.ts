import { z } from 'zod';
import type { RoleKey } from '../roles.js';

/**
 * Roles that see the Paused Devices, Monthly Active Users and Accounts tiles (spec 002 §2, §6).
 * For every other role the server leaves those figures out (null).
 */
export const accessStatsAdminTileRoles: readonly RoleKey[] = ['superUser', 'providerAdmin'];

const count = z.number().int().min(0);
/** Label → count, e.g. `{ "50 GB": 12, "Unlimited": 3 }`. */
const countsByName = z.record(z.string(), count);

/** The part of `GET /v2/info/accessStats` whose keys do not carry the brand (spec 002 §3). */
export const accessStatsBaseSchema = z.object({
  satelliteOnlineDevices: count,
  cellularOnlineDevices: count,
  privateDevices: count,
  /** Provisioned on the hub but not activated. Admin tile: null for other roles. */
  pausedDevices: count.nullable(),
  /** Subscriptions that are a device's active subscription. */
  activeSubscriptions: count,
  /** Data package ("5 GB" … "Unlimited"; "Unknown" without a limit) → active subscriptions. */
  activeSubscriptionsBreakdown: countsByName,
  /** Beam display name → devices on that beam now. */
  beamStats: countsByName,
  /** Software version → devices running it. */
  softwareStats: countsByName,
  /** Admin tile: null for other roles. */
  totalAccounts: count.nullable(),
  /** Accounts with the configuratorVisible permission. Admin tile: null for other roles. */
  accountsWithConfiguratorAccess: count.nullable(),
});

export type MonthlyActiveUsersKey = `monthlyActive${string}Users`;

/**
 * The brand-named keys: `monthlyActive{Brand}Users` (users of the provider's staff email
 * domain) and `monthlyActiveNon{Brand}Users`; with the default brand, monthlyActiveAerieUsers.
 * Characters other than letters and digits are dropped from the brand.
 */
export function accessStatsUserKeys(brand: string): {
  staff: MonthlyActiveUsersKey;
  others: MonthlyActiveUsersKey;
} {
  const name = brand.replace(/[^A-Za-z0-9]/g, '') || 'Provider';
  return { staff: `monthlyActive${name}Users`, others: `monthlyActiveNon${name}Users` };
}

/** `GET /v2/info/accessStats` for an installation's brand. Admin tiles are null for others. */
export function createAccessStatsSchema(brand: string) {
  const keys = accessStatsUserKeys(brand);
  const users: Record<MonthlyActiveUsersKey, z.ZodNullable<z.ZodNumber>> = {
    [keys.staff]: count.nullable(),
    [keys.others]: count.nullable(),
  };
  return accessStatsBaseSchema.extend(users);
}
export type AccessStats = z.infer<ReturnType<typeof createAccessStatsSchema>>;
