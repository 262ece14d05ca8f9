import { Loader, Stack, Text, Title } from '@mantine/core';
import { useMe } from '../../users';
import { libMessages } from '../../../lib/messages';

/** `/home`: the overview a signed-in user lands on. */
export function HomePage() {
  const { data: me } = useMe();
  if (!me) return <Loader role="status" aria-label={libMessages.loading} />;
  return (
    <Stack gap="xs">
      <Title order={1}>
        Welcome, {me.firstName} {me.lastName}
      </Title>
      <Text c="dimmed">
        Signed in as {me.roleName} · {me.accountName}
      </Text>
    </Stack>
  );
}
