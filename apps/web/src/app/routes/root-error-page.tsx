import { Anchor, Center, Stack, Text } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { libMessages } from '../../lib/messages';
import { reportUnexpectedError } from '../error-reporting';

/** A page that threw while rendering: the unexpected-error rule of spec 000 §8 applies. */
export function RootErrorPage({ error }: ErrorComponentProps) {
  useEffect(() => {
    reportUnexpectedError(error);
  }, [error]);
  return (
    <Center component="main" mih="60vh" p="md">
      <Stack align="center" gap="sm">
        <Text size="lg" role="alert">
          {libMessages.unexpectedError}
        </Text>
        <Anchor href="/home">{libMessages.tryAgain}</Anchor>
      </Stack>
    </Center>
  );
}
