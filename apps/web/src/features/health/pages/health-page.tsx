import { Divider, Stack, Title } from '@mantine/core';
import { CacheClearActions } from '../components/cache-clear-actions';
import { MaintenanceSwitch } from '../components/maintenance-switch';
import { SystemHealth } from '../components/system-health';
import { healthMessages } from '../messages';

/** `/health` (Super User, provider Admin): services, maintenance mode and cache clears. */
export function HealthPage() {
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>{healthMessages.title}</Title>
      <SystemHealth />
      <Divider />
      <Stack gap="xs">
        <Title order={2} size="h4">
          {healthMessages.maintenanceTitle}
        </Title>
        <MaintenanceSwitch />
      </Stack>
      <Divider />
      <Stack gap="xs">
        <Title order={2} size="h4">
          {healthMessages.cachesTitle}
        </Title>
        <CacheClearActions />
      </Stack>
    </Stack>
  );
}
