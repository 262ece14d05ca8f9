import { z } from 'zod';
import { roleKeySchema } from '../roles-schema.js';
import { userSettingsSchema } from './settings.js';

export const loginTypeSchema = z.string().min(1);

/** The permissions of the user's account (spec 002 §3 "Account permissions"). */
export const accountPermissionsSchema = z.object({
  /** The signed-in portal offers the configurator (home's pricing link, spec 002 §2). */
  configuratorVisible: z.boolean(),
  msrpPricesVisible: z.boolean(),
  wholesalePricesVisible: z.boolean(),
  commercialPriceBook: z.boolean(),
  militaryPriceBook: z.boolean(),
});
export type AccountPermissions = z.infer<typeof accountPermissionsSchema>;

/** The signed-in user, as `GET /v2/users/me` answers (spec 000 §3, "User"). */
export const currentUserSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  accountId: z.uuid(),
  accountName: z.string(),
  /** Display name of the role, e.g. "Aerie Admin". */
  roleName: z.string(),
  /** Stable key of the role, for comparisons. */
  role: roleKeySchema,
  /** "Local" for users whose password this portal keeps. */
  loginType: loginTypeSchema,
  features: z.array(z.string()),
  /** Compared lower-case and sorted (spec 000 §6). */
  permissions: z.array(z.string()),
  accountPermissions: accountPermissionsSchema,
  settings: userSettingsSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
