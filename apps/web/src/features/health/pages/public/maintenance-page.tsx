import { Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getMaintenance } from '../../api/get-maintenance';
import { healthState } from '../../../../lib/health-state';
import { useRuntimeConfig } from '../../../../lib/config';
import { healthMessages } from '../../messages';

/** While the portal is unhealthy, the page checks again this often. */
export const MAINTENANCE_RECHECK_MS = 30_000;

/**
 * `/maintenance` (public, spec 000 §4; 002 §2): checks health again; unhealthy says the
 * portal is undergoing routine maintenance, re-checks every 30 s and offers Try again; healthy
 * links to /home ("available again" only once a check here has failed and a later one passed).
 */
export function MaintenancePage() {
  const { brand } = useRuntimeConfig();
  const check = useQuery({
    queryKey: ['health', 'maintenance-page'],
    queryFn: async ({ signal }) => {
      try {
        const status = await getMaintenance(signal);
        healthState.set({ healthy: true });
        return status;
      } catch (error) {
        healthState.set({ healthy: false });
        throw error;
      }
    },
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => (query.state.status === 'error' ? MAINTENANCE_RECHECK_MS : false),
  });
  const [failedHere, setFailedHere] = useState(false);
  useEffect(() => {
    if (check.isError) setFailedHere(true);
  }, [check.isError]);

  useEffect(() => {
    document.title = `${healthMessages.maintenancePageTitle} · ${brand}`;
  }, [brand]);

  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={560}>
        <Title order={1}>{healthMessages.maintenancePageTitle}</Title>
        {check.isPending && (
          <Loader role="status" aria-label={healthMessages.maintenanceChecking} />
        )}
        {check.isError && (
          <>
            <Text size="lg" ta="center" role="status">
              {healthMessages.maintenanceUnderway(brand)}
            </Text>
            <Text size="sm" c="dimmed" ta="center">
              {healthMessages.maintenanceRechecking}
            </Text>
            {/* NOTE: an Anchor as a button: Mantine's Button would push this public page over its budget. */}
            <Anchor
              component="button"
              type="button"
              disabled={check.isFetching}
              onClick={() => void check.refetch()}
            >
              {healthMessages.tryAgain}
            </Anchor>
            {check.isFetching && (
              <Loader role="status" size="sm" aria-label={healthMessages.maintenanceChecking} />
            )}
          </>
        )}
        {check.isSuccess && (
          <>
            <Text ta="center" role="status">
              {failedHere ? healthMessages.maintenanceOver : healthMessages.portalAvailable(brand)}
            </Text>
            <Anchor href="/home">{healthMessages.goHome}</Anchor>
          </>
        )}
      </Stack>
    </Center>
  );
}
