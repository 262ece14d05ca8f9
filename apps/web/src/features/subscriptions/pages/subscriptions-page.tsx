import { roleCan } from '@aerie/contract';
import { useMemo } from 'react';
import {
  useColumnEditorTarget,
  type ColumnEditorTarget,
} from '../../../components/data-table/column-editor-store';
import { useListSettings } from '../../../components/data-table/use-list-settings';
import { contextPane, toggleContextPane } from '../../../lib/context-pane-store';
import { useStore } from '../../../lib/store';
import { useSearchView } from '../../../lib/use-search-view';
import { useAccounts } from '../../shell';
import { useMe } from '../../users';
import { SubscriptionList } from '../components/subscription-list';
import type { SubscriptionListAccount } from '../components/subscription-list-filters';
import { subscriptionListColumns } from '../components/subscription-table';
import { subscriptionMessages } from '../messages';
import { SUBSCRIPTION_LIST_TABLE } from '../utils/subscription-columns';
import {
  parseSubscriptionListView,
  SUBSCRIPTION_PAGE_SIZES,
  subscriptionListSearch,
} from '../utils/subscription-list-view';

/** The account filter's options before the accounts arrive (one array: the filters stay memoised). */
const NO_ACCOUNTS: readonly SubscriptionListAccount[] = [];

/** `/subscriptions` (spec 001 §2 "Subscriptions list"): the list, its filters, its column editor. */
export function SubscriptionsPage() {
  const accounts = useAccounts();
  const { data: me } = useMe({ enabled: false });
  const settings = useListSettings(SUBSCRIPTION_LIST_TABLE, subscriptionListColumns);
  const pane = useStore(contextPane);
  const [view, update] = useSearchView(parseSubscriptionListView, subscriptionListSearch);

  const target = useMemo<ColumnEditorTarget>(
    () => ({
      table: SUBSCRIPTION_LIST_TABLE,
      title: subscriptionMessages.listTitle,
      columns: subscriptionListColumns,
      pageSizes: SUBSCRIPTION_PAGE_SIZES,
      // A page size chosen in the editor replaces the one in the address (and its page).
      onPageSizeChange: () => update({ pageSize: null }, { replace: true }),
    }),
    [update],
  );
  useColumnEditorTarget(target);

  return (
    <SubscriptionList
      view={view}
      update={update}
      accounts={accounts.data ?? NO_ACCOUNTS}
      layout={settings.layout}
      onEditColumns={() => toggleContextPane('columnEditor')}
      columnEditorOpen={pane === 'columnEditor'}
      onMonthlyReport={() => toggleContextPane('subscriptionReport')}
      monthlyReportOpen={pane === 'subscriptionReport'}
      canCreate={me ? roleCan(me.role, 'subscriptions.manage') : false}
    />
  );
}
