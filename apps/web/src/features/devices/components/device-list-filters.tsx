import { deviceStates, LIST_MAX_TEXT, type DeviceState } from '@aerie/contract';
import { Group, Select, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { Icon } from '../../../components/ui/icons';
import { deviceMessages } from '../messages';
import type { DeviceListView, OnlineFilter } from '../utils/device-list-view';
import type { UpdateDeviceListView } from '../hooks/use-device-list-view';

const m = deviceMessages.list;
const ALL = 'all';
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

interface AccountSelectProps {
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}

/**
 * The account filter: searchable, and typing while "All" is chosen starts a new search (the
 * input does not read "Allnorth"): the search is emptied when the list opens on "All", and
 * "All" is dropped from the front of what was typed without opening it.
 */
function AccountSelect({ options, value, onChange }: AccountSelectProps) {
  const selectedLabel = options.find((o) => o.value === value)?.label ?? m.allAccounts;
  const [search, setSearch] = useState(selectedLabel);
  // The search as last set, for the dropdown's open event of the same keystroke.
  const latest = useRef(search);
  const update = (next: string) => {
    latest.current = next;
    setSearch(next);
  };
  useEffect(() => {
    latest.current = selectedLabel;
    setSearch(selectedLabel);
  }, [selectedLabel]);

  return (
    <Select
      label={m.account}
      data={options}
      value={value}
      allowDeselect={false}
      searchable
      searchValue={search}
      placeholder={m.allAccounts}
      onSearchChange={(next) => {
        const typedAfterAll =
          value === ALL && next.startsWith(m.allAccounts) && !options.some((o) => o.label === next);
        update(typedAfterAll ? next.slice(m.allAccounts.length) : next);
      }}
      onDropdownOpen={() => {
        if (value === ALL && latest.current === m.allAccounts) update('');
      }}
      nothingFoundMessage={m.noAccountMatches}
      onChange={(next) => {
        if (next) onChange(next);
      }}
      description={<VisuallyHidden>{m.accountIncludesSubAccounts}</VisuallyHidden>}
      // Out of the flow, with no gap for it: the select lines up with the other filters.
      styles={{ description: { position: 'absolute' }, wrapper: { marginTop: 0 } }}
      w={260}
    />
  );
}

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
