import type { MailStatus } from '@aerie/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Loader,
  Pagination,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/dates';
import { useMailList, useMailMessage } from '../api/mail';
import { mailMessages as m } from '../messages';

const PAGE_SIZE = 25;
const STATUS_COLOR: Record<MailStatus, string> = {
  queued: 'orange',
  sent: 'teal',
  stored: 'blue',
  failed: 'red',
};

function StatusBadge({ status }: { status: MailStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="dot">
      {m.statuses[status]}
    </Badge>
  );
}

function MessageDetail({ id }: { id: string }) {
  const message = useMailMessage(id);
  if (!message.data) return <Loader size="sm" role="status" aria-label={m.label} />;
  const mail = message.data;
  return (
    <Card withBorder padding="md" component="section" aria-label={m.message(mail.subject)}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h4">
            {mail.subject}
          </Title>
          <StatusBadge status={mail.status} />
        </Group>
        <Text size="sm">
          {m.from}: {mail.from}
        </Text>
        <Text size="sm">
          {m.columns.to}: {mail.to.join(', ')}
        </Text>
        {mail.replyTo && (
          <Text size="sm">
            {m.replyTo}: {mail.replyTo}
          </Text>
        )}
        {mail.deliveredAt && (
          <Text size="sm">
            {m.delivered}: {formatDateTime(mail.deliveredAt)}
            {mail.messageId ? ` (${mail.messageId})` : ''}
          </Text>
        )}
        {mail.lastError && (
          <Text size="sm" c="red">
            {m.lastError}: {mail.lastError}
          </Text>
        )}
        <Code block>{mail.body}</Code>
      </Stack>
    </Card>
  );
}

/** `/admin/mail` (mail.view): the portal's mail, newest first; a row opens the message. */
export function MailPage() {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useMailList((page - 1) * PAGE_SIZE, PAGE_SIZE);
  const items = list.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / PAGE_SIZE));
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{m.title}</Title>
        <Text c="dimmed">{m.intro}</Text>
      </div>
      {list.data && <Text size="sm">{m.count(list.data.count)}</Text>}
      {list.isError && (
        <Alert color="red" variant="light" role="alert">
          {m.failed}
        </Alert>
      )}
      {list.isPending ? (
        <Loader size="sm" role="status" aria-label={m.label} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{m.none}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table highlightOnHover verticalSpacing={6} fz="sm" aria-label={m.label}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{m.columns.subject}</Table.Th>
                <Table.Th>{m.columns.to}</Table.Th>
                <Table.Th>{m.columns.kind}</Table.Th>
                <Table.Th>{m.columns.status}</Table.Th>
                <Table.Th>{m.columns.attempts}</Table.Th>
                <Table.Th>{m.columns.created}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((mail) => (
                <Table.Tr key={mail.id} aria-current={mail.id === openId || undefined}>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      aria-expanded={mail.id === openId}
                      onClick={() => setOpenId(mail.id === openId ? null : mail.id)}
                      styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                    >
                      {mail.subject}
                    </Button>
                  </Table.Td>
                  <Table.Td>{mail.to.join(', ')}</Table.Td>
                  <Table.Td>{mail.kind}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={mail.status} />
                  </Table.Td>
                  <Table.Td>{mail.attempts}</Table.Td>
                  <Table.Td>{formatDateTime(mail.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': `${m.page} ${control}` })}
        />
      )}
      {openId && <MessageDetail id={openId} />}
    </Stack>
  );
}
