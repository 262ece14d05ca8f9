import { Stack } from '@mantine/core';
import type { Device, RoleKey } from '@aerie/contract';
import { HubStateCard } from './hub-state-card';
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
  return (
    <Stack gap="md">
      <SyncCard device={device} role={role} />
      <HubStateCard device={device} />
    </Stack>
  );
}
