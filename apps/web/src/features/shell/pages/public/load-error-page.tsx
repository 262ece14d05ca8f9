import { Anchor, Center, Stack, Text } from '@mantine/core';
import { libMessages } from '../../../../lib/messages';

/** `/loadError` (spec 000 §2.1): a failed application load ends here. */
export function LoadErrorPage() {
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Text size="lg" role="alert">
          {libMessages.loadError}
        </Text>
        <Anchor href="/home">{libMessages.tryAgain}</Anchor>
      </Stack>
    </Center>
  );
}
