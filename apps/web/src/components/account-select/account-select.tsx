import { Select, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/** The option that stands for every account. */
export const ALL_ACCOUNTS = 'all';

export interface AccountSelectProps {
  label: string;
  /** The label of {@link ALL_ACCOUNTS} ('All'). */
  allLabel: string;
  nothingFound: string;
  /** The options, {@link ALL_ACCOUNTS} first. */
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  /** Said to screen readers only (what choosing an account includes). */
  description?: string;
  w?: number;
}

/**
 * A list's account filter: searchable, and typing while "All" is chosen starts a new search
 * (the input does not read "Allnorth"): the search is emptied when the list opens on "All",
 * and "All" is dropped from the front of what was typed without opening it.
 */
export function AccountSelect({
  label,
  allLabel,
  nothingFound,
  options,
  value,
  onChange,
  description,
  w = 260,
}: AccountSelectProps) {
  const selectedLabel = options.find((o) => o.value === value)?.label ?? allLabel;
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
      label={label}
      data={options}
      value={value}
      allowDeselect={false}
      searchable
      searchValue={search}
      placeholder={allLabel}
      onSearchChange={(next) => {
        const typedAfterAll =
          value === ALL_ACCOUNTS &&
          next.startsWith(allLabel) &&
          !options.some((o) => o.label === next);
        update(typedAfterAll ? next.slice(allLabel.length) : next);
      }}
      onDropdownOpen={() => {
        if (value === ALL_ACCOUNTS && latest.current === allLabel) update('');
      }}
      nothingFoundMessage={nothingFound}
      onChange={(next) => {
        if (next) onChange(next);
      }}
      {...(description
        ? {
            description: <VisuallyHidden>{description}</VisuallyHidden>,
            // Out of the flow, with no gap for it: the select lines up with the other filters.
            styles: { description: { position: 'absolute' }, wrapper: { marginTop: 0 } },
          }
        : {})}
      w={w}
    />
  );
}
