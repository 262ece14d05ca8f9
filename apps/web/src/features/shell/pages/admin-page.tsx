import { canAccess, roleCan, type RouteName } from '@aerie/contract';
import { Anchor, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { openContextPane } from '../../../lib/context-pane-store';
import { routeTitles } from '../../../lib/messages';
import { routePath, routesByName } from '../../../lib/route-paths';
import { useMe } from '../../users';
import { shellPageMessages } from '../messages';

const m = shellPageMessages.admin;

/** The admin sections in the order the page lists them, each with what it is for. */
const SECTIONS: { route: RouteName; text: string }[] = [
  { route: 'adminAccount', text: m.sections.adminAccount },
  { route: 'adminUserManagement', text: m.sections.adminUserManagement },
  { route: 'adminTickets', text: m.sections.adminTickets },
  { route: 'adminMail', text: m.sections.adminMail },
  { route: 'adminSoftware', text: m.sections.adminSoftware },
  { route: 'adminNetwork', text: m.sections.adminNetwork },
];

/** `/admin`: the admin sections the caller's role may open, and the monthly report's pane. */
export function AdminPage() {
  const { data: me } = useMe({ enabled: false });
  const role = me?.role ?? null;
  const open = SECTIONS.filter((s) => {
    const route = routesByName.get(s.route);
    return route !== undefined && canAccess(route.access, role);
  });
  return (
    <Stack gap="md">
      <Title order={1}>{routeTitles.admin}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {open.map((s) => (
          <Card key={s.route} withBorder padding="md" component="section">
            <Title order={2} size="h4">
              <Anchor component={Link} to={routePath(s.route as 'adminAccount')}>
                {routeTitles[s.route]}
              </Anchor>
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {s.text}
            </Text>
          </Card>
        ))}
        {role && roleCan(role, 'subscriptions.view') && (
          <Card withBorder padding="md" component="section">
            <Title order={2} size="h4">
              {m.subscriptionReport.title}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {m.subscriptionReport.text}
            </Text>
            <Button
              variant="light"
              size="xs"
              mt="sm"
              style={{ alignSelf: 'flex-start' }}
              onClick={() => openContextPane('subscriptionReport')}
            >
              {m.subscriptionReport.open}
            </Button>
          </Card>
        )}
      </SimpleGrid>
    </Stack>
  );
}
