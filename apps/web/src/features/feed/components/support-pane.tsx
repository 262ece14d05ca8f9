import { Anchor, Stack, Text } from '@mantine/core';
import { useRuntimeConfig } from '../../../lib/config';
import { feedMessages } from '../messages';

/** The support pane: the support contact lines (spec 000 §8); the ticket form comes later. */
export function SupportPane() {
  const { support } = useRuntimeConfig();
  return (
    <Stack gap="sm">
      <Text>{feedMessages.supportIntro}</Text>
      <Text>
        <Anchor href={`tel:${support.phone.replace(/[^+\d]/g, '')}`}>
          {feedMessages.supportPhone(support.phone)}
        </Anchor>
      </Text>
      <Text>
        <Anchor href={`mailto:${support.email}`}>{feedMessages.supportEmail(support.email)}</Anchor>
      </Text>
      <Text size="sm" c="dimmed">
        {feedMessages.supportTicketsSoon}
      </Text>
    </Stack>
  );
}
