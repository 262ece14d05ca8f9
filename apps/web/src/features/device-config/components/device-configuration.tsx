import { Stack } from '@mantine/core';
import { roleCan, type Device, type RoleKey } from '@aerie/contract';
import { ComponentsCard } from '../../devices';
import { HubStateCard } from './hub-state-card';
import { NetworkConfigurationCard } from './network-configuration-card';
import { NetworkInventoryCard } from './network-inventory-card';
import { SimConfigurationCard } from './sim-configuration-card';
import { SyncCard } from './sync-card';

export interface DeviceConfigurationProps {
  device: Device;
  role: RoleKey;
}

/**
 * The Service Configuration tab (spec 001 §2): cards in the spec's order — sync card, Device
 * Hub State, Satellite Network Configuration (collapsible), Network Inventory, SIM
 * Configuration — and the components with their Configure/Save/Cancel editing.
 */
export function DeviceConfiguration({ device, role }: DeviceConfigurationProps) {
  const hardware = roleCan(role, 'devices.hardware');
  return (
    <Stack gap="md">
      <SyncCard device={device} role={role} />
      <HubStateCard device={device} />
      <NetworkConfigurationCard device={device} canEdit={hardware} />
      <NetworkInventoryCard
        device={device}
        canEdit={hardware}
        canWriteTemplates={roleCan(role, 'network.templates')}
      />
      <SimConfigurationCard sim={device.simConfiguration} />
      <ComponentsCard device={device} canConfigure={hardware} />
    </Stack>
  );
}
