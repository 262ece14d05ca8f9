import type { SubscriptionChange } from '@aerie/contract';
import { Table, Text } from '@mantine/core';
import { useState } from 'react';
import { DataTablePager } from '../../../components/data-table/data-table-pager';
import { formatUtcDateTime, OverviewCard } from '../../devices';
import { useSubscriptionChanges } from '../api/change-subscription';
import { subscriptionMessages } from '../messages';

const h = subscriptionMessages.history;
const PAGE = 10;

/** One change in words: "Data limit: 50 → 250", a terminal added or removed. */
function describe(change: SubscriptionChange): string {
  return change.changes
    .map(({ field, from, to }) => {
      const name = h.fields[field] ?? field;
      if (field === 'terminal') return to !== null ? `+ ${to}` : `− ${from ?? h.none}`;
      return `${name}: ${from ?? h.none} → ${to ?? h.none}`;
    })
    .join('; ');
}

/** The History card: who changed what, when (issue 17), newest first, 10 a page. */
export function SubscriptionHistory({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const changes = useSubscriptionChanges(id, page, PAGE);
  const items = changes.data?.items ?? [];
  const count = changes.data?.count ?? 0;
  return (
    <OverviewCard title={h.title} testId="subscription-history-card">
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {changes.isPending ? '\u00a0' : h.empty}
        </Text>
      ) : (
        <Table aria-label={h.tableLabel} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{h.when}</Table.Th>
              <Table.Th scope="col">{h.who}</Table.Th>
              <Table.Th scope="col">{h.what}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((change) => (
              <Table.Tr key={change.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUtcDateTime(change.at)}</Table.Td>
                <Table.Td>{change.actorName}</Table.Td>
                <Table.Td>
                  <Text span size="sm" fw={600}>
                    {h.actions[change.action]}
                  </Text>
                  {change.changes.length > 0 ? (
                    <Text span size="sm">
                      {`: ${describe(change)}`}
                    </Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {count > PAGE ? (
        <DataTablePager page={page} pageSize={PAGE} total={count} onPageChange={setPage} />
      ) : null}
    </OverviewCard>
  );
}
