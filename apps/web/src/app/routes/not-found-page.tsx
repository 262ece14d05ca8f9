import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { shellMessages } from '../messages';

/** Any address no route matches. */
export function NotFoundPage() {
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1}>{shellMessages.notFoundTitle}</Title>
        <Text c="dimmed">{shellMessages.notFoundText}</Text>
        <Anchor component={Link} to="/home">
          {shellMessages.backHome}
        </Anchor>
      </Stack>
    </Center>
  );
}
