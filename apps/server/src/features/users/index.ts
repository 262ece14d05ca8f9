import type { FeatureFactory } from '../feature.js';
import { createUsersRepository } from './users.repository.js';
import { usersRoutes } from './users.routes.js';
import { createUsersService } from './users.service.js';

// The user lookup the authentication hook and the identity provider share (app.ts builds it).
export { createUsersRepository } from './users.repository.js';
export type { UserRecord, UsersRepository } from './users.repository.js';
// The one normalisation of login emails (sign-in, throttling, seeding, lookups).
export { normalizeEmail } from './email.js';

/** The signed-in user and their settings (saved metric graphs among them). */
export const createUsersFeature: FeatureFactory<'authorize'> = ({ pool, config, services }) => ({
  name: 'users',
  routes: usersRoutes(
    createUsersService(createUsersRepository(pool), config.brand, services.authorize),
  ),
});
