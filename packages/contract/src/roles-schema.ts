import { z } from 'zod';
import { permissions, roleKeys } from './roles.js';

// NOTE: apart from the role table (roles.ts), which has no zod: the web app's first chunk reads
// the route table and the roles' permissions, and must not construct schemas.
export const roleKeySchema = z.enum(roleKeys);
export const permissionSchema = z.enum(permissions);
