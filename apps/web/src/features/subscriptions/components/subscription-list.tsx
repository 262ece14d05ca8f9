import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo } from 'react';
import { ServerListBody, useLastPageClamp } from '../../../components/data-table/server-list';
import type { ListLayout } from '../../../components/data-table/list-layout';
import { Icon } from '../../../components/ui/icons';
import type { UpdateSearchView } from '../../../lib/use-search-view';
import { useSubscriptions, useSubscriptionsUsage } from '../api/get-subscriptions';
import { showToast } from '../../../lib/toast';
import { subscriptionMessages } from '../messages';
import {
  SUBSCRIPTION_PAGE_SIZES,
  subscriptionListRequest,
  subscriptionListSearch,
  type SubscriptionListView,
} from '../utils/subscription-list-view';
import { SubscriptionListFilters, type SubscriptionListAccount } from './subscription-list-filters';
import { CreateSubscriptionButton } from './create-subscription-button';
import { SubscriptionTable, type SubscriptionUsageById } from './subscription-table';

const m = subscriptionMessages.list;

export interface SubscriptionListProps {
  view: SubscriptionListView;
  update: UpdateSearchView<SubscriptionListView>;
  accounts: readonly SubscriptionListAccount[];
  layout: ListLayout;
  onEditColumns: () => void;
  columnEditorOpen: boolean;
  onMonthlyReport: () => void;
  monthlyReportOpen: boolean;
  /** Provider staff create subscriptions (subscriptions.manage). */
  canCreate?: boolean;
}

/**
 * The subscriptions list (spec 001 §2): title, count, Refresh List, filters, a server-sorted
 * and server-paged table (EndDate ascending by default, 50 a page). The view is in the address.
 */
export function SubscriptionList({
  view,
  update,
  accounts,
  layout,
  onEditColumns,
  columnEditorOpen,
  onMonthlyReport,
  monthlyReportOpen,
  canCreate = false,
}: SubscriptionListProps) {
  const pageSize = view.pageSize ?? layout.pageSize;
  const request = useMemo(() => subscriptionListRequest(view, pageSize), [view, pageSize]);
  const subscriptions = useSubscriptions(request);
  const linkSearch = useMemo(() => subscriptionListSearch(view), [view]);
  const count = subscriptions.data?.count;
  const params: Record<string, string | undefined> = useParams({ strict: false });

  const usage = useRowsUsage(subscriptions.data?.items, !layout.hidden.includes('usage'));

  const goTo = useCallback((page: number) => update({ page }, { replace: true }), [update]);
  useLastPageClamp(count, pageSize, view.page, subscriptions.isPlaceholderData, goTo);

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="lg" wrap="wrap" align="baseline">
          <Title order={1}>{subscriptionMessages.listTitle}</Title>
          <Text fw={600} aria-live="polite" data-testid="subscription-count" miw="8em">
            {count === undefined ? '\u00a0' : m.total(count)}
          </Text>
        </Group>
        <Group gap="sm" wrap="wrap">
          {canCreate ? <CreateSubscriptionButton accounts={accounts} /> : null}
          <Button
            variant="default"
            leftSection={<Icon name="refresh" size={16} />}
            loading={subscriptions.isFetching && !subscriptions.isPending}
            onClick={() => {
              void subscriptions.refetch();
              void usage.refetch();
            }}
          >
            {m.refresh}
          </Button>
          <Button
            variant="default"
            leftSection={<Icon name="download" size={16} />}
            onClick={onMonthlyReport}
            aria-expanded={monthlyReportOpen}
          >
            {m.monthlyReport}
          </Button>
          <Button
            variant="default"
            leftSection={<Icon name="columns" size={16} />}
            onClick={onEditColumns}
            aria-expanded={columnEditorOpen}
          >
            {m.editColumns}
          </Button>
        </Group>
      </Group>
      <SubscriptionListFilters view={view} onChange={update} accounts={accounts} />
      <ServerListBody
        query={{
          isError: subscriptions.isError,
          hasData: subscriptions.data !== undefined,
          refetch: subscriptions.refetch,
        }}
        loadFailed={m.loadFailed}
        retry={m.retry}
        table={
          <SubscriptionTable
            subscriptions={subscriptions.data?.items ?? []}
            columnOrder={layout.order}
            hiddenColumns={layout.hidden}
            sort={view.sort}
            direction={view.direction}
            onSortChange={(sort, direction) => update({ sort, direction })}
            linkSearch={linkSearch}
            loading={subscriptions.isPending}
            busy={subscriptions.isPlaceholderData}
            openId={params['id']}
            usage={usage.byId}
          />
        }
        total={count}
        page={view.page}
        pageSize={pageSize}
        pageSizes={SUBSCRIPTION_PAGE_SIZES}
        onPageChange={(page) => update({ page })}
        onPageSizeChange={(size) => {
          const next = SUBSCRIPTION_PAGE_SIZES.find((s) => s === size);
          if (next) update({ pageSize: next });
        }}
      />
    </Stack>
  );
}

/**
 * This month's usage of the rows on screen (`POST /v2.1/subscriptions/usage`) while the usage
 * column is shown; a failure says so once (spec 001 §8) and the column shows dashes.
 */
function useRowsUsage(
  rows: readonly { id?: string | undefined }[] | undefined,
  shown: boolean,
): { byId: SubscriptionUsageById; refetch: () => Promise<unknown> } {
  const ids = useMemo(() => (rows ?? []).flatMap((row) => (row.id ? [row.id] : [])), [rows]);
  const usage = useSubscriptionsUsage(ids, shown);
  useEffect(() => {
    if (usage.isError) showToast({ message: m.usageFailed, color: 'red', autoClose: 8_000 });
  }, [usage.isError]);
  const byId = useMemo(
    () => (usage.data ? new Map(usage.data.items.map((item) => [item.id, item])) : undefined),
    [usage.data],
  );
  // Refresh List asks again only for a usage the list shows.
  const { refetch } = usage;
  const refetchShown = useCallback(
    () => (shown && ids.length > 0 ? refetch() : Promise.resolve()),
    [refetch, shown, ids.length],
  );
  return { byId, refetch: refetchShown };
}
