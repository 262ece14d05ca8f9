import { Switch } from '@mantine/core';
import { useMaintenance } from '../api/get-maintenance';
import { useSetMaintenance } from '../api/set-maintenance';
import { healthMessages } from '../messages';
import { showToast } from '../../../lib/toast';

/** Turns maintenance mode on or off (Super User and provider Admin). */
export function MaintenanceSwitch() {
  const maintenance = useMaintenance();
  const update = useSetMaintenance();
  const checked = update.isPending
    ? (update.variables ?? false)
    : (maintenance.data?.maintenanceMode ?? false);
  return (
    <Switch
      label={healthMessages.maintenanceSwitch}
      description={healthMessages.maintenanceHint}
      checked={checked}
      disabled={!maintenance.data || update.isPending}
      onChange={(event) =>
        update.mutate(event.currentTarget.checked, {
          onError: () =>
            showToast({
              message: healthMessages.maintenanceFailed,
              color: 'red',
              autoClose: 5_000,
            }),
        })
      }
    />
  );
}
