import {
  type CurrentUser,
  type UpdateUserSettings,
  usersEndpoints,
  type UserSettings,
} from '@aerie/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { meQueryKey } from './get-me';

/** `PUT /v2/users/settings`: any subset of the settings; answers the full settings. */
export function updateSettings(changes: UpdateUserSettings): Promise<UserSettings> {
  return callApi(usersEndpoints.updateSettings, { body: changes });
}

export const updateSettingsMutationKey = ['users', 'settings', 'update'] as const;

/**
 * Saves settings and applies them at once (theme, menu, detail width): the cached profile
 * is updated optimistically and corrected with the server's answer.
 */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateSettingsMutationKey,
    // NOTE: one at a time, in order, so the server keeps the last change made (quick clicks in
    // the column editor send several), and only the last answer replaces the optimistic state.
    scope: { id: 'users-settings' },
    mutationFn: updateSettings,
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: meQueryKey });
      const previous = queryClient.getQueryData<CurrentUser>(meQueryKey);
      if (previous) {
        queryClient.setQueryData<CurrentUser>(meQueryKey, {
          ...previous,
          settings: { ...previous.settings, ...stripUndefined(changes) },
        });
      }
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(meQueryKey, context.previous);
    },
    onSuccess: (settings) => {
      if (queryClient.isMutating({ mutationKey: updateSettingsMutationKey }) > 1) return;
      queryClient.setQueryData<CurrentUser>(meQueryKey, (me) => (me ? { ...me, settings } : me));
    },
  });
}

function stripUndefined(changes: UpdateUserSettings): Partial<UserSettings> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}
