import {
  api,
  rolePermissions,
  type CurrentUser,
  type UpdateUserSettings,
  type UserSettings,
} from '@aerie/contract';
import type { Principal } from '../../plugins/auth.js';
import type { Authorize } from '../../plugins/authorization.js';
import { NotFoundError } from '../../plugins/errors.js';
import { presentCurrentUser, presentSettings } from './users.presenter.js';
import type { UsersRepository } from './users.repository.js';

export function createUsersService(repo: UsersRepository, brand: string, authorize: Authorize) {
  return {
    /**
     * The signed-in user with settings and the permissions of their role (`GET /v2/users/me`),
     * read from the contract's role table: the same table the server's guards check.
     */
    async me(principal: Principal): Promise<CurrentUser> {
      await authorize(principal, api.users.me.access);
      const user = await repo.findById(principal.userId);
      if (!user) throw new NotFoundError('User not found.');
      const settings = await repo.settingsOf(user.id);
      return presentCurrentUser(user, [...rolePermissions[user.role]], settings, brand);
    },

    /**
     * Merges a change into the caller's own settings and returns all of them. The merge is one
     * SQL statement, so concurrent changes of different settings are all kept.
     */
    async updateSettings(principal: Principal, change: UpdateUserSettings): Promise<UserSettings> {
      await authorize(principal, api.users.updateSettings.access);
      return presentSettings(await repo.mergeSettings(principal.userId, change));
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
