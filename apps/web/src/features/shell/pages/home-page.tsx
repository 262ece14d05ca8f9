import { Center, Grid, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { FleetMapCard, FleetSummary } from '../../devices';
import { useMe } from '../../users';
import { libMessages } from '../../../lib/messages';
import { AccessStatsTiles } from '../components/access-stats-tiles';
import { shellPageMessages } from '../messages';

const m = shellPageMessages.home;

// NOTE: the side column (and its relative times) loads beside the page, not before it: /home's
// first load stays small (docs/performance.md, bundle budgets).
const HomeSideColumn = lazy(() =>
  import('../components/home-side-column').then((module) => ({ default: module.HomeSideColumn })),
);

/**
 * `/home` (spec 002 §2 "Home", issue 15): the fleet at a glance and what needs attention,
 * the overview tiles, the fleet map, recent devices, the configurator pricing link when the
 * account has configuratorVisible, and the marketing box.
 */
export function HomePage() {
  const { data: me } = useMe();
  if (!me) return <Loader role="status" aria-label={libMessages.loading} />;
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1}>{m.welcome(`${me.firstName} ${me.lastName}`)}</Title>
        <Text c="dimmed">{m.signedInAs(me.roleName, me.accountName)}</Text>
      </Stack>
      <FleetSummary />
      <Stack gap="xs">
        <Title order={2} size="h4">
          {m.overviewTitle}
        </Title>
        <AccessStatsTiles />
      </Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Suspense
            fallback={
              <Center h={480}>
                <Loader role="status" aria-label={libMessages.loading} />
              </Center>
            }
          >
            <FleetMapCard />
          </Suspense>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Suspense fallback={<Skeleton height={240} radius="md" />}>
            <HomeSideColumn configuratorVisible={me.accountPermissions.configuratorVisible} />
          </Suspense>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
