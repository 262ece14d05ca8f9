import { LIST_MAX_TEXT } from '@aerie/contract';
import { Checkbox, Group, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { memo, Suspense, useEffect, useMemo, useState } from 'react';
import { lazyComponent } from '../../../lib/lazy-component';
import { AccountSelect, ALL_ACCOUNTS } from '../../../components/account-select/account-select';
import { Icon } from '../../../components/ui/icons';
import type { UpdateSearchView } from '../../../lib/use-search-view';
import { subscriptionMessages } from '../messages';
import type { SubscriptionListView } from '../utils/subscription-list-view';

const m = subscriptionMessages.list;

/** The date range picker (Mantine's dates and dayjs) loads after the list: a chunk of its own. */
const EndDateFilter = lazyComponent(() =>
  import('./end-date-filter').then((module) => module.EndDateFilter),
);

/** The picker's place while it loads: the same label and size, so nothing moves. */
function EndDateFallback() {
  return (
    <TextInput
      label={m.endDate}
      placeholder={m.endDatePlaceholder}
      leftSection={<Icon name="calendar" size={16} />}
      w={280}
      disabled
    />
  );
}

export interface SubscriptionListAccount {
  id: string;
  name: string;
}

export interface SubscriptionListFiltersProps {
  view: SubscriptionListView;
  onChange: UpdateSearchView<SubscriptionListView>;
  accounts: readonly SubscriptionListAccount[];
}

/**
 * The subscriptions list's filters (spec 001 §2): free text applied on Enter, the account
 * ('All' or one), and the end-date range, applied once both dates are chosen (spec 001 §5),
 * with a clear button; and the subscriptions over 80% of their data this month (usage alerts).
 * Memoised: a page arriving leaves the inputs alone.
 */
export const SubscriptionListFilters = memo(function SubscriptionListFilters({
  view,
  onChange,
  accounts,
}: SubscriptionListFiltersProps) {
  const [text, setText] = useState(view.query);

  // The box shows a click at once; the address (and the list) follow a moment later.
  const [over80, setOver80] = useState(view.usage === 'over80');

  // The address changed from elsewhere (back button, a shared link): show its values.
  useEffect(() => setText(view.query), [view.query]);
  useEffect(() => setOver80(view.usage === 'over80'), [view.usage]);

  const accountOptions = useMemo(
    () => [
      { value: ALL_ACCOUNTS, label: m.allAccounts },
      ...accounts.map((account) => ({ value: account.id, label: account.name })),
    ],
    [accounts],
  );

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={m.filtersLabel}>
      <TextInput
        label={m.search}
        placeholder={m.searchPlaceholder}
        // The text applies on Enter: said by the sign in the box, and to screen readers.
        description={<VisuallyHidden>{m.searchHint}</VisuallyHidden>}
        styles={{ description: { position: 'absolute' }, wrapper: { marginTop: 0 } }}
        rightSection={
          <Text span size="xs" c="dimmed" aria-hidden>
            ↵
          </Text>
        }
        type="search"
        value={text}
        leftSection={<Icon name="search" size={16} />}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          // spec 001 §2, §5: the text applies on Enter, and the page goes back to 1.
          if (event.key === 'Enter') onChange({ query: event.currentTarget.value.trim() });
        }}
        w={260}
        maxLength={LIST_MAX_TEXT}
      />
      <AccountSelect
        label={m.account}
        allLabel={m.allAccounts}
        nothingFound={m.noAccountMatches}
        options={accountOptions}
        value={view.accountId ?? ALL_ACCOUNTS}
        onChange={(value) => onChange({ accountId: value !== ALL_ACCOUNTS ? value : null })}
      />
      <Suspense fallback={<EndDateFallback />}>
        <EndDateFilter
          from={view.endFrom}
          to={view.endTo}
          onChange={(endFrom, endTo) => onChange({ endFrom, endTo })}
        />
      </Suspense>
      <Checkbox
        label={m.usageOver80}
        checked={over80}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          setOver80(checked);
          onChange({ usage: checked ? 'over80' : null });
        }}
        // Level with the middle of the inputs beside it (36 px high, the box 20 px).
        mb={8}
      />
    </Group>
  );
});
