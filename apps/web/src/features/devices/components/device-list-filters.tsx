import { deviceStates, LIST_MAX_TEXT, type DeviceState } from '@aerie/contract';
import { Group, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { AccountSelect, ALL_ACCOUNTS } from '../../../components/account-select/account-select';
import { Icon } from '../../../components/ui/icons';
import { deviceMessages } from '../messages';
import type { DeviceListView, OnlineFilter } from '../utils/device-list-view';
import type { UpdateDeviceListView } from '../hooks/use-device-list-view';

const m = deviceMessages.list;
const ALL = ALL_ACCOUNTS;
/** Typing waits this long before the list asks the server. */
export const DEVICE_SEARCH_DEBOUNCE_MS = 350;

export interface DeviceListAccount {
  id: string;
  name: string;
}

export interface DeviceListFiltersProps {
  view: DeviceListView;
  onChange: UpdateDeviceListView;
  /** The accounts the user can see (spec 001 §2 account filter). */
  accounts: readonly DeviceListAccount[];
}

const onlineOptions = (['any', 'online', 'offline'] as const).map((value) => ({
  value,
  label: m.onlineFilter[value],
}));

const stateOptions = [
  { value: ALL, label: m.stateFilter.any },
  ...deviceStates.map((value) => ({ value, label: m.stateFilter[value] })),
];

/**
 * Free text, account, online-state and device-state filters of the device list. Memoised: a
 * page of devices arriving (a synchronous render of the list) leaves the four inputs and their
 * comboboxes alone (issue 13, blocking time).
 */
export const DeviceListFilters = memo(function DeviceListFilters({
  view,
  onChange,
  accounts,
}: DeviceListFiltersProps) {
  const [text, setText] = useState(view.query);
  const typed = useRef(view.query);
  const search = useDebouncedCallback((value: string) => {
    onChange({ query: value }, { replace: true });
  }, DEVICE_SEARCH_DEBOUNCE_MS);

  // The address changed from elsewhere (back button, a shared link): show its text.
  useEffect(() => {
    if (view.query !== typed.current.trim()) {
      typed.current = view.query;
      setText(view.query);
    }
  }, [view.query]);

  // NOTE: `GET /v2/accounts` answers by name (the database's order): sorting again here cost a
  // phone 86 ms of its first render with the demo's accounts (issue 13, total blocking time).
  const accountOptions = useMemo(
    () => [
      { value: ALL, label: m.allAccounts },
      ...accounts.map((account) => ({ value: account.id, label: account.name })),
    ],
    [accounts],
  );

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={m.filtersLabel}>
      <TextInput
        label={m.search}
        placeholder={m.searchPlaceholder}
        type="search"
        value={text}
        leftSection={<Icon name="search" size={16} />}
        onChange={(event) => {
          const value = event.currentTarget.value;
          typed.current = value;
          setText(value);
          search(value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') search.flush();
        }}
        w={240}
        maxLength={LIST_MAX_TEXT}
      />
      <AccountSelect
        label={m.account}
        allLabel={m.allAccounts}
        nothingFound={m.noAccountMatches}
        description={m.accountIncludesSubAccounts}
        options={accountOptions}
        value={view.accountId ?? ALL}
        onChange={(value) => onChange({ accountId: value !== ALL ? value : null })}
      />
      <OnlineSelect
        label={m.satellite}
        value={view.satellite}
        onChange={(satellite) => onChange({ satellite })}
      />
      <OnlineSelect
        label={m.cellular}
        value={view.cellular}
        onChange={(cellular) => onChange({ cellular })}
      />
      <Select
        label={m.state}
        data={stateOptions}
        value={view.state ?? ALL}
        allowDeselect={false}
        onChange={(next) => {
          const state = deviceStates.find((s) => s === next) ?? null;
          onChange({ state: state satisfies DeviceState | null });
        }}
        w={170}
      />
      {/* Shown beside the filters, not under the select, so the row keeps its height; the
          select's own (visually hidden) description says it to screen readers. */}
      <Text size="xs" c="dimmed" pb={8} aria-hidden>
        {m.accountIncludesSubAccounts}
      </Text>
    </Group>
  );
});

interface OnlineSelectProps {
  label: string;
  value: OnlineFilter;
  onChange: (value: OnlineFilter) => void;
}

function OnlineSelect({ label, value, onChange }: OnlineSelectProps) {
  return (
    <Select
      label={label}
      data={onlineOptions}
      value={value}
      allowDeselect={false}
      onChange={(next) => {
        const option = onlineOptions.find((o) => o.value === next);
        if (option) onChange(option.value);
      }}
      w={140}
    />
  );
}
