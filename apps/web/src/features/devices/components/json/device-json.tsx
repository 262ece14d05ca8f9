import { roleCan, type Device, type RoleKey } from '@aerie/contract';
import { Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useId } from 'react';
import { deviceMessages } from '../../messages';
import { OverviewCard } from '../overview/overview-card';
import { JsonTree } from '../../../../components/json/json-tree';

const texts = deviceMessages.json;

/**
 * The Danger Zone (spec 001 §2 "JSON"): Delete Device for Super User. The deletion itself
 * arrives with the device operations, so the button is present but disabled, and says why.
 */
export function DangerZone() {
  const reasonId = useId();
  return (
    <OverviewCard title={texts.dangerZone} tone="danger" testId="danger-zone">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <div>
          <Text fw={600}>{texts.deleteDevice}</Text>
          <Text size="sm" c="dimmed">
            {texts.deleteDescription}
          </Text>
          <Text size="sm" c="dimmed" id={reasonId}>
            {texts.deleteUnavailable}
          </Text>
        </div>
        <Tooltip label={texts.deleteUnavailable}>
          {/* NOTE: aria-disabled (not disabled) keeps the button focusable, so its tooltip
              and reason reach keyboard and screen reader users. */}
          <Button
            color="red"
            variant="outline"
            data-disabled
            aria-disabled
            aria-describedby={reasonId}
            onClick={(event) => event.preventDefault()}
          >
            {texts.deleteDevice}
          </Button>
        </Tooltip>
      </Group>
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
      {roleCan(role, 'devices.delete') ? <DangerZone /> : null}
    </Stack>
  );
}
