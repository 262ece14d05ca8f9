import {
  defaultUserSettings,
  roleDisplayName,
  userSettingsSchema,
  type CurrentUser,
  type UserSettings,
} from '@aerie/contract';
import type { UserRecord } from './users.repository.js';

/**
 * Stored settings merged over the defaults; unknown keys are dropped and an invalid value
 * falls back to its default alone, so one stale key (say, after a schema change) never costs
 * the user their other settings or saved graphs.
 */
export function presentSettings(stored: unknown): UserSettings {
  const source = isObject(stored) ? stored : {};
  const shape = userSettingsSchema.shape;
  const settings: Record<string, unknown> = {};
  for (const key of Object.keys(shape) as (keyof UserSettings)[]) {
    const parsed = shape[key].safeParse(source[key]);
    settings[key] = parsed.success ? parsed.data : defaultUserSettings[key];
  }
  return userSettingsSchema.parse(settings);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function presentCurrentUser(
  user: UserRecord,
  permissions: string[],
  settings: unknown,
  brand: string,
): CurrentUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    accountId: user.accountId,
    accountName: user.accountName,
    roleName: roleDisplayName(user.role, brand),
    role: user.role,
    loginType: user.loginType,
    features: user.features,
    permissions: permissions.map((p) => p.toLowerCase()).sort(),
    accountPermissions: { ...user.accountPermissions },
    settings: presentSettings(settings),
  };
}
