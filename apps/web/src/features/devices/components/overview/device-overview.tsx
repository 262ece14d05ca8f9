import { roleCan, type Device, type RoleKey } from '@aerie/contract';
import { Stack } from '@mantine/core';
import { ComponentsCard } from './components-card';
import { DeviceMapCard } from './device-map-card';
import { DeviceSummaryCard } from './device-summary-card';
import { DeviceWarnings } from './device-warnings';
import { NetworkStatusCards } from './network-status-cards';
import classes from './overview.module.css';
import { PrivateModeCard, type PrivateModeUser } from './private-mode-card';
import { showsSoftware, SoftwareCard } from './software-card';
import { SubscriptionCard } from './subscription-card';

export interface DeviceOverviewProps {
  device: Device;
  role: RoleKey;
  /** The signed-in user: their name confirms private mode changes. */
  user: PrivateModeUser;
}

/**
 * The Overview tab (spec 001 §2): warnings, network status, then the cards in two columns where
 * the pane is wide enough (one column below). The first column holds what the device is
 * (Overview, Subscription, Components); the second where it is and what it runs (the map,
 * Software, Private Mode), its map growing so that both columns end level (issue 13: no empty
 * hole under the shorter column). Reading and tab order run down the first column, then the
 * second.
 */
export function DeviceOverview({ device, role, user }: DeviceOverviewProps) {
  return (
    <Stack gap="md" className={classes.layout}>
      <DeviceWarnings device={device} />
      <NetworkStatusCards status={device.networkStatus} />
      <div className={classes.columns} data-testid="overview-columns">
        <div className={classes.column}>
          <DeviceSummaryCard device={device} canRename={roleCan(role, 'devices.rename')} />
          <SubscriptionCard
            device={device}
            showLinks={roleCan(role, 'subscriptions.view')}
            historyColumns={{
              supportedNetworks: roleCan(role, 'subscriptions.history.networks'),
              salesforceId: roleCan(role, 'subscriptions.salesforce'),
            }}
          />
          <ComponentsCard device={device} canConfigure={roleCan(role, 'devices.hardware')} />
        </div>
        <div className={classes.column}>
          <DeviceMapCard device={device} grow />
          {showsSoftware(device) ? <SoftwareCard device={device} role={role} /> : null}
          {roleCan(role, 'devices.privatemode') ? (
            <PrivateModeCard device={device} user={user} />
          ) : null}
        </div>
      </div>
    </Stack>
  );
}
