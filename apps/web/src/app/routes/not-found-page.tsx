import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useRuntimeConfig } from '../../lib/config';
import { shellMessages } from '../messages';

function NotFoundContent() {
  const { brand } = useRuntimeConfig();
  useEffect(() => {
    document.title = `${shellMessages.notFoundTitle} · ${brand}`;
  }, [brand]);
  return (
    <Stack align="center" gap="sm">
      <Title order={1}>{shellMessages.notFoundTitle}</Title>
      <Text c="dimmed">{shellMessages.notFoundText}</Text>
      <Anchor component={Link} to="/home">
        {shellMessages.backHome}
      </Anchor>
    </Stack>
  );
}

/**
 * Any address no route matches, inside the signed-in shell (with its navigation): a signed-out
 * visitor signs in first, like on any signed-in page.
 */
export function NotFoundPage() {
  return (
    <Center py="xl">
      <NotFoundContent />
    </Center>
  );
}

/** A page that is not found outside the shell (the root route's fallback). */
export function BareNotFoundPage() {
  return (
    <Center component="main" mih="100vh" p="md">
      <NotFoundContent />
    </Center>
  );
}
