// The date pickers' styles come with the pages that show them, not on every first load.
import '@mantine/dates/styles.css';
import type { MetricGraph } from '@aerie/contract';
import { SimpleGrid } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useState } from 'react';
import { metricsMessages } from '../messages';
import { parsePickerDate } from '../utils/graph-form';

const g = metricsMessages.graph;

function toPickerValue(iso: string | null): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;
}

/** Start and end of a custom span; saved once both are set and in order. */
export function GraphCustomRange({
  graph,
  onChange,
}: {
  graph: MetricGraph;
  onChange: (graph: MetricGraph) => void;
}) {
  const [start, setStart] = useState(() => toPickerValue(graph.startDate));
  const [end, setEnd] = useState(() => toPickerValue(graph.endDate));
  const from = parsePickerDate(start);
  const to = parsePickerDate(end);
  const missing = Number.isNaN(from) || Number.isNaN(to);
  const error = missing
    ? metricsMessages.customDatesRequired
    : to <= from
      ? metricsMessages.customDatesOrder
      : null;

  const commit = (nextStart: string | null, nextEnd: string | null) => {
    const a = parsePickerDate(nextStart);
    const b = parsePickerDate(nextEnd);
    if (Number.isNaN(a) || Number.isNaN(b) || b <= a) return;
    onChange({
      ...graph,
      startDate: new Date(a).toISOString(),
      endDate: new Date(b).toISOString(),
    });
  };

  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <DateTimePicker
        size="xs"
        label={g.startDate}
        value={start}
        valueFormat="YYYY-MM-DD HH:mm"
        maxDate={end ?? new Date()}
        error={error && Number.isNaN(from) ? error : undefined}
        onChange={(value) => {
          setStart(value);
          commit(value, end);
        }}
      />
      <DateTimePicker
        size="xs"
        label={g.endDate}
        value={end}
        valueFormat="YYYY-MM-DD HH:mm"
        {...(start ? { minDate: start } : {})}
        error={error && !Number.isNaN(from) ? error : undefined}
        onChange={(value) => {
          setEnd(value);
          commit(start, value);
        }}
      />
    </SimpleGrid>
  );
}
