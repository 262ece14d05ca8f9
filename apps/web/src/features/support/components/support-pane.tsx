import { Alert, Anchor, Divider, Loader, Stack, Text, Title } from '@mantine/core';
import { useRuntimeConfig } from '../../../lib/config';
import { useSupportConfig } from '../api/support';
import { supportMessages as m } from '../messages';
import { TicketForm } from './ticket-form';

/** The support pane (spec 000 §2.8, §8): the contact lines and the ticket form. */
export function SupportPane() {
  const { support } = useRuntimeConfig();
  const config = useSupportConfig();
  return (
    <Stack gap="sm">
      <Text>{m.intro}</Text>
      <Text>
        <Anchor href={`tel:${support.phone.replace(/[^+\d]/g, '')}`}>
          {m.phone(support.phone)}
        </Anchor>
      </Text>
      <Text>
        <Anchor href={`mailto:${support.email}`}>{m.email(support.email)}</Anchor>
      </Text>
      <Divider />
      <Title order={3} size="h4">
        {m.formTitle}
      </Title>
      {config.data ? (
        <TicketForm config={config.data} />
      ) : config.isError ? (
        <Alert color="red" variant="light" role="alert">
          {m.configFailed}
        </Alert>
      ) : (
        <Loader size="sm" aria-label={m.formTitle} role="status" />
      )}
    </Stack>
  );
}
