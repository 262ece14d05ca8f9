import { ticketStatuses, type Ticket, type TicketStatus } from '@aerie/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/dates';
import { showToast } from '../../../lib/toast';
import { useSetTicketStatus, useTickets } from '../api/support';
import { supportMessages } from '../messages';

const m = supportMessages.tickets;
const PAGE_SIZE = 25;
const STATUS_COLOR: Record<TicketStatus, string> = {
  open: 'orange',
  answered: 'blue',
  closed: 'gray',
};

function StatusBadge({ status }: { status: TicketStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="dot">
      {m.statuses[status]}
    </Badge>
  );
}

/** The status changes staff make, and when each is offered. */
const actions: {
  status: TicketStatus;
  label: string;
  variant: 'light' | 'default';
  shown: (current: TicketStatus) => boolean;
}[] = [
  { status: 'answered', label: m.markAnswered, variant: 'light', shown: (s) => s !== 'answered' },
  { status: 'closed', label: m.close, variant: 'default', shown: (s) => s !== 'closed' },
  { status: 'open', label: m.reopen, variant: 'default', shown: (s) => s === 'closed' },
];

/** One ticket in full, with the status changes staff make. */
function TicketDetail({ ticket }: { ticket: Ticket }) {
  const setStatus = useSetTicketStatus();
  const change = (status: TicketStatus) =>
    setStatus.mutate(
      { id: ticket.id, status },
      {
        onSuccess: (saved) =>
          showToast({
            message: m.statusChanged(saved.number, m.statuses[saved.status]),
            color: 'teal',
            autoClose: 4_000,
          }),
      },
    );
  const serials = [ticket.antennaSerial, ticket.modemSerial].filter(Boolean).join(' · ');
  return (
    <Card withBorder padding="md" component="section" aria-label={m.details(ticket.number)}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4">
              {ticket.number}: {ticket.subject}
            </Title>
            <Text size="sm" c="dimmed">
              {ticket.createdBy.name} ({ticket.createdBy.email}) · {ticket.accountName} ·{' '}
              {formatDateTime(ticket.createdAt)}
            </Text>
          </div>
          <StatusBadge status={ticket.status} />
        </Group>
        <Text size="sm">
          {m.type}: {ticket.type} / {ticket.subType} · {m.columns.priority}: {ticket.priority}
          {ticket.impact ? ` · ${m.impact}: ${ticket.impact}` : ''}
        </Text>
        {ticket.deviceName && (
          <Text size="sm">
            {m.device}: {ticket.deviceName}
            {serials ? ` (${serials})` : ''}
          </Text>
        )}
        {!ticket.deviceName && serials && (
          <Text size="sm">
            {m.serials}: {serials}
          </Text>
        )}
        {ticket.otherExplanation && (
          <Text size="sm">
            {m.explanation}: {ticket.otherExplanation}
          </Text>
        )}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {ticket.description}
        </Text>
        <Group gap="xs">
          {actions
            .filter((action) => action.shown(ticket.status))
            .map((action) => (
              <Button
                key={action.status}
                size="xs"
                variant={action.variant}
                onClick={() => change(action.status)}
                loading={setStatus.isPending}
              >
                {action.label}
              </Button>
            ))}
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * `/admin/tickets` (staff with support.tickets): the tickets, newest first, by status; a row
 * opens the ticket with its description and the status changes.
 */
export function TicketsPage() {
  const [status, setStatus] = useState<TicketStatus | 'all'>('open');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const tickets = useTickets({
    status: status === 'all' ? undefined : status,
    skip: (page - 1) * PAGE_SIZE,
    take: PAGE_SIZE,
  });
  const items = tickets.data?.items ?? [];
  const open = items.find((t) => t.id === openId) ?? null;
  const pages = Math.max(1, Math.ceil((tickets.data?.count ?? 0) / PAGE_SIZE));

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{m.title}</Title>
        <Text c="dimmed">{m.intro}</Text>
      </div>
      <Group justify="space-between">
        <SegmentedControl
          aria-label={m.status}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          data={[
            ...ticketStatuses.map((s) => ({ value: s, label: m.statuses[s] })),
            { value: 'all', label: m.all },
          ]}
        />
        {tickets.data && <Text size="sm">{m.count(tickets.data.count)}</Text>}
      </Group>
      {tickets.isError && (
        <Alert color="red" variant="light" role="alert">
          {m.failed}
        </Alert>
      )}
      {tickets.isPending ? (
        <Loader size="sm" role="status" aria-label={m.label} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{m.none}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table highlightOnHover verticalSpacing={6} fz="sm" aria-label={m.label}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{m.columns.number}</Table.Th>
                <Table.Th>{m.columns.subject}</Table.Th>
                <Table.Th>{m.columns.account}</Table.Th>
                <Table.Th>{m.columns.priority}</Table.Th>
                <Table.Th>{m.columns.status}</Table.Th>
                <Table.Th>{m.columns.filedBy}</Table.Th>
                <Table.Th>{m.columns.created}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((t) => (
                <Table.Tr key={t.id} aria-current={t.id === openId || undefined}>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      aria-expanded={t.id === openId}
                      onClick={() => setOpenId(t.id === openId ? null : t.id)}
                    >
                      {t.number}
                    </Button>
                  </Table.Td>
                  <Table.Td>{t.subject}</Table.Td>
                  <Table.Td>{t.accountName}</Table.Td>
                  <Table.Td>{t.priority}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={t.status} />
                  </Table.Td>
                  <Table.Td>{t.createdBy.name}</Table.Td>
                  <Table.Td>{formatDateTime(t.createdAt)}</Table.Td>
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
      {open && <TicketDetail ticket={open} />}
    </Stack>
  );
}
