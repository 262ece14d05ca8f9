import '@mantine/dates/styles.css';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { useEffect, useState } from 'react';
import { Icon } from '../../../components/ui/icons';
import { subscriptionMessages } from '../messages';

const m = subscriptionMessages.list;

/** A picker date ('YYYY-MM-DD' or a Date) as the view's day. */
function dayOf(value: string | Date | null): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

export interface EndDateFilterProps {
  from: string | null;
  to: string | null;
  /** Both days, or both null (cleared). */
  onChange: (from: string | null, to: string | null) => void;
}

/**
 * The end-date range of the subscriptions list (spec 001 §2): it filters once both dates are
 * chosen (spec 001 §5), and its clear button removes the filter.
 */
export function EndDateFilter({ from, to, onChange }: EndDateFilterProps) {
  const [range, setRange] = useState<DatesRangeValue<string>>([from, to]);
  // The address changed from elsewhere (back button, a shared link): show its dates.
  useEffect(() => setRange([from, to]), [from, to]);
  return (
    <DatePickerInput
      type="range"
      label={m.endDate}
      placeholder={m.endDatePlaceholder}
      valueFormat="YYYY-MM-DD"
      value={range}
      clearable
      clearButtonProps={{ 'aria-label': m.clearEndDate }}
      onChange={(next) => {
        const start = dayOf(next[0]);
        const end = dayOf(next[1]);
        setRange([start, end]);
        // Both dates, or none (cleared): a range with one end does not filter.
        if ((start && end) || (!start && !end)) onChange(start, end);
      }}
      leftSection={<Icon name="calendar" size={16} />}
      w={280}
    />
  );
}
