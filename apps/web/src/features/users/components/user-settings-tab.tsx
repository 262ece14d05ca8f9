import {
  DETAILED_ERRORS,
  roleCan,
  type CurrentUser,
  type UpdateUserSettings,
} from '@aerie/contract';
import { Select, Stack, Switch } from '@mantine/core';
import { useUpdateSettings } from '../api/update-settings';
import { usersMessages } from '../messages';
import { showToast } from '../../../lib/toast';

export interface UserSettingsTabProps {
  user: CurrentUser;
  /** Route names the user may start on, with their labels (the app knows the routes). */
  startRouteOptions: { value: string; label: string }[];
}

/** The Settings tab (spec 000 §2.4): each change is saved with `PUT /v2/users/settings`. */
export function UserSettingsTab({ user, startRouteOptions }: UserSettingsTabProps) {
  const update = useUpdateSettings();
  const { settings } = user;

  const save = (changes: UpdateUserSettings): void => {
    update.mutate(changes, {
      onError: () =>
        showToast({
          message: usersMessages.settingsFailed,
          color: 'red',
          autoClose: 5_000,
        }),
    });
  };

  const themeOptions = (['brand', 'light', 'dark'] as const).map((value) => ({
    value,
    label: usersMessages.themes[value],
  }));

  return (
    <Stack gap="md">
      <Select
        label={usersMessages.theme}
        data={themeOptions}
        value={settings.theme}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
        onChange={(value) => value && save({ theme: value })}
      />
      <Select
        label={usersMessages.defaultStartRoute}
        data={startRouteOptions}
        value={settings.defaultStartRoute}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
        onChange={(value) => value && save({ defaultStartRoute: value })}
      />
      <Switch
        label={usersMessages.detailFullWidth}
        checked={settings.detailFullWidth}
        onChange={(event) => save({ detailFullWidth: event.currentTarget.checked })}
      />
      <Switch
        label={usersMessages.menuCollapsed}
        checked={settings.menuCollapsed}
        onChange={(event) => save({ menuCollapsed: event.currentTarget.checked })}
      />
      {roleCan(user.role, DETAILED_ERRORS) && (
        <Switch
          label={usersMessages.showDetailedErrors}
          checked={settings.detailedErrors}
          onChange={(event) => save({ detailedErrors: event.currentTarget.checked })}
        />
      )}
    </Stack>
  );
}
