import {
  defaultUserSettings,
  roleDisplayName,
  userSettingsSchema,
  type CurrentUser,
  type UserSettings,
} from '@aerie/contract';
import type { UserRecord } from './users.repository.js';

/** Stored settings merged over the defaults; unknown or invalid keys are dropped. */
export function presentSettings(stored: unknown): UserSettings {
  const merged = { ...defaultUserSettings, ...(isObject(stored) ? stored : {}) };
  const parsed = userSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : defaultUserSettings;
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
    settings: presentSettings(settings),
  };
}
