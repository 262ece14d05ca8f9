// The date pickers' styles come with the pages that show them, not on every first load.
import '@mantine/dates/styles.css';
import { Button, Group, Input, RangeSlider, Stack } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { reportMessages } from '../messages';
import { formatUtc, parsePickerUtc, toPickerUtc } from './utc-time';

const m = reportMessages.range;

/** Spec 001 §9: the slider moves by a minute; charts follow a change after 100 ms. */
const SLIDER_STEP_MS = 60_000;
const CHART_DEBOUNCE_MS = 100;

export interface TimeSpan {
  start: number;
  end: number;
}

export interface DateRangeControlProps {
  /** The whole log. */
  bounds: TimeSpan;
  /** The range shown. */
  value: TimeSpan;
  /** A new range, after the debounce; null: the whole log again (Reset). */
  onChange: (value: TimeSpan | null) => void;
}

/** The slider's ends: the log's first and last minute, whole minutes apart (its step). */
function sliderBounds(bounds: TimeSpan): TimeSpan {
  const start = Math.floor(bounds.start / SLIDER_STEP_MS) * SLIDER_STEP_MS;
  const end = Math.max(
    start + SLIDER_STEP_MS,
    Math.ceil(bounds.end / SLIDER_STEP_MS) * SLIDER_STEP_MS,
  );
  return { start, end };
}

/**
 * The tracking and metrics reports' date range (spec 001 §2): a slider over the whole log in
 * steps of a minute, From and To pickers (UTC), and Reset. The charts ask the server again for
 * a new range once it has stopped moving for 100 ms.
 */
export function DateRangeControl({ bounds, value, onChange }: DateRangeControlProps) {
  const slider = sliderBounds(bounds);
  const [draft, setDraft] = useState<[number, number]>([value.start, value.end]);
  useEffect(() => setDraft([value.start, value.end]), [value.start, value.end]);
  const commit = useDebouncedCallback((next: TimeSpan) => onChange(next), CHART_DEBOUNCE_MS);

  const clamp = (t: number) => Math.min(bounds.end, Math.max(bounds.start, t));
  const change = (next: [number, number]) => {
    setDraft(next);
    commit({ start: clamp(next[0]), end: clamp(next[1]) });
  };
  const whole = value.start <= bounds.start && value.end >= bounds.end;

  return (
    <Stack gap="xs" style={{ flex: 1, minWidth: 280 }}>
      <Input.Label component="div" id="series-range-label">
        {m.label}
      </Input.Label>
      <RangeSlider
        aria-labelledby="series-range-label"
        min={slider.start}
        max={slider.end}
        step={SLIDER_STEP_MS}
        minRange={SLIDER_STEP_MS}
        value={[Math.max(slider.start, draft[0]), Math.min(slider.end, draft[1])]}
        onChange={change}
        label={(v) => formatUtc(v)}
        thumbFromLabel={m.fromThumb}
        thumbToLabel={m.toThumb}
        thumbValueText={(v) => `${formatUtc(v)} UTC`}
        mx="xs"
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <DateTimePicker
          size="xs"
          label={m.from}
          value={toPickerUtc(draft[0])}
          valueFormat="YYYY-MM-DD HH:mm"
          withSeconds={false}
          onChange={(v) => {
            const t = parsePickerUtc(v);
            if (!Number.isNaN(t) && t <= draft[1]) change([clamp(t), draft[1]]);
          }}
        />
        <DateTimePicker
          size="xs"
          label={m.to}
          value={toPickerUtc(draft[1])}
          valueFormat="YYYY-MM-DD HH:mm"
          withSeconds={false}
          onChange={(v) => {
            const t = parsePickerUtc(v);
            if (!Number.isNaN(t) && t >= draft[0]) change([draft[0], clamp(t)]);
          }}
        />
        <Button
          size="xs"
          variant="default"
          disabled={whole}
          title={m.resetLabel}
          onClick={() => {
            commit.cancel?.();
            setDraft([bounds.start, bounds.end]);
            onChange(null);
          }}
        >
          {m.reset}
        </Button>
      </Group>
    </Stack>
  );
}
