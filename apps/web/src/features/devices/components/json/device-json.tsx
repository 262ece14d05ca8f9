import { roleCan, type Device, type RoleKey } from '@aerie/contract';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { routePath } from '../../../../lib/route-paths';
import { deviceMessages } from '../../messages';
import { DeleteDeviceModal } from '../delete-device-modal';
import { OverviewCard } from '../overview/overview-card';
import { JsonTree } from '../../../../components/json/json-tree';

const texts = deviceMessages.json;

/**
 * The Danger Zone (spec 001 §2 "JSON"): Delete Device for Super User, with a confirmation;
 * after the deletion the page goes back to /devices (spec 001 §4).
 */
export function DangerZone({ device }: { device: Pick<Device, 'id' | 'name'> }) {
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  return (
    <OverviewCard title={texts.dangerZone} tone="danger" testId="danger-zone">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <div>
          <Text fw={600}>{texts.deleteDevice}</Text>
          <Text size="sm" c="dimmed">
            {texts.deleteDescription}
          </Text>
        </div>
        <Button color="red.9" variant="outline" onClick={() => setConfirming(true)}>
          {texts.deleteDevice}
        </Button>
      </Group>
      <DeleteDeviceModal
        device={confirming ? device : null}
        onClose={() => setConfirming(false)}
        onDeleted={() => void navigate({ to: routePath('devices', {}) })}
      />
    </OverviewCard>
  );
}

export interface DeviceJsonProps {
  device: Device;
  role: RoleKey;
}

/** The JSON tab: the device as the API answers it, foldable; the Danger Zone for Super User. */
export function DeviceJson({ device, role }: DeviceJsonProps) {
  return (
    <Stack gap="lg">
      <JsonTree
        value={device}
        label={texts.title}
        testId="device-json"
        heading={
          <Title order={2} size="h4">
            {texts.title}
          </Title>
        }
      />
      {roleCan(role, 'devices.delete') ? <DangerZone device={device} /> : null}
    </Stack>
  );
}
