// The date pickers' styles come with the pages that show them, not on every first load.
import '@mantine/dates/styles.css';
import type { LogType } from '@aerie/contract';
import {
  Button,
  Checkbox,
  Group,
  Loader,
  RangeSlider,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { logMessages as m } from './log-messages';
import { formatUtc } from './log-time';

/** What the form holds before Search applies it. */
export interface LogSearchDraft {
  logTypes: LogType[];
  /** The date range (ms); null until the logs' range has loaded. */
  range: [number, number] | null;
  text: string;
  mode: 'highlight' | 'filter';
}

export interface LogSearchFormProps {
  draft: LogSearchDraft;
  onChange: (draft: LogSearchDraft) => void;
  /** The logs' first and last time; null while loading or when they have none. */
  bounds: [number, number] | null;
  datesLoading: boolean;
  onSearch: () => void;
  /** Shown only after a filter search (spec 001 §2). */
  onDownload: (() => void) | null;
  busy: boolean;
  downloading: boolean;
}

/** Spec 001 §9: the slider moves by a minute. */
const SLIDER_STEP_MS = 60_000;

const toPicker = (ms: number) => formatUtc(ms).slice(0, 19);
const fromPicker = (value: string | null) =>
  value ? Date.parse(`${value.replace(' ', 'T')}Z`) : Number.NaN;

/**
 * The Search report's controls (spec 001 §2): Syslog and Debug, the date range (pickers in
 * UTC and a slider by the minute), the search text, Highlight or Filter, Search and, after a
 * filter search, Download. The start picker ends at the end date and the end picker starts at
 * the start date; a start past the end moves the end to it (§5).
 */
export function LogSearchForm({
  draft,
  onChange,
  bounds,
  datesLoading,
  onSearch,
  onDownload,
  busy,
  downloading,
}: LogSearchFormProps) {
  const range = draft.range;
  const setRange = (start: number, end: number) => {
    if (!bounds || Number.isNaN(start) || Number.isNaN(end)) return;
    const a = Math.min(Math.max(start, bounds[0]), bounds[1]);
    const b = Math.min(Math.max(end, bounds[0]), bounds[1]);
    // A start past the end collapses the range to the start.
    onChange({ ...draft, range: [a, Math.max(a, b)] });
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      <Stack gap="sm">
        <Group align="flex-end" gap="lg" wrap="wrap">
          <Checkbox.Group
            label={m.logTypes}
            value={draft.logTypes}
            onChange={(value) => onChange({ ...draft, logTypes: value })}
          >
            <Group gap="md" mt={6}>
              <Checkbox value="syslog" label={m.syslog} />
              <Checkbox value="debug" label={m.debug} />
            </Group>
          </Checkbox.Group>
          <SegmentedControl
            aria-label={m.mode}
            value={draft.mode}
            onChange={(value) => onChange({ ...draft, mode: value })}
            data={[
              { value: 'highlight', label: m.highlight },
              { value: 'filter', label: m.filter },
            ]}
          />
        </Group>
        {datesLoading ? (
          <Group gap="xs">
            <Loader size="xs" role="status" aria-label={m.loadingDates} />
            <Text size="sm" c="dimmed">
              {m.loadingDates}
            </Text>
          </Group>
        ) : bounds && range ? (
          <Stack gap={6}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <DateTimePicker
                size="xs"
                label={m.from}
                withSeconds
                valueFormat="YYYY-MM-DD HH:mm:ss"
                value={toPicker(range[0])}
                minDate={toPicker(bounds[0])}
                maxDate={toPicker(range[1])}
                onChange={(value) => {
                  const start = fromPicker(value);
                  setRange(start, Math.max(start, range[1]));
                }}
              />
              <DateTimePicker
                size="xs"
                label={m.to}
                withSeconds
                valueFormat="YYYY-MM-DD HH:mm:ss"
                value={toPicker(range[1])}
                minDate={toPicker(range[0])}
                maxDate={toPicker(bounds[1])}
                onChange={(value) => setRange(range[0], fromPicker(value))}
              />
            </SimpleGrid>
            <RangeSlider
              aria-label={m.range}
              thumbFromLabel={m.rangeStart}
              thumbToLabel={m.rangeEnd}
              min={bounds[0]}
              max={Math.max(bounds[1], bounds[0] + SLIDER_STEP_MS)}
              step={SLIDER_STEP_MS}
              minRange={0}
              value={range}
              label={(v) => formatUtc(v).slice(0, 16)}
              onChange={([a, b]) => setRange(a, b)}
            />
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {m.noDates}
          </Text>
        )}
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={m.searchText}
            description={m.searchHint}
            value={draft.text}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => onChange({ ...draft, text: event.currentTarget.value })}
          />
          <Button type="submit" loading={busy}>
            {m.search}
          </Button>
          {onDownload ? (
            <Button variant="default" onClick={onDownload} loading={downloading}>
              {m.download}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
