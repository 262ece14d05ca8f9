import { Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { getMaintenance } from '../../api/get-maintenance';
import { healthState } from '../../../../lib/health-state';
import { useRuntimeConfig } from '../../../../lib/config';
import { healthMessages } from '../../messages';

/**
 * `/maintenance` (public, spec 000 §4; 002 §2): checks health again; unhealthy says the
 * portal is undergoing routine maintenance, healthy links to /home.
 */
export function MaintenancePage() {
  const { brand } = useRuntimeConfig();
  const [healthy, setHealthy] = useState<boolean | null>(null);

  useEffect(() => {
    let active = true;
    getMaintenance().then(
      () => {
        healthState.set({ healthy: true });
        if (active) setHealthy(true);
      },
      () => {
        healthState.set({ healthy: false });
        if (active) setHealthy(false);
      },
    );
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    document.title = `${healthMessages.maintenancePageTitle} · ${brand}`;
  }, [brand]);

  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={560}>
        <Title order={1}>{healthMessages.maintenancePageTitle}</Title>
        {healthy === null && <Loader aria-label={healthMessages.maintenanceChecking} />}
        {healthy === false && (
          <Text size="lg" ta="center" role="status">
            {healthMessages.maintenanceUnderway(brand)}
          </Text>
        )}
        {healthy === true && (
          <>
            <Text ta="center">{healthMessages.maintenanceOver}</Text>
            <Anchor href="/home">{healthMessages.goHome}</Anchor>
          </>
        )}
      </Stack>
    </Center>
  );
}
