import { LIST_MAX_TEXT } from '@aerie/contract';
import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
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

/** Free text, account and online-state filters of the device list. */
export function DeviceListFilters({ view, onChange, accounts }: DeviceListFiltersProps) {
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

  const accountOptions = [
    { value: ALL, label: m.allAccounts },
    ...[...accounts]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((account) => ({ value: account.id, label: account.name })),
  ];

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
      <Select
        label={m.account}
        data={accountOptions}
        value={view.accountId ?? ALL}
        allowDeselect={false}
        searchable
        nothingFoundMessage={m.noAccountMatches}
        onChange={(value) => onChange({ accountId: value && value !== ALL ? value : null })}
        w={260}
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
    </Group>
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
